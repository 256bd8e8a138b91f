import Foundation
import Synchronization

/// Bytes that one thread fills and another reads.
final class LockedData: Sendable {
    private let storage = Mutex(Data())

    func set(_ data: Data) { storage.withLock { $0 = data } }
    func append(_ data: Data) { storage.withLock { $0.append(data) } }
    func get() -> Data { storage.withLock { $0 } }
}
