import QuillModels
import StandardTesting
import SyncTransportInterface

/// A network between a client and a `FakeSyncServer` that drops, duplicates, delays and
/// fails calls, by script or at random (seeded).
///
/// Exists so that tests can say exactly which call goes wrong and how ("the second push's
/// answer is lost"), and so that the simulation is flaky yet reproducible.
public actor UnreliableTransport: SyncTransport {
    /// Where the fault for each call comes from.
    public enum Faults: Sendable {
        /// One fault per call, in order; `.deliver` once the script runs out.
        case scripted([NetworkFault])
        /// Each call goes wrong with probability `rate`, the fault chosen at random.
        case random(seed: UInt64, rate: Double)
    }

    private let server: FakeSyncServer
    private var faults: Faults
    private var generator: SplitMix64
    private var sentPushes: [PushRequest] = []
    /// The faults applied so far, one per call, for assertions.
    public private(set) var history: [NetworkFault] = []

    public init(server: FakeSyncServer, faults: Faults) {
        self.server = server
        self.faults = faults
        if case .random(let seed, _) = faults { generator = SplitMix64(seed: seed) } else { generator = SplitMix64(seed: 0) }
    }

    /// Makes every later call succeed (the end of a simulation's storm).
    public func heal() { faults = .scripted([]) }

    public func serverInfo() async throws(SyncError) -> ServerInfo {
        try await deliver { server in try await server.serverInfo() }
    }

    public func changes(since cursor: SyncCursor?, limit: Int) async throws(SyncError) -> PulledChangePage {
        try await deliver { server in try await server.changes(since: cursor, limit: limit) }
    }

    public func history(of id: NoteID) async throws(SyncError) -> [NoteRevision] {
        try await deliver { server in try await server.history(of: id) }
    }

    public func push(_ request: PushRequest) async throws(SyncError) -> PushReply {
        sentPushes.append(request)
        return try await deliver { server in try await server.push(request) }
    }

    public func attachment(_ hash: AttachmentHash) async throws(SyncError) -> RemoteAttachment {
        try await deliver { server in try await server.attachment(hash) }
    }

    public func uploadAttachment(_ hash: AttachmentHash, from source: any AttachmentUploadSource, offset: Int64, count: Int64,
                                 total: Int64) async throws(SyncError) -> RemoteAttachment {
        try await deliver { server in try await server.uploadAttachment(hash, from: source, offset: offset, count: count, total: total) }
    }

    /// The whole download is one call: its fault comes before any byte or after the last.
    public nonisolated func downloadAttachment(_ hash: AttachmentHash, from offset: Int64, into receive: (UnsafeRawBufferPointer) throws -> Void) async throws {
        let bytes = try await deliver { server in
            var collected: [UInt8] = []
            try await server.downloadAttachment(hash, from: offset) { collected += $0 }
            return collected
        }
        try bytes.withUnsafeBytes { try receive($0) }
    }

    /// A stream's fault comes as it opens: it is lost (`timedOut`) or fails, or it follows the
    /// server's stream as it is.
    public nonisolated func followEvents(after cursor: SyncCursor?, _ receive: @Sendable (ServerEvent) async -> Void) async throws(SyncError) {
        switch await takeFault() {
        case .deliver, .duplicate, .replayEarlierPush: try await server.followEvents(after: cursor, receive)
        case .dropRequest, .dropResponse: throw .timedOut("stream lost (injected)")
        case .serverError(let status): throw .serverError(status: status, message: "injected")
        case .fail(let error): throw error
        }
    }

    private func takeFault() -> NetworkFault {
        let fault = nextFault()
        history.append(fault)
        return fault
    }

    private func deliver<T: Sendable>(
        _ untypedCall: @escaping @Sendable (FakeSyncServer) async throws -> T
    ) async throws(SyncError) -> T {
        let call = { (server: FakeSyncServer) async throws(SyncError) -> T in
            do { return try await untypedCall(server) } catch let error as SyncError { throw error } catch {
                throw .badResponse(String(describing: error))
            }
        }
        switch takeFault() {
        case .deliver:
            return try await call(server)
        case .dropRequest:
            throw .timedOut("request lost (injected)")
        case .dropResponse:
            _ = try? await call(server)
            throw .timedOut("answer lost (injected)")
        case .duplicate:
            _ = try? await call(server)
            return try await call(server)
        case .replayEarlierPush:
            if let earlier = sentPushes.dropLast().randomElement(using: &generator) {
                _ = try? await server.push(earlier)
            }
            return try await call(server)
        case .serverError(let status):
            throw .serverError(status: status, message: "injected")
        case .fail(let error):
            throw error
        }
    }

    private func nextFault() -> NetworkFault {
        switch faults {
        case .scripted(var script):
            guard !script.isEmpty else { return .deliver }
            let fault = script.removeFirst()
            faults = .scripted(script)
            return fault
        case .random(_, let rate):
            guard Double.random(in: 0..<1, using: &generator) < rate else { return .deliver }
            let choices: [NetworkFault] = [.dropRequest, .dropResponse, .duplicate, .replayEarlierPush, .serverError(503)]
            return choices.randomElement(using: &generator) ?? .deliver
        }
    }
}
