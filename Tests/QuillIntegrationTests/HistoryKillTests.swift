import ChildProcesses
import Foundation
import Testing

/// The history's writes with the real binary, SIGKILLed at random moments: edits, restores,
/// pruning, an import of an archive with history and its undo. Afterwards every note's history
/// reads, starts at the note as it is, and holds every acknowledged edit made since the last
/// prune began; no transaction is left behind.
@Suite("History under SIGKILL")
struct HistoryKillTests {
    @Test func killingHistoryWritesAtRandomMomentsLeavesEveryHistoryWhole() async throws {
        let seed = ProcessInfo.processInfo.environment["QUILL_KILL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        var random = SeedRandom(seed: seed)
        let quill = QuillProcess.withFreshHome()
        let source = QuillProcess.withFreshHome()
        let archive = FileManager.default.temporaryDirectory.appendingPathComponent("quill-kill-\(UUID().uuidString).tar.gz").path
        defer {
            quill.removeHome()
            source.removeHome()
            try? FileManager.default.removeItem(atPath: archive)
        }
        for index in 0..<12 {
            let id = try await source.succeed(["add", "Source \(index)", "--body", "v0\n"])
            for version in 1...3 { _ = try await source.succeed(["edit", id, "--body", "v\(version)\nline\n"]) }
        }
        _ = try await source.succeed(["export", "--history", "--output", archive])
        for index in 0..<8 { _ = try await quill.succeed(["add", "Note \(index)", "--body", "start\n"]) }
        let ids = try await quill.listedIDs()

        var mustKeep: [(id: String, token: String, revision: String)] = []
        var imports: [String] = []
        for round in 0..<60 {
            let id = ids[random.below(ids.count)]
            let token = "token-\(seed)-\(round)"
            let arguments: [String]
            // The last rounds edit and finish, so that some acknowledged edits always follow the last prune.
            switch round >= 50 ? 0 : random.below(10) {
            case 0...4: arguments = ["edit", id, "--body", "\(token)\nsecond line\n"]
            case 5: arguments = ["restore", id, "--revision", "1"]
            case 6:
                arguments = ["history", "prune", "--keep", "\(2 + random.below(3))", "--yes"]
                mustKeep.removeAll()
            case 7: arguments = ["import", archive]
            default: arguments = imports.isEmpty ? ["import", archive] : ["import", "--undo", imports.removeLast()]
            }
            // Half the commands are killed within 40 ms (most of a command's run), half may finish.
            let delay = round < 50 && random.below(2) == 0 ? random.below(40_000) : 2_000_000
            let result = try await ChildProcess.runKilled(QuillProcess.binary, arguments, environment: quill.environment, afterMicroseconds: UInt64(delay))
            if arguments[0] == "edit", let number = result.split(separator: "(revision ").last?.prefix(while: { $0.isNumber }), !number.isEmpty {
                mustKeep.append((id, token, String(number)))
            }
            if let undo = result.range(of: "import --undo ") {
                imports.append(String(result[undo.upperBound...].prefix(12)))
            }
        }
        for id in try await quill.listedIDs() {
            let history = try await quill.run(["history", id, "--json"])
            #expect(history.status == 0, "seed \(seed): history of \(id): \(history.errors)")
            let revisions = try JSONSerialization.jsonObject(with: Data(history.output.utf8)) as? [[String: Any]] ?? []
            let current = try JSONSerialization.jsonObject(with: Data(try await quill.succeed(["show", id, "--json"]).utf8)) as? [String: Any]
            #expect(revisions.first?["revision"] as? Int == current?["revision"] as? Int, "seed \(seed): \(id)")
        }
        for (id, token, revision) in mustKeep {
            let shown = try await quill.run(["show", id, "--revision", revision])
            #expect(shown.status == 0 && shown.output.contains(token), "seed \(seed): acknowledged \(token) (revision \(revision) of \(id)) is lost")
        }
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: quill.home + "/txn")) ?? []
        #expect(leftovers.isEmpty, "seed \(seed): \(leftovers)")
    }
}

/// SplitMix64: the rounds of a run follow from its printed seed.
struct SeedRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func below(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
