import Foundation
import QuillModels
import StandardInterfaces
import Synchronization

/// The attachments an import on the server brings, held in memory until its notes are planned
/// whole (`AccountImportStore.commit` then keeps them in the account).
///
/// The importer keeps attachments through the client's port (`AttachmentStoring`), whose calls
/// do not wait; the account's store does (`ServerAttachmentRepository`). Holding them here
/// bridges the two, and keeps an import that fails from writing anything. The upload's size
/// bounds what is held.
final class ImportedAttachments: AttachmentStoring {
    private let kept = Mutex<[(hash: AttachmentHash, bytes: [UInt8], stored: Date)]>([])
    private let clock: any WallClock

    init(clock: any WallClock) {
        self.clock = clock
    }

    /// What was kept, in order.
    func held() -> [(AttachmentHash, [UInt8])] {
        kept.withLock { $0.map { ($0.hash, $0.bytes) } }
    }

    func begin() throws(AttachmentStoreError) -> any AttachmentWriting {
        Writer(into: self)
    }

    func open(_ hash: AttachmentHash) throws(AttachmentStoreError) -> (any AttachmentReading)? {
        kept.withLock { $0.first { $0.hash == hash } }.map { Reader($0.bytes) }
    }

    func all() throws(AttachmentStoreError) -> [StoredAttachment] {
        kept.withLock { $0.map { StoredAttachment(hash: $0.hash, size: Int64($0.bytes.count), stored: $0.stored) } }
    }

    func remove(_ hash: AttachmentHash) throws(AttachmentStoreError) {
        kept.withLock { $0.removeAll { $0.hash == hash } }
    }

    /// A writer that never commits holds nothing here.
    func removeAbandoned(before date: Date) throws(AttachmentStoreError) -> Int { 0 }

    fileprivate func keep(_ hash: AttachmentHash, bytes: [UInt8]) -> StoredAttachment {
        let now = clock.now()
        return kept.withLock { kept in
            if let found = kept.first(where: { $0.hash == hash }) {
                return StoredAttachment(hash: hash, size: Int64(found.bytes.count), stored: found.stored)
            }
            let stored = now
            kept.append((hash, bytes, stored))
            return StoredAttachment(hash: hash, size: Int64(bytes.count), stored: stored)
        }
    }

    private final class Writer: AttachmentWriting {
        private let store: ImportedAttachments
        private var bytes: [UInt8] = []

        init(into store: ImportedAttachments) {
            self.store = store
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws(AttachmentStoreError) {
            self.bytes.append(contentsOf: bytes)
        }

        func commit(as hash: AttachmentHash) throws(AttachmentStoreError) -> StoredAttachment {
            store.keep(hash, bytes: bytes)
        }

        func abandon() {
            bytes = []
        }
    }

    private final class Reader: AttachmentReading {
        private var cursor: ByteCursor

        init(_ bytes: [UInt8]) {
            cursor = ByteCursor(bytes)
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(AttachmentStoreError) -> Int {
            cursor.read(into: buffer)
        }
    }
}
