import NIOCore
import SyncTransportInterface

/// An upload's body for async-http-client: `count` bytes pulled from the source a piece at a
/// time, each when the connection asks for the next, so memory holds one piece whatever the size.
struct UploadPieces: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// Bytes per piece: small enough that the few pieces the connection buffers stay well under
    /// the memory target, large enough to cost little per piece.
    static let pieceBytes = 256 << 10

    let source: any AttachmentUploadSource
    let count: Int64

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: any AttachmentUploadSource
        var remaining: Int64

        mutating func next() async throws -> ByteBuffer? {
            guard remaining > 0 else { return nil }
            let bytes = try source.next(upTo: Int(Swift.min(Int64(UploadPieces.pieceBytes), remaining)))
            guard !bytes.isEmpty else { throw UploadSourceEnded(missing: remaining) }
            remaining -= Int64(bytes.count)
            return ByteBuffer(bytes: bytes)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: source, remaining: count) }
}

/// The source ran out before the bytes the request announced; the request is abandoned.
struct UploadSourceEnded: Error, CustomStringConvertible {
    let missing: Int64
    var description: String { "the attachment's file ended \(missing) bytes early" }
}
