import QuillModels
import SyncTransportInterface

/// A sync transport that fails the test when used: the test root's default, so a command test
/// that does not expect to sync proves it does not.
public struct UnimplementedSyncTransport: SyncTransport {
    public init() {}

    public func serverInfo() async throws(SyncError) -> ServerInfo {
        throw .badResponse(unimplemented("SyncTransport.serverInfo").description)
    }

    public func changes(since cursor: SyncCursor?, limit: Int) async throws(SyncError) -> PulledChangePage {
        throw .badResponse(unimplemented("SyncTransport.changes").description)
    }

    public func push(_ request: PushRequest) async throws(SyncError) -> PushReply {
        throw .badResponse(unimplemented("SyncTransport.push").description)
    }

    public func history(of id: NoteID) async throws(SyncError) -> [NoteRevision] {
        throw .badResponse(unimplemented("SyncTransport.history").description)
    }

    public func attachment(_ hash: AttachmentHash) async throws(SyncError) -> RemoteAttachment {
        throw .badResponse(unimplemented("SyncTransport.attachment").description)
    }

    public func uploadAttachment(_ hash: AttachmentHash, from source: any AttachmentUploadSource, offset: Int64, count: Int64,
                                 total: Int64) async throws(SyncError) -> RemoteAttachment {
        throw .badResponse(unimplemented("SyncTransport.uploadAttachment").description)
    }

    public func downloadAttachment(_ hash: AttachmentHash, from offset: Int64, into receive: (UnsafeRawBufferPointer) throws -> Void) async throws {
        throw SyncError.badResponse(unimplemented("SyncTransport.downloadAttachment").description)
    }

    public func followEvents(after cursor: SyncCursor?, _ receive: @Sendable (ServerEvent) async -> Void) async throws(SyncError) {
        throw .badResponse(unimplemented("SyncTransport.followEvents").description)
    }
}
