import Hummingbird
import QuillAPI

/// What operators and clients ask before anything else: liveness, readiness, metrics, API version.
struct OperationsRoutes {
    /// The API version this server speaks, and the oldest client API it still serves.
    static let apiVersion = 1
    static let minimumClientApiVersion = 1

    let dependencies: ServerDependencies

    func register(on router: Router<ServerRequestContext>) {
        router.on(.health, mountedAt: "") { _, _ in try JSONBody.response(StatusBody(status: "ok")) }
        router.on(.readiness, mountedAt: "") { _, _ in try await ready() }
        router.on(.metrics, mountedAt: "") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(string: dependencies.metrics.exposition())))
        }
    }

    func registerInfo(on group: RouterGroup<ServerRequestContext>) {
        group.on(.info) { _, _ in
            try JSONBody.response(InfoBody(apiVersion: Self.apiVersion, minimumClientApiVersion: Self.minimumClientApiVersion,
                                           features: [InfoBody.Feature.attachments, InfoBody.Feature.links, InfoBody.Feature.appliedAsRevision,
                                                      InfoBody.Feature.merge, InfoBody.Feature.events, InfoBody.Feature.shares,
                                                      InfoBody.Feature.deviceLogin],
                                           limits: InfoLimitsBody(maxAttachmentBytes: dependencies.attachmentLimits.maximumBytes,
                                                                  attachmentQuotaBytes: dependencies.attachmentLimits.quotaBytes)))
        }
    }

    private func ready() async throws -> Response {
        do { try await dependencies.readiness.checkReady() } catch {
            throw APIError.unavailable("the database does not answer")
        }
        return try JSONBody.response(StatusBody(status: "ok"))
    }
}
