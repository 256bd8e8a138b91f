import QuillModels
import ServerStoreInterface

/// A server attachment store that fails the test on any use.
public struct UnimplementedServerAttachments: ServerAttachmentRepository {
    public init() {}

    public func attachment(_ hash: AttachmentHash, account: AccountID) async throws -> ServerAttachment? { throw failure("attachment") }
    public func appendAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, bytes: [UInt8]) async throws -> ServerAttachment {
        throw failure("appendAttachment")
    }
    public func completeAttachment(_ hash: AttachmentHash, account: AccountID) async throws { throw failure("completeAttachment") }
    public func discardAttachment(_ hash: AttachmentHash, account: AccountID) async throws { throw failure("discardAttachment") }
    public func attachmentUsage(account: AccountID) async throws -> Int64 { throw failure("attachmentUsage") }
    public func readAttachment(_ hash: AttachmentHash, account: AccountID, offset: Int64, count: Int) async throws -> [UInt8] {
        throw failure("readAttachment")
    }
    public func attachments(account: AccountID) async throws -> [AttachmentHash: ServerAttachment] { throw failure("attachments") }
    public func collectAttachments(_ hashes: [AttachmentHash], account: AccountID, unlessWrittenAfter cursor: ChangeCursor) async throws -> Bool {
        throw failure("collectAttachments")
    }

    private func failure(_ name: String) -> ServerStoreError {
        .unavailable(unimplemented("ServerAttachmentRepository.\(name)").description)
    }
}
