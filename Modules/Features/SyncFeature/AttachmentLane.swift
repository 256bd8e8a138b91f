import StandardInterfaces
import Crypto
import QuillModels
import SyncTransportInterface

/// Moves the attachments that synced notes refer to, after the notes themselves: sends those the
/// server lacks, fetches those this device lacks (docs/attachments.md).
///
/// One request each way, streamed a piece at a time, so memory stays flat whatever the size and
/// the server hashes an upload as it arrives. An upload stopped midway continues where the
/// server says it stopped (`RemoteAttachment.partial`); a download is checked against its hash
/// before it is kept, and bytes that do not match are dropped.
struct AttachmentLane {
    let store: any AttachmentStoring
    let transport: any SyncTransport
    let retrier: Retrier

    /// The largest attachment sent from memory, in one request without asking first.
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
            let whole = try ReaderUploadSource.read(from: reader, upTo: Int(size))
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

    /// Sends the rest of the attachment in one request, from where the server says it stopped;
    /// a request cut midway is retried from where the server's copy then ends.
    private func send(_ hash: AttachmentHash, size: Int64, from reader: sending any AttachmentReading) async throws -> Bool {
        var source = ReaderUploadSource(reader)
        return try await retrier.run {
            let offset: Int64
            switch try await transport.attachment(hash) {
            case .whole: return true
            case .partial(let received): offset = received
            case .absent: offset = 0
            }
            if source.position > offset {
                guard let reopened = try store.open(hash) else { return true }
                source = ReaderUploadSource(reopened)
            }
            guard try source.skip(to: offset) else { return false }
            let answer: RemoteAttachment
            do {
                answer = try await transport.uploadAttachment(hash, from: source, offset: offset, count: size - offset, total: size)
            } catch SyncError.rejected(409, _, _) {
                return false // another upload of it moved on meanwhile: the next sync continues from the server's count
            }
            if case .whole = answer { return true }
            return false
        }
    }

    /// Fetches the attachment unless this device holds it; `true` once it does, `false` while
    /// the server does not hold it whole (the device that has it has not sent it yet).
    ///
    /// One request streams it, each piece hashed and written as it arrives; one cut midway is
    /// retried from the byte where it stopped.
    func fetch(_ hash: AttachmentHash) async throws -> Bool {
        guard case .whole(let size) = try await retrier.run({ try await transport.attachment(hash) }) else { return false }
        let writer = try store.begin()
        var hasher = SHA256()
        var offset: Int64 = 0
        do {
            try await retrier.run {
                try await transport.downloadAttachment(hash, from: offset) { bytes in
                    guard offset + Int64(bytes.count) <= size else {
                        throw SyncError.badResponse("attachment \(hash.short) is longer than the \(size) bytes the server said")
                    }
                    hasher.update(bufferPointer: bytes)
                    try writer.write(bytes)
                    offset += Int64(bytes.count)
                }
                guard offset == size else { throw SyncError.badResponse("attachment \(hash.short) ended after \(offset) of \(size) bytes") }
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
}
