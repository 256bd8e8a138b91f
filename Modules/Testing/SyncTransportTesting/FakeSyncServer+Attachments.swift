import QuillModels
import SyncTransportInterface

/// The attachment operations, with the real server's rules: an upload continues where what
/// arrived ends, and is whole only once its bytes hash to its name (`attachmentDigest`); a server
/// whose info does not say it keeps attachments answers as one that has no such routes (404).
extension FakeSyncServer {
    public func attachment(_ hash: AttachmentHash) async throws(SyncError) -> RemoteAttachment {
        try requireAttachments()
        guard let stored = attachments[hash] else { return .absent }
        return stored.whole ? .whole(size: Int64(stored.bytes.count)) : .partial(received: Int64(stored.bytes.count))
    }

    public func uploadAttachment(_ hash: AttachmentHash, from source: any AttachmentUploadSource, offset: Int64, count: Int64,
                                 total: Int64) async throws(SyncError) -> RemoteAttachment {
        try requireAttachments()
        let bytes: [UInt8]
        do { bytes = try source.next(upTo: Int(count)) } catch { throw .badResponse("the upload's source failed: \(error)") }
        guard bytes.count == count else { throw .badResponse("the upload's source ended \(count - Int64(bytes.count)) bytes early") }
        var stored = attachments[hash] ?? (bytes: [], whole: false)
        if stored.whole { return .whole(size: Int64(stored.bytes.count)) }
        guard offset == Int64(stored.bytes.count) else {
            throw .rejected(status: 409, code: "upload_offset", message: "continue at \(stored.bytes.count)")
        }
        stored.bytes += bytes
        guard Int64(stored.bytes.count) >= total else {
            attachments[hash] = stored
            return .partial(received: Int64(stored.bytes.count))
        }
        if let attachmentDigest, attachmentDigest(stored.bytes) != hash {
            attachments[hash] = nil
            throw .rejected(status: 422, code: "hash_mismatch", message: "the bytes do not hash to \(hash.hex)")
        }
        stored.whole = true
        attachments[hash] = stored
        return .whole(size: Int64(stored.bytes.count))
    }

    /// Hands the bytes on in pieces of 64 KiB, as a network would.
    public nonisolated func downloadAttachment(_ hash: AttachmentHash, from offset: Int64, into receive: (UnsafeRawBufferPointer) throws -> Void) async throws {
        let bytes = try await wholeAttachment(hash)
        var start = Int(min(max(0, offset), Int64(bytes.count)))
        while start < bytes.count {
            let end = min(bytes.count, start + (64 << 10))
            try bytes[start..<end].withUnsafeBytes { try receive($0) }
            start = end
        }
    }

    private func wholeAttachment(_ hash: AttachmentHash) throws(SyncError) -> [UInt8] {
        try requireAttachments()
        guard let stored = attachments[hash], stored.whole else {
            throw .rejected(status: 404, code: "not_found", message: "no attachment \(hash.hex)")
        }
        return stored.bytes
    }

    /// Every attachment the server holds whole, by hash: for tests that look at what arrived.
    public func wholeAttachments() -> [AttachmentHash: [UInt8]] {
        attachments.filter(\.value.whole).mapValues(\.bytes)
    }

    private func requireAttachments() throws(SyncError) {
        guard info.keepsAttachments else { throw .rejected(status: 404, code: "not_found", message: "no route") }
    }
}
