import FileSystemInterface

/// A readers–writer lock per path, in memory: what `flock` does between processes, done
/// between tasks, so that code holding a `FileLocking` can be tested for races without disk.
public final class InMemoryLocking: FileLocking {
    private let table = LockTable()

    public init() {}

    public func withLock<T: Sendable>(
        at path: String, exclusive: Bool, _ body: () async throws -> T
    ) async throws -> T {
        await table.acquire(path, exclusive: exclusive)
        do {
            let result = try await body()
            await table.release(path, exclusive: exclusive)
            return result
        } catch {
            await table.release(path, exclusive: exclusive)
            throw error
        }
    }
}

/// The lock state of every path, with waiters served in arrival order.
private actor LockTable {
    private struct State {
        var readers = 0
        var writer = false
        var waiting: [(exclusive: Bool, resume: CheckedContinuation<Void, Never>)] = []
    }

    private var states: [String: State] = [:]

    func acquire(_ path: String, exclusive: Bool) async {
        var state = states[path, default: State()]
        if state.waiting.isEmpty, canEnter(state, exclusive: exclusive) {
            enter(&state, exclusive: exclusive)
            states[path] = state
            return
        }
        await withCheckedContinuation { continuation in
            state.waiting.append((exclusive, continuation))
            states[path] = state
        }
    }

    func release(_ path: String, exclusive: Bool) {
        guard var state = states[path] else { return }
        if exclusive { state.writer = false } else { state.readers -= 1 }
        while let next = state.waiting.first, canEnter(state, exclusive: next.exclusive) {
            state.waiting.removeFirst()
            enter(&state, exclusive: next.exclusive)
            next.resume.resume()
        }
        states[path] = state.readers == 0 && !state.writer && state.waiting.isEmpty ? nil : state
    }

    private func canEnter(_ state: State, exclusive: Bool) -> Bool {
        exclusive ? !state.writer && state.readers == 0 : !state.writer
    }

    private func enter(_ state: inout State, exclusive: Bool) {
        if exclusive { state.writer = true } else { state.readers += 1 }
    }
}
