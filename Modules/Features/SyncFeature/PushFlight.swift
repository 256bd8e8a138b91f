import QuillModels
import SyncTransportInterface

/// The pushes of one sync that are sent and not yet landed, and what the landed ones wrote.
///
/// Exists so that the client and the server work at once: while the server applies one batch, the
/// client reads, records and sends the next, and applies the answer before. Two pushes are in
/// flight once a server has shown that its answers say which changes of the feed each wrote
/// (`PushReply.written`); with a server that does not, one at a time, so that the cursor can still
/// move past the client's own changes by `PushReply.next`.
struct PushFlight {
    /// One sent push: its request, the notes it carries (halved if the server finds it too large),
    /// and the task that brings its answer.
    struct Sent {
        let request: PushRequest
        let notes: [Note]
        let reply: Task<PushReply, any Error>
    }

    /// At most this many pushes in flight.
    static let depth = 2

    /// Sent and not landed, oldest first.
    var sent: [Sent] = []
    /// Spans of the feed that landed pushes wrote and that do not yet adjoin the cursor (another
    /// push, or another client, wrote between).
    var spans: [PushWrittenSpan] = []
    /// Whether the server says what each push wrote: then two go out at once.
    var serverReportsWritten = false

    /// Whether its pushes ask for their applied changes by their revision alone (the client has
    /// the notes): when the server says it answers so.
    let asksAppliedByRevision: Bool
    /// Whether its pushes ask for merges: when the server says it merges.
    let asksMerge: Bool

    var limit: Int { serverReportsWritten ? Self.depth : 1 }

    init(server: ServerInfo) {
        asksAppliedByRevision = server.answersAppliedByRevision
        asksMerge = server.merges
    }

    /// Records what a landed push wrote and moves `cursor` past every span that now adjoins it:
    /// the client holds those changes already, having applied the answers that made them.
    mutating func landed(_ written: PushWrittenSpan, cursor: inout SyncCursor?) {
        serverReportsWritten = true
        spans.append(written)
        while let index = spans.firstIndex(where: { $0.after == cursor }) {
            cursor = spans.remove(at: index).through
        }
    }

    /// Stops the answers not awaited (a sync that fails leaves them recorded in its state).
    func cancel() {
        for push in sent { push.reply.cancel() }
    }
}
