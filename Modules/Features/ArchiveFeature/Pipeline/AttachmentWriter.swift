import StandardInterfaces
import Crypto
import QuillModels

/// Writes each attachment a note refers to into the archive, the first time a note refers to
/// it: streamed from the store a piece at a time, hashed on the way, listed in the manifest.
///
/// Exists so that an archive carries every attachment once, in constant memory, and never
/// carries bytes that no longer match their hash: a damaged attachment stops the export with
/// its hash, and one whose bytes are not on this device is left out and counted.
struct AttachmentWriter {
    private let store: (any ExportedAttachments)?
    private let modified: Int64
    private var done = Set<AttachmentHash>()
    private(set) var written = 0
    private(set) var missing = 0

    init(store: (any ExportedAttachments)?, modified: Int64) {
        self.store = store
        self.modified = modified
    }

    /// Writes the note's attachments not written yet; returns the tar bytes added.
    mutating func write(referencedBy note: Note, to output: CompressedOutput, manifest: inout ManifestBuilder) async throws -> Int64 {
        guard let store else { return 0 }
        var total: Int64 = 0
        for reference in AttachmentReference.scan(note.body) where done.insert(reference.hash).inserted {
            guard let size = try await store.size(of: reference.hash) else {
                missing += 1
                continue
            }
            let name = AttachmentName.safe(reference.name)
            var tar: [UInt8] = []
            TarWriter.appendFileHeader(AttachmentEntry.path(hash: reference.hash, name: name),
                                       fallbackPath: AttachmentEntry.fallbackPath(hash: reference.hash),
                                       size: size, modified: modified, to: &tar)
            output.append(tar)
            let headerBytes = Int64(tar.count)
            var hasher = SHA256()
            var read: Int64 = 0
            try await store.read(reference.hash) { piece in
                guard read + Int64(piece.count) <= size else { throw ArchiveError.damagedAttachment(reference.hash.hex) }
                read += Int64(piece.count)
                hasher.update(data: piece)
                output.append(piece)
                try await output.flushIfFull()
            }
            guard read == size, AttachmentHash(digest: hasher.finalize()) == reference.hash else {
                throw ArchiveError.damagedAttachment(reference.hash.hex)
            }
            tar.removeAll(keepingCapacity: true)
            TarWriter.appendPadding(afterContentOf: size, to: &tar)
            output.append(tar)
            try manifest.addAttachment(path: AttachmentEntry.path(hash: reference.hash, name: name), size: size, sha256: reference.hash.hex)
            total += headerBytes + size + Int64(tar.count)
            written += 1
        }
        return total
    }
}
