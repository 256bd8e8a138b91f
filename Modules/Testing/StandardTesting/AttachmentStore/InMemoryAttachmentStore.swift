import StandardInterfaces
import Foundation
import QuillModels
import Synchronization

/// Attachments in memory: for tests and the preview root, proven by the same contract suite as
/// `FileAttachmentStore`.
///
/// `damage` changes stored bytes behind the store's back, as a failing disk would, so that a
/// test can show the bytes are checked when read.
public final class InMemoryAttachmentStore: AttachmentStoring {
    private let blobs = Mutex<[AttachmentHash: (bytes: [UInt8], stored: Date)]>([:])
    private let clock: any WallClock

    public init(clock: any WallClock) {
        self.clock = clock
    }

    public func begin() throws(AttachmentStoreError) -> any AttachmentWriting {
        Incoming(store: self)
    }

    public func open(_ hash: AttachmentHash) throws(AttachmentStoreError) -> (any AttachmentReading)? {
        blobs.withLock { $0[hash] }.map { Reader(bytes: $0.bytes) }
    }

    public func all() throws(AttachmentStoreError) -> [StoredAttachment] {
        blobs.withLock { blobs in
            blobs.map { StoredAttachment(hash: $0.key, size: Int64($0.value.bytes.count), stored: $0.value.stored) }
        }.sorted { $0.hash < $1.hash }
    }

    public func remove(_ hash: AttachmentHash) throws(AttachmentStoreError) {
        _ = blobs.withLock { $0.removeValue(forKey: hash) }
    }

    /// Nothing is ever left behind in memory: an uncommitted write is gone with its object.
    public func removeAbandoned(before date: Date) throws(AttachmentStoreError) -> Int { 0 }

    /// Replaces the stored bytes of `hash`, keeping their hash: a disk that went bad.
    public func damage(_ hash: AttachmentHash, with bytes: [UInt8]) {
        blobs.withLock { blobs in
            if let stored = blobs[hash]?.stored { blobs[hash] = (bytes, stored) }
        }
    }

    fileprivate func keep(_ bytes: [UInt8], as hash: AttachmentHash) -> StoredAttachment {
        let now = clock.now()
        return blobs.withLock { blobs in
            if let existing = blobs[hash], existing.bytes.count == bytes.count {
                return StoredAttachment(hash: hash, size: Int64(existing.bytes.count), stored: existing.stored)
            }
            blobs[hash] = (bytes, now)
            return StoredAttachment(hash: hash, size: Int64(bytes.count), stored: now)
        }
    }

    private final class Incoming: AttachmentWriting {
        private let store: InMemoryAttachmentStore
        private var bytes: [UInt8] = []
        private var finished = false

        init(store: InMemoryAttachmentStore) {
            self.store = store
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws(AttachmentStoreError) {
            guard !finished else { throw .writeFailed("the write was already committed or abandoned") }
            self.bytes.append(contentsOf: bytes)
        }

        func commit(as hash: AttachmentHash) throws(AttachmentStoreError) -> StoredAttachment {
            guard !finished else { throw .writeFailed("the write was already committed or abandoned") }
            finished = true
            return store.keep(bytes, as: hash)
        }

        func abandon() {
            finished = true
            bytes = []
        }
    }

    private final class Reader: AttachmentReading {
        private var cursor: ByteCursor

        init(bytes: [UInt8]) {
            cursor = ByteCursor(bytes)
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(AttachmentStoreError) -> Int {
            cursor.read(into: buffer)
        }
    }
}
