import NIOCore
import SyncTransportInterface

/// An upload's body for async-http-client: `count` bytes pulled from the source a piece at a
/// time, each when the connection asks for the next, so memory holds a few pieces whatever the
/// size.
///
/// The connection asks for the next piece as soon as it has queued the last for its event loop,
/// and that queue is bounded only once the loop runs and finds the socket full: while the loop
/// waits for a core, reading from the file would queue pieces far faster than they leave. So
/// every `piecesAhead` pieces the body waits for `connection` to have run what was queued before.
struct UploadPieces: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// Bytes per piece: under the size from which the process maps each buffer afresh
    /// (`ProcessMemory`, 256 KiB), so a piece reuses memory a sent one freed; large enough to
    /// cost little per piece.
    static let pieceBytes = 128 << 10
    /// Pieces handed over before the body waits for the connection's event loop.
    static let piecesAhead = 4

    let source: any AttachmentUploadSource
    let count: Int64
    /// The event loop of the connection that sends the body (the transport has only one).
    let connection: any EventLoop

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: any AttachmentUploadSource
        var remaining: Int64
        let connection: any EventLoop
        var handedOver = 0

        mutating func next() async throws -> ByteBuffer? {
            guard remaining > 0 else { return nil }
            if handedOver > 0, handedOver % UploadPieces.piecesAhead == 0 { try await connection.submit {}.get() }
            let bytes = try source.next(upTo: Int(Swift.min(Int64(UploadPieces.pieceBytes), remaining)))
            guard !bytes.isEmpty else { throw UploadSourceEnded(missing: remaining) }
            remaining -= Int64(bytes.count)
            handedOver += 1
            return ByteBuffer(bytes: bytes)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: source, remaining: count, connection: connection) }
}

/// The source ran out before the bytes the request announced; the request is abandoned.
struct UploadSourceEnded: Error, CustomStringConvertible {
    let missing: Int64
    var description: String { "the attachment's file ended \(missing) bytes early" }
}
