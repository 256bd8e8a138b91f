import Foundation
import QuillModels

/// `manifest.json`: what a Quill archive contains, with a SHA-256 per entry.
///
/// Exists so that an import can prove that every note the exporter wrote arrived intact and
/// that nothing was added or removed, beyond what gzip's CRC already checks.
struct ArchiveManifest: Codable, Equatable {
    static let currentFormat = 1

    struct Entry: Codable, Equatable {
        var path: String
        var sha256: String
        var bytes: Int64
    }

    var format: Int
    var generator: String
    var noteCount: Int
    var entries: [Entry]

    func encoded() throws -> Data {
        try NoteJSON.encoder.encode(self)
    }

    static func decode(_ bytes: [UInt8], entry: String) throws(ArchiveError) -> ArchiveManifest {
        let manifest: ArchiveManifest
        do {
            manifest = try JSONDecoder().decode(ArchiveManifest.self, from: Data(bytes))
        } catch {
            throw .manifest(entry: entry, reason: "malformed manifest: \(error)")
        }
        guard (1...currentFormat).contains(manifest.format) else {
            throw .manifest(entry: entry, reason: "manifest format \(manifest.format) is newer than this quill understands; upgrade quill")
        }
        return manifest
    }
}
