import AttachmentStoreInterface
import Crypto
import QuillModels
import SyncTransportInterface

/// Moves the attachments that synced notes refer to, after the notes themselves: sends those the
/// server lacks, fetches those this device lacks (docs/attachments.md).
///
/// A piece at a time both ways, so memory stays flat whatever the size. An upload stopped
/// midway continues where the server says it stopped (`RemoteAttachment.partial`); a download
/// is checked against its hash before it is kept, and bytes that do not match are dropped.
struct AttachmentLane {
    let store: any AttachmentStoring
    let transport: any SyncTransport
    let retrier: Retrier

    /// Bytes per request.
    static let pieceBytes = 4 << 20

    /// The attachments these notes refer to, in order, each once; deleted notes refer to none.
    static func references(in notes: [Note]) -> [AttachmentHash] {
        var seen = Set<AttachmentHash>()
        return notes.filter { !$0.isDeleted }.flatMap { AttachmentReference.scan($0.body).map(\.hash) }.filter { seen.insert($0).inserted }
    }

    /// Sends the attachment unless the server holds it whole; `true` once it does (or when this
    /// device does not hold it either, so there is nothing to send), `false` to try again later.
    ///
    /// One that fits in a request is sent whole without asking first: the server answers a
    /// duplicate without reading it, and only an upload it holds part of is refused (409), which
    /// sends the rest as below. A larger one asks first (`HEAD`) where to continue from.
    func send(_ hash: AttachmentHash, size: Int64?) async throws -> Bool {
        guard let size, let reader = try store.open(hash) else { return true }
        if size > 0, size <= Int64(Self.pieceBytes) {
            let whole = try Self.read(from: reader, upTo: Int(size))
            do {
                let answer = try await retrier.run { try await transport.uploadAttachment(hash, bytes: whole, offset: 0, total: size) }
                if case .whole = answer { return true }
                return false
            } catch SyncError.rejected(409, _, _) {
                guard let reopened = try store.open(hash) else { return true }
                return try await send(hash, size: size, from: reopened)
            }
        }
        return try await send(hash, size: size, from: reader)
    }

    /// Sends the rest of the attachment from where the server says it stopped.
    private func send(_ hash: AttachmentHash, size: Int64, from reader: any AttachmentReading) async throws -> Bool {
        var offset: Int64
        switch try await retrier.run({ try await transport.attachment(hash) }) {
        case .whole: return true
        case .partial(let received): offset = received
        case .absent: offset = 0
        }
        var skipped: Int64 = 0
        while skipped < offset {
            let piece = try Self.read(from: reader, upTo: Int(min(Int64(Self.pieceBytes), offset - skipped)))
            guard !piece.isEmpty else { return false }
            skipped += Int64(piece.count)
        }
        repeat {
            // No larger than what is left: a buffer of a whole piece for a file of a few KiB
            // was most of the cost of sending it.
            let piece = try Self.read(from: reader, upTo: Int(max(0, min(Int64(Self.pieceBytes), size - offset))))
            let at = offset
            let answer: RemoteAttachment
            do {
                answer = try await retrier.run { try await transport.uploadAttachment(hash, bytes: piece, offset: at, total: size) }
            } catch SyncError.rejected(409, _, _) {
                return false // a retried piece had arrived after all: the next sync continues from the server's count
            }
            switch answer {
            case .whole: return true
            case .partial(let received): offset = received
            case .absent: return false
            }
            if piece.isEmpty { return false }
        } while offset < size
        return false
    }

    /// Fetches the attachment unless this device holds it; `true` once it does, `false` while
    /// the server does not hold it whole (the device that has it has not sent it yet).
    func fetch(_ hash: AttachmentHash) async throws -> Bool {
        guard case .whole(let size) = try await retrier.run({ try await transport.attachment(hash) }) else { return false }
        let writer = try store.begin()
        var hasher = SHA256()
        var offset: Int64 = 0
        do {
            while offset < size {
                let at = offset
                let bytes = try await retrier.run {
                    try await transport.downloadAttachment(hash, offset: at, count: Int(min(Int64(Self.pieceBytes), size - at)))
                }
                guard !bytes.isEmpty else { throw SyncError.badResponse("attachment \(hash.short) ended after \(offset) of \(size) bytes") }
                hasher.update(data: bytes)
                try bytes.withUnsafeBytes { try writer.write($0) }
                offset += Int64(bytes.count)
            }
            guard AttachmentHash(digest: hasher.finalize()) == hash else {
                throw SyncError.badResponse("attachment \(hash.short) arrived with bytes that do not match its SHA-256; it was not kept")
            }
            _ = try writer.commit(as: hash)
        } catch {
            writer.abandon()
            throw error
        }
        return true
    }

    private static func read(from reader: any AttachmentReading, upTo count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return [] }
        var filled = 0
        while filled < count {
            let read = try bytes.withUnsafeMutableBytes { buffer in
                try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            }
            if read == 0 { break }
            filled += read
        }
        if filled < count { bytes.removeSubrange(filled...) }
        return bytes
    }
}
