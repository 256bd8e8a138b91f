import QuillModels

/// `manifest.json`: what a Quill archive contains, with a SHA-256 per entry.
///
/// Exists so that an import can prove that every note the exporter wrote arrived intact and
/// that nothing was added or removed, beyond what gzip's CRC already checks. Written by
/// `ManifestBuilder`, read by `ManifestParser`, checked against the archive by `ManifestCheck`.
enum ArchiveManifest {
    static let currentFormat = 1

    struct Entry: Equatable {
        var path: String
        var sha256: String
        var bytes: Int64
    }
}

/// Writes `manifest.json` entry by entry as compact JSON bytes (keys sorted, one entry per line).
///
/// Exists so that exporting 100,000 notes keeps about 170 bytes per note for the manifest
/// instead of building the whole document as objects for `JSONEncoder` at the end.
struct ManifestBuilder {
    private var entries: [UInt8] = []
    private(set) var noteCount = 0

    mutating func add(path: String, content: [UInt8]) {
        if noteCount > 0 { entries.append(contentsOf: ",\n".utf8) }
        let line = "{\"bytes\":\(content.count),\"path\":\(JSONString.quote(path)),\"sha256\":\"\(SHA256Hex.of(content))\"}"
        entries.append(contentsOf: line.utf8)
        noteCount += 1
    }

    /// The manifest's size in bytes, before it is written.
    var byteCount: Int { prefix.count + entries.count + suffix.count }

    /// Hands the manifest on in slices of at most `sliceBytes`, so that writing it out never
    /// copies the whole document.
    func write(sliceBytes: Int, _ emit: (ArraySlice<UInt8>) async throws -> Void) async throws {
        try await emit(prefix[...])
        var start = 0
        while start < entries.count {
            let end = min(entries.count, start + sliceBytes)
            try await emit(entries[start..<end])
            start = end
        }
        try await emit(suffix[...])
    }

    private var prefix: [UInt8] { Array("{\"entries\":[\n".utf8) }
    private var suffix: [UInt8] {
        Array("\n],\"format\":\(ArchiveManifest.currentFormat),\"generator\":\"quill\",\"noteCount\":\(noteCount)}\n".utf8)
    }
}
