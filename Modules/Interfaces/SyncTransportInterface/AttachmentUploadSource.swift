import Synchronization

/// Where an upload's bytes come from, read a piece at a time while the request is sent.
///
/// Exists so that an attachment of any size is sent in one request in the memory of a piece:
/// the transport asks for the next piece only when the connection has taken the last one.
public protocol AttachmentUploadSource: Sendable {
    /// Up to `count` of the next bytes; empty once there are none.
    func next(upTo count: Int) throws -> [UInt8]
}

/// Bytes already in memory, as an upload's source: a small attachment, or a test's piece.
public final class BytesUploadSource: AttachmentUploadSource {
    private let state: Mutex<(bytes: [UInt8], position: Int)>

    public init(_ bytes: [UInt8]) { state = Mutex((bytes, 0)) }

    public func next(upTo count: Int) -> [UInt8] {
        state.withLock { state in
            let end = min(state.bytes.count, state.position + max(0, count))
            defer { state.position = end }
            return Array(state.bytes[state.position..<end])
        }
    }
}
