import QuillModels
import StandardInterfaces
import Synchronization

/// Where an export reads the attachments its notes refer to, a piece at a time: a device's
/// attachment store (`StoredExportedAttachments`, what `quill export` reads) or an account's on the
/// server (`GET /v1/export`), so that both write the same archive.
///
/// Exists because the device's store is read without waiting (`AttachmentStoring`) and the
/// server's with (`ServerAttachmentRepository`); an export waits between pieces anyway, for its
/// sink, so this port waits too and both stores meet it.
public protocol ExportedAttachments: Sendable {
    /// The size of the attachment held whole under `hash`; `nil` if it is not held (whole).
    func size(of hash: AttachmentHash) async throws -> Int64?
    /// The attachment's bytes, in order: `body` is called with each piece.
    func read(_ hash: AttachmentHash, _ body: (ArraySlice<UInt8>) async throws -> Void) async throws
}

/// A device's attachment store as an export reads it: the sizes listed once, the bytes read a
/// mebibyte at a time.
public final class StoredExportedAttachments: ExportedAttachments {
    private let store: any AttachmentStoring
    private let sizes = Mutex<[AttachmentHash: Int64]?>(nil)

    public init(_ store: any AttachmentStoring) {
        self.store = store
    }

    public func size(of hash: AttachmentHash) throws -> Int64? {
        if let known = sizes.withLock({ $0 }) { return known[hash] }
        let listed = Dictionary(try store.all().map { ($0.hash, $0.size) }, uniquingKeysWith: { first, _ in first })
        sizes.withLock { $0 = listed }
        return listed[hash]
    }

    public func read(_ hash: AttachmentHash, _ body: (ArraySlice<UInt8>) async throws -> Void) async throws {
        guard let reader = try store.open(hash) else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return }
            try await body(buffer[0..<count])
        }
    }
}
