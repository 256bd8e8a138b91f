import ChildProcesses
import Foundation
import Testing

/// The link index's upkeep with the real binary, SIGKILLed at random moments: imports of linked
/// folders, edits and renames that move links, deletions, and the link commands themselves
/// killed while they catch the index up. Afterwards the index answers exactly what an index
/// rebuilt from the same notes answers: never silently wrong, repaired by the next command.
@Suite("Links under SIGKILL")
struct LinkKillTests {
    @Test func killingTheLinkIndexsUpkeepNeverLeavesItWrong() async throws {
        let seed = ProcessInfo.processInfo.environment["QUILL_KILL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        var random = SeedRandom(seed: seed)
        let started = Date()
        defer { print("LinkKillTests: seed \(seed) (QUILL_KILL_SEED replays it), \(Int(Date().timeIntervalSince(started))) s") }
        let quill = QuillProcess.withFreshHome()
        let folders = FileManager.default.temporaryDirectory.appendingPathComponent("quill-link-kill-\(UUID().uuidString)").path
        defer {
            quill.removeHome()
            try? FileManager.default.removeItem(atPath: folders)
        }
        // Three vault-shaped folders of 1,000 notes each, linking to each other by title, by file
        // name (an alias, since the heading differs) and to notes that do not exist.
        for vault in 0..<3 {
            let folder = folders + "/vault\(vault)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for index in 0..<1000 {
                let links = (0..<3).map { _ in
                    let other = random.below(1000)
                    switch random.below(4) {
                    case 0: return "[[v\(vault)-file-\(other)]]"
                    case 1: return "[[V\(vault) heading \(other)#Part|shown]]"
                    case 2: return "[[missing \(random.below(50))]]"
                    default: return "[text](v\(vault)-file-\(other).md)"
                    }
                }
                let text = "# V\(vault) heading \(index)\n\nSee \(links.joined(separator: ", ")).\n"
                try text.write(toFile: folder + "/v\(vault)-file-\(index).md", atomically: false, encoding: .utf8)
            }
        }
        let target = try await quill.succeed(["add", "Target", "--body", "linked from the hub"])
        let hub = try await quill.succeed(["add", "Hub", "--body", "[[V0 heading 1]] [[missing 1]] [[Target]]"])
        var vaults = Array(0..<3)
        var ids: [String] = []
        for round in 0..<30 {
            let arguments: [String]
            switch random.below(8) {
            case 0 where !vaults.isEmpty: arguments = ["import", folders + "/vault\(vaults[0])"]
            case 1: arguments = ["edit", hub, "--body", "[[V\(random.below(3)) heading \(random.below(1000))]] [[missing \(round)]] [[Target \(round - 1)]]"]
            case 2: arguments = ["edit", target, "--title", "Target \(round)"] + (random.below(2) == 0 ? ["--rewrite-links"] : [])
            case 3: arguments = ["links", "--broken"]
            case 4: arguments = ["backlinks", target]
            case 5:
                if ids.isEmpty || random.below(4) == 0 { ids = try await quill.listedIDs().filter { $0 != hub && $0 != target } }
                arguments = ids.isEmpty ? ["show", hub] : ["rm", ids.removeLast()]
            default: arguments = ["show", hub]
            }
            // Most commands are killed within 300 ms: while an import writes or a catch-up indexes.
            let delay = random.below(4) == 0 ? 20_000_000 : random.below(300_000)
            let printed = try await ChildProcess.runKilled(QuillProcess.binary, arguments, environment: quill.environment, afterMicroseconds: UInt64(delay))
            // A killed import is undone whole: that folder is imported again later.
            if arguments[0] == "import", printed.contains("Import ID") { vaults.removeFirst() }
        }
        for vault in vaults { _ = try await quill.succeed(["import", folders + "/vault\(vault)"]) }

        let caughtUp = try await quill.succeed(["links", "--broken", "--json"])
        let graph = try await quill.succeed(["links", "--dot"])
        let hubLinks = try await quill.succeed(["links", hub, "--json"])
        let everyID = try await quill.listedIDs()
        let sampled = [target] + (0..<5).map { _ in everyID[random.below(everyID.count)] }
        var backlinks: [String] = []
        for id in sampled { backlinks.append(try await quill.succeed(["backlinks", id, "--json"])) }
        _ = try await quill.succeed(["search", "--rebuild-index"])
        #expect(try await quill.succeed(["links", "--broken", "--json"]) == caughtUp, "seed \(seed): broken links differ from a rebuilt index's")
        #expect(try await quill.succeed(["links", "--dot"]) == graph, "seed \(seed): the graph differs from a rebuilt index's")
        #expect(try await quill.succeed(["links", hub, "--json"]) == hubLinks, "seed \(seed)")
        var backlinksAfter: [String] = []
        for id in sampled { backlinksAfter.append(try await quill.succeed(["backlinks", id, "--json"])) }
        #expect(backlinksAfter == backlinks, "seed \(seed)")
        #expect(caughtUp.contains("\"missing "), "seed \(seed): the folders' broken links are listed")
        #expect(graph.components(separatedBy: " -> ").count > 2500, "seed \(seed): the folders' links are in the graph")
    }
}
