import QuillModels

/// One attachment's bytes, opened once and read piece after piece: what a download reads.
///
/// Exists so that serving a big attachment costs a read per piece into the connection's own
/// buffer, not a lookup and a new array per piece: a store that keeps the bytes in a file reads
/// them from the file it opened (`SQLiteServerStore`); the others read through
/// `readAttachment` (`RepositoryAttachmentReader`).
public protocol ServerAttachmentReader: Sendable {
    /// Appends up to `count` bytes from `offset` to `buffer` and returns how many: fewer at the
    /// end of what had arrived when the attachment was opened, none past it.
    func read<Buffer: AttachmentBuffer>(at offset: Int64, count: Int, appendingTo buffer: inout Buffer) async throws -> Int
}

/// Memory an attachment's bytes are read into, written in place: the HTTP layer's buffer, or an
/// array.
public protocol AttachmentBuffer {
    /// Lets `fill` write up to `count` bytes at the end, keeps the number it returns, and returns it.
    mutating func append(upTo count: Int, _ fill: (UnsafeMutableRawBufferPointer) throws -> Int) rethrows -> Int
}

extension Array: AttachmentBuffer where Element == UInt8 {
    public mutating func append(upTo count: Int, _ fill: (UnsafeMutableRawBufferPointer) throws -> Int) rethrows -> Int {
        let start = self.count
        append(contentsOf: repeatElement(0, count: count))
        let written = try withUnsafeMutableBytes { try fill(UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
        removeLast(count - written)
        return written
    }
}

/// Reads through the repository's `readAttachment`, a piece at a time, up to the bytes that had
/// arrived when it was opened: for a store whose bytes are not a file it can hold open.
public struct RepositoryAttachmentReader: ServerAttachmentReader {
    let repository: any ServerAttachmentRepository
    let hash: AttachmentHash
    let account: AccountID
    let size: Int64

    /// Opens the attachment as it is now: nothing to read if the account holds none of it.
    public init(repository: any ServerAttachmentRepository, hash: AttachmentHash, account: AccountID) async throws {
        self.repository = repository
        self.hash = hash
        self.account = account
        size = try await repository.attachment(hash, account: account)?.received ?? 0
    }

    public func read<Buffer: AttachmentBuffer>(at offset: Int64, count: Int, appendingTo buffer: inout Buffer) async throws -> Int {
        let wanted = Int(max(0, min(Int64(count), size - offset)))
        guard wanted > 0 else { return 0 }
        let bytes = try await repository.readAttachment(hash, account: account, offset: offset, count: wanted)
        return buffer.append(upTo: bytes.count) { target in
            bytes.withUnsafeBytes { target.copyMemory(from: $0) }
            return bytes.count
        }
    }
}
