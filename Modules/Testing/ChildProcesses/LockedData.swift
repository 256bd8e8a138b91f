import Foundation
import Synchronization

/// Bytes that one thread fills and another reads.
public final class LockedData: Sendable {
    private let storage = Mutex(Data())

    public init() {}

    public func set(_ data: Data) { storage.withLock { $0 = data } }
    public func append(_ data: Data) { storage.withLock { $0.append(data) } }
    public func get() -> Data { storage.withLock { $0 } }
}
