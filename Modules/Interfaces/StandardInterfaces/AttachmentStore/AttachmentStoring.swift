import Foundation
import QuillModels

/// Where a device keeps attachments' bytes, each under its hash.
///
/// Exists so that the attachment commands, collection, archives and sync keep bytes without
/// knowing where: files beside the notes in production, memory in tests and previews. The store
/// keeps bytes under the hash it is given; hashing them, and checking them when they are read,
/// is the caller's (`AttachmentService`), so the rule lives in one place for every store.
public protocol AttachmentStoring: Sendable {
    /// Somewhere to write a new attachment's bytes: they become an attachment only when committed.
    func begin() throws(AttachmentStoreError) -> any AttachmentWriting
    /// The bytes stored under `hash`, as stored (unchecked); `nil` if there are none.
    func open(_ hash: AttachmentHash) throws(AttachmentStoreError) -> (any AttachmentReading)?
    /// Every stored attachment.
    func all() throws(AttachmentStoreError) -> [StoredAttachment]
    /// Removes the bytes stored under `hash`; nothing if there are none.
    func remove(_ hash: AttachmentHash) throws(AttachmentStoreError)
    /// Removes what writers that never committed (a crash, a kill) left from before `date`;
    /// returns how many.
    func removeAbandoned(before date: Date) throws(AttachmentStoreError) -> Int
}

/// The bytes of an attachment being written, in order.
public protocol AttachmentWriting: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws(AttachmentStoreError)
    /// Makes the bytes durable under `hash`; if the store already holds `hash` whole, keeps that copy.
    func commit(as hash: AttachmentHash) throws(AttachmentStoreError) -> StoredAttachment
    /// Gives up: nothing written is kept.
    func abandon()
}

/// The bytes of a stored attachment, read in order.
public protocol AttachmentReading: AnyObject {
    /// Reads up to `buffer.count` bytes; 0 only at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AttachmentStoreError) -> Int
}

/// One attachment a store holds.
public struct StoredAttachment: Equatable, Sendable {
    public let hash: AttachmentHash
    public let size: Int64
    /// When its bytes were stored: collection leaves recent ones alone.
    public let stored: Date

    public init(hash: AttachmentHash, size: Int64, stored: Date) {
        self.hash = hash
        self.size = size
        self.stored = stored
    }
}

/// Why the attachment store failed, in words for the user.
public enum AttachmentStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case unavailable(String)
    case readFailed(String)
    case writeFailed(String)

    public var description: String {
        switch self {
        case .unavailable(let reason): "the attachment store is unavailable: \(reason)"
        case .readFailed(let reason): "cannot read an attachment: \(reason)"
        case .writeFailed(let reason): "cannot store an attachment: \(reason)"
        }
    }
}
