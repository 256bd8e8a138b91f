import ChildProcesses
import Foundation
import HTTPSyncTransport
import QuillModels
import ScratchDirectories
import StandardTesting
import SyncStateInterface
import SyncTransportInterface
import Synchronization
import Testing

/// The change stream when the server dies: 100 clients follow `GET /v1/events` (each with
/// `HTTPSyncTransport`, reconnecting with the last event's ID), writers push new notes, and the
/// real `quill-server` is killed with SIGKILL at a seeded moment and started again on its port.
/// Every subscriber must see every acknowledged change exactly once, in cursor order.
@Suite("Event streams across a SIGKILL of the server", .scratchDirectory)
struct EventStreamKillTests {
    /// What one subscriber saw: each note event's cursor and note, in order of arrival.
    final class Seen: Sendable {
        private let state = Mutex<(cursor: SyncCursor?, ready: Bool, notes: [(cursor: Int64, id: NoteID)])>((nil, false, []))

        var cursor: SyncCursor? { state.withLock { $0.cursor } }
        var ready: Bool { state.withLock { $0.ready } }
        var notes: [(cursor: Int64, id: NoteID)] { state.withLock { $0.notes } }

        func take(_ event: ServerEvent) {
            state.withLock { state in
                switch event {
                case .ready(let cursor), .resync(let cursor):
                    state.cursor = cursor
                    state.ready = true
                case .noteChanged(let cursor, let id, _):
                    state.cursor = cursor
                    state.notes.append((Int64(cursor.rawValue) ?? -1, id))
                case .closed: break
                }
            }
        }
    }

    @Test func everyAcknowledgedChangeOnceAndInOrderAfterTheServerIsKilled() async throws {
        let seed = ProcessInfo.processInfo.environment["QUILL_EVENTS_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64(UInt32.max))
        var generator = SplitMix64(seed: seed)
        let storage = ["--data-dir", try Scratch.directory("events-kill")]
        let token = try await ServerUnderTest.createAccount("kill", storage: storage)
        var server = try await ServerUnderTest.start(storage: storage)
        let port = server.port
        defer { server.terminate() }
        let url = try #require(URL(string: server.url))
        let credentials = Credentials(server: url, token: token)

        let subscribers = (0..<100).map { _ in Seen() }
        let following = subscribers.map { seen in
            Task {
                let transport = HTTPSyncTransport(credentials: credentials, timeout: 30)
                while !Task.isCancelled {
                    try? await transport.followEvents(after: seen.cursor) { seen.take($0) }
                    try? await Task.sleep(for: .milliseconds(50))
                }
            }
        }
        defer { following.forEach { $0.cancel() } }
        try await BoundedWait.until("every subscriber is following", within: .seconds(60), checkingEvery: .milliseconds(50)) {
            subscribers.allSatisfy(\.ready)
        }

        let writes = 60, killAt = Int.random(in: 10..<50, using: &generator)
        let acknowledged = Mutex<[NoteID]>([])
        let writer = HTTPSyncTransport(credentials: credentials, timeout: 10)
        for index in 0..<writes {
            if index == killAt {
                _ = try await server.stop(SIGKILL)
                try await Task.sleep(for: .milliseconds(300))
                server = try await ListeningServer(ServerUnderTest.executable, ["serve", "--host", "127.0.0.1", "--port", String(port)] + storage)
            }
            let note = try Note(id: #require(NoteID(String(format: "%032x", index + 1))), title: "Write \(index)", body: "seed \(seed)",
                                tags: [], created: Date(), updated: Date())
            for _ in 0..<50 {
                if case .applied? = try? await writer.push(PushRequest(requestID: UUID().uuidString,
                                                                       changes: [OutgoingChange(note: note, baseRevision: nil)])).results.first {
                    acknowledged.withLock { $0.append(note.id) }
                    break
                }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        let wanted = Set(acknowledged.withLock { $0 })
        #expect(wanted.count == writes, "seed \(seed): every write was acknowledged in the end")
        try await BoundedWait.until("seed \(seed): every subscriber saw every acknowledged write", within: .seconds(60),
                                    checkingEvery: .milliseconds(100)) {
            subscribers.allSatisfy { wanted.isSubset(of: Set($0.notes.map(\.id))) }
        }
        for (index, seen) in subscribers.enumerated() {
            let notes = seen.notes
            let cursors = notes.map(\.cursor)
            #expect(cursors == cursors.sorted() && Set(cursors).count == cursors.count,
                    "seed \(seed): subscriber \(index) saw its events in cursor order, none twice: \(cursors)")
            for id in wanted {
                #expect(notes.filter { $0.id == id }.count == 1, "seed \(seed): subscriber \(index) saw \(id) once")
            }
        }
    }
}
