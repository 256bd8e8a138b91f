import ByteStreamInterface
import CompressionInterface
import Crypto
import QuillModels

/// Reads a whole archive and validates everything in it before anything is imported: gzip
/// integrity, tar structure, every note, and the manifest's hashes.
///
/// Exists so that import and verify share one strict reading, and so that an import only
/// ever starts writing once the entire archive is known to be good.
struct ArchiveReader {
    let decompression: any Decompressing
    let limits: ArchiveLimits

    func read(_ source: any ByteSource, progress: (ArchiveProgress) -> Void) throws(ArchiveError) -> ArchiveContents {
        let decompressor: any Decompressor
        do { decompressor = try decompression.makeDecompressor(limits: limits.decompression) } catch {
            throw .compression(error, entry: nil)
        }
        let input = DecompressingReader(source: source, decompressor: decompressor)
        var tar = TarReader(input: input, limits: limits)
        var contents = ArchiveContents()
        var hashes: [String: (sha256: String, bytes: Int64)] = [:]
        var entryOfID: [NoteID: String] = [:]
        var manifest: (entry: String, value: ArchiveManifest)?
        var seen = Set<String>()
        while let entry = try tar.next() {
            guard entry.kind == .file else { continue }
            guard seen.insert(entry.path).inserted else { throw .duplicateEntry(entry: entry.path) }
            let name = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
            if name == ArchiveLayout.manifestName, entry.path.split(separator: "/").count <= 2 {
                let bytes = try tar.readContent(of: entry, limit: limits.maximumManifestBytes)
                manifest = (entry.path, try ArchiveManifest.decode(bytes, entry: entry.path))
                continue
            }
            guard Self.isMarkdown(name) else {
                contents.skippedEntries.append(entry.path)
                continue
            }
            let bytes = try tar.readContent(of: entry, limit: limits.maximumNoteEntryBytes)
            hashes[entry.path] = (Self.sha256(bytes), Int64(bytes.count))
            let item = try Self.item(entry: entry.path, name: name, bytes: bytes)
            if case .note(let note) = item.incoming {
                if let first = entryOfID[note.id] { throw .duplicateNoteID(entry: entry.path, id: note.id, firstEntry: first) }
                entryOfID[note.id] = entry.path
            }
            contents.items.append(item)
            progress(ArchiveProgress(notesDone: contents.items.count, notesTotal: nil, bytesDone: input.offset))
        }
        contents.uncompressedBytes = input.offset
        if let manifest {
            try Self.verify(manifest.value, entry: manifest.entry, hashes: hashes, contents: contents)
            contents.manifestVerified = true
        }
        return contents
    }

    static func isMarkdown(_ name: String) -> Bool {
        let lower = name.lowercased()
        return (lower.hasSuffix(".md") || lower.hasSuffix(".markdown")) && !name.hasPrefix("._")
    }

    /// Lowercase hexadecimal SHA-256 (64 characters).
    static func sha256(_ bytes: [UInt8]) -> String {
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func item(entry: String, name: String, bytes: [UInt8]) throws(ArchiveError) -> ArchiveContents.Item {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8(entry: entry, part: "content") }
        switch try FrontMatter.parse(text, entry: entry) {
        case .note(let note):
            return ArchiveContents.Item(entry: entry, incoming: .note(note))
        case .plain:
            guard text.utf8.count <= NoteLimits.maximumBodyBytes else {
                throw .invalidNote(entry: entry, reason: NoteValidationError.bodyTooLarge(bytes: text.utf8.count).description)
            }
            return ArchiveContents.Item(entry: entry, incoming: .plain(title: PlainMarkdown.title(of: text, fileName: name), body: text))
        }
    }

    private static func verify(_ manifest: ArchiveManifest, entry: String, hashes: [String: (sha256: String, bytes: Int64)],
                               contents: ArchiveContents) throws(ArchiveError) {
        guard manifest.noteCount == contents.items.count else {
            throw .manifest(entry: entry, reason: "the manifest lists \(manifest.noteCount) notes but the archive has \(contents.items.count)")
        }
        var listed = Set<String>()
        for item in manifest.entries {
            listed.insert(item.path)
            guard let actual = hashes[item.path] else {
                throw .manifest(entry: item.path, reason: "listed in the manifest but missing from the archive")
            }
            guard actual.sha256 == item.sha256.lowercased(), actual.bytes == item.bytes else {
                throw .manifest(entry: item.path, reason: "content does not match the manifest's SHA-256")
            }
        }
        if let extra = hashes.keys.first(where: { !listed.contains($0) }) {
            throw .manifest(entry: extra, reason: "present in the archive but not listed in the manifest")
        }
        if let plain = contents.items.first(where: { if case .plain = $0.incoming { true } else { false } }) {
            throw .invalidNote(entry: plain.entry, reason: "a Quill archive (with a manifest) must have front matter in every note")
        }
    }
}
