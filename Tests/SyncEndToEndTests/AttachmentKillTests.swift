import ChildProcesses
import Foundation
import Testing

/// Attachment sync with the real binaries, the syncing `quill` SIGKILLed at random moments of a
/// 48 MiB upload and then of its download: each sync continues where the last one stopped, the
/// server never serves the attachment before every byte arrived and matched, and in the end both
/// homes hold it byte for byte.
@Suite("Attachment sync under SIGKILL", .serialized)
struct AttachmentKillTests {
    @Test func killedSyncsMoveABigAttachmentWholeInTheEnd() async throws {
        let seed = ProcessInfo.processInfo.environment["QUILL_KILL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        var state = seed
        /// A linear congruential step: the kills of a run follow from its printed seed.
        func below(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
        let data = try temporaryDirectory("server")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let storage = ["--data-dir", data]
        let token = try await ServerUnderTest.createAccount("kill", storage: storage)
        let server = try await ServerUnderTest.start(storage: storage)
        defer { server.terminate() }
        let alice = try QuillHome(), bob = try QuillHome()
        defer { alice.remove(); bob.remove() }
        for home in [alice, bob] { _ = try await home.succeed(["login", "--server", server.url, "--token", token]) }

        let file = alice.root + "/recording.bin"
        let bytes = Data((0..<(48 << 20)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) })
        try bytes.write(to: URL(fileURLWithPath: file))
        let id = try await alice.succeed(["add", "Recording", "--body", "The meeting."])
        _ = try await alice.succeed(["attach", id, file])

        for (home, direction) in [(alice, "sent 1"), (bob, "fetched 1")] {
            var finished = false
            // Killed within 20-420 ms for 30 rounds (a sync of 48 MiB takes longer), then left to finish.
            for round in 0..<40 where !finished {
                let delay = round < 30 ? 20_000 + below(400_000) : 60_000_000
                let output = try await ChildProcess.runKilled(Binaries.quill, ["sync"], environment: home.environment, afterMicroseconds: delay)
                // Done when it says so, or when a sync after a killed one that finished the move has nothing left.
                finished = output.contains(direction) || (round > 0 && output.hasPrefix("pulled 0, pushed 0, conflicts 0"))
            }
            #expect(finished, "seed \(seed): the \(direction) sync never finished")
        }
        let copy = bob.root + "/copy.bin"
        _ = try await bob.succeed(["attachment", "get", "recording.bin", "-o", copy])
        #expect(FileManager.default.contents(atPath: copy) == bytes, "seed \(seed)")
        let again = try await bob.succeed(["sync"])
        #expect(again == "pulled 0, pushed 0, conflicts 0", "seed \(seed): \(again)")
    }
}
