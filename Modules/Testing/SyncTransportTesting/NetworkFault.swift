import SyncTransportInterface

/// One way the network between a client and the server can misbehave on one call.
public enum NetworkFault: Hashable, Sendable {
    /// The call reaches the server and the answer comes back.
    case deliver
    /// The request is lost: the server never sees it; the client times out.
    case dropRequest
    /// The server handles the request but the answer is lost; the client times out.
    case dropResponse
    /// The server receives the request twice; the client gets the second answer.
    case duplicate
    /// A delayed copy of an earlier push reaches the server before this call is delivered.
    case replayEarlierPush
    /// A proxy or the server fails with this 5xx status before handling the request.
    case serverError(Int)
    /// The call fails with this error (e.g. `.unauthorized`) without reaching the server.
    case fail(SyncError)
}
