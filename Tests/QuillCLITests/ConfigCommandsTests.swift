import ByteStreamTesting
import CompressionInterface
import CompressionTesting
import FileSystemTesting
import Foundation
import NoteStoreTesting
import QuillCLI
import QuillModels
import QuillTestComposition
import SearchIndexTesting
import SettingsInterface
import SettingsTesting
import StandardTesting
import Synchronization
import Testing
import UnimplementedDoubles

/// `quill config` and what each setting changes, with the precedence flag > environment > settings > default.
@Suite("quill config")
struct ConfigCommandsTests {
    let notes = InMemoryNoteStore(notes: SampleNotes.all())
    let console = RecordingConsole()

    func environment(
        _ settings: any SettingsStoring = InMemorySettings(), variables: [String: String] = [:],
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, console: RecordingConsole? = nil,
        editor: ScriptedEditor = ScriptedEditor(reply: "Edited\n\nbody"), compression: any Compressing = FakeCompression(),
        files: InMemoryByteStreamFiles = InMemoryByteStreamFiles()
    ) -> CLIEnvironment {
        QuillTestRoots.test(
            store: notes, clock: FixedClock(SampleNotes.epoch), console: console ?? self.console, inputFiles: InMemoryFileSystem(), editor: editor,
            compression: compression, byteStreams: files, scratch: InMemoryScratchStorage(),
            searchIndex: InMemorySearchIndex(), searchSource: ListingSearchSource(store: notes),
            settings: SettingsEnvironment(store: settings, variables: variables, timeZone: timeZone))
    }

    @Test func historyKeepTakesACountOrASpanFromTheFileOrTheEnvironment() async throws {
        let settings = InMemorySettings()
        try await run(["config", "set", "history.keep", "100"], in: environment(settings))
        #expect(try await settings.load() == Settings(historyKeep: .revisions(100)))
        try await run(["config", "set", "history.keep", "26w"], in: environment(settings))
        #expect(try await settings.load() == Settings(historyKeep: .span(seconds: 26 * 604_800)))
        await #expect(throws: (any Error).self) { try await run(["config", "set", "history.keep", "soon"], in: environment(settings)) }
        console.clear()
        try await run(["config", "get", "history.keep"], in: environment(settings, variables: ["QUILL_HISTORY_KEEP": "30d"]))
        #expect(console.output == "30d\n")
    }

    @Test func setGetUnsetAndList() async throws {
        let settings = InMemorySettings()
        try await run(["config", "set", "list.limit", "3"], in: environment(settings))
        try await run(["config", "set", "color", "never"], in: environment(settings))
        #expect(try await settings.load() == Settings(listLimit: .atMost(3), color: .never))
        try await run(["config", "get", "list.limit"], in: environment(settings))
        #expect(console.output == "3\n")

        let listed = RecordingConsole()
        try await run(["config", "list"], in: environment(settings, variables: ["VISUAL": "nano"], console: listed))
        #expect(listed.output == """
            color         never  (from the settings file)
            dates         utc    (default)
            editor        nano   (default)
            export.level  6      (default)
            list.limit    3      (from the settings file)
            history.keep  all    (default)

            """)
        try await run(["config", "unset", "list.limit"], in: environment(settings))
        #expect(try await settings.load() == Settings(color: .never))
    }

    @Test func jsonShowsTypedValuesAndTheirSources() async throws {
        let settings = InMemorySettings(Settings(listLimit: .atMost(5)))
        try await run(["config", "get", "list.limit", "--json"], in: environment(settings))
        #expect(console.output == "{\n  \"key\" : \"list.limit\",\n  \"source\" : \"settings\",\n  \"value\" : 5\n}\n")
        let listed = RecordingConsole()
        try await run(["config", "list", "--json"], in: environment(settings, variables: ["QUILL_DATES": "local"], console: listed))
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["key"] as? String } == ["color", "dates", "editor", "export.level", "list.limit", "history.keep"])
        #expect(entries[1]["source"] as? String == "environment" && entries[1]["variable"] as? String == "QUILL_DATES")
        #expect(entries[3]["value"] as? Int == 6 && entries[3]["source"] as? String == "default")
    }

    @Test(arguments: [
        ["config", "set", "export.level", "12"], ["config", "set", "colour", "always"], ["config", "set", "list.limit", "-1"],
        ["config", "set", "dates", "mars"], ["config", "get", "nope"], ["config", "set", "editor", " "],
    ])
    func badKeysAndValuesAreUsageErrors(arguments: [String]) {
        #expect(Quill.exitCode(for: catchingParse(arguments)) == .validationFailure)
    }

    private func catchingParse(_ arguments: [String]) -> any Error {
        do {
            _ = try Quill.parseAsRoot(arguments)
            return CLIFailure("parsed")
        } catch {
            return error
        }
    }

    @Test func precedenceIsFlagThenEnvironmentThenSettingsThenDefault() async throws {
        let settings = InMemorySettings(Settings(listLimit: .atMost(4)))
        func listed(_ arguments: [String], variables: [String: String] = [:]) async throws -> Int {
            let console = RecordingConsole()
            try await run(["list"] + arguments, in: environment(settings, variables: variables, console: console))
            return console.output.split(separator: "\n").count
        }
        #expect(try await listed([]) == 4)                                              // settings
        #expect(try await listed([], variables: ["QUILL_LIST_LIMIT": "2"]) == 2)        // environment beats settings
        #expect(try await listed(["-n", "1"], variables: ["QUILL_LIST_LIMIT": "2"]) == 1) // flag beats environment
        #expect(try await listed(["-n", "all"], variables: ["QUILL_LIST_LIMIT": "2"]) == SampleNotes.all().count)
        try await settings.update { $0.listLimit = nil }
        #expect(try await listed([]) == SampleNotes.all().count)                        // default: all
    }

    @Test func anInvalidEnvironmentVariableIsAnErrorNamingIt() async throws {
        await #expect(throws: CLIFailure("$QUILL_LIST_LIMIT: 'many' is not a valid list.limit: expected 'all' or a count of zero or more")) {
            try await run(["list"], in: environment(variables: ["QUILL_LIST_LIMIT": "many"]))
        }
    }

    @Test func theEditorSettingChoosesTheEditor() async throws {
        let id = SampleNotes.all()[0].id.description
        func editorUsed(_ arguments: [String] = [], settings: Settings = Settings(), variables: [String: String] = [:]) async throws -> String? {
            let editor = ScriptedEditor(reply: "Edited\n\nbody")
            try await run(["edit", id] + arguments, in: environment(InMemorySettings(settings), variables: variables, editor: editor))
            return editor.commands.first
        }
        #expect(try await editorUsed() == "vi")
        #expect(try await editorUsed(variables: ["EDITOR": "ed", "VISUAL": "vim"]) == "vim")
        #expect(try await editorUsed(settings: Settings(editor: "nano"), variables: ["VISUAL": "vim"]) == "nano")
        #expect(try await editorUsed(settings: Settings(editor: "nano"), variables: ["QUILL_EDITOR": "code -w"]) == "code -w")
        #expect(try await editorUsed(["--editor", "emacs"], settings: Settings(editor: "nano"), variables: ["QUILL_EDITOR": "x"]) == "emacs")
    }

    @Test func theExportLevelSettingChoosesTheCompressionLevel() async throws {
        func levelUsed(_ arguments: [String] = [], settings: Settings = Settings(), variables: [String: String] = [:]) async throws -> Int? {
            let compression = LevelRecordingCompression()
            try await run(["export", "-o", "out.tgz", "-q"] + arguments,
                          in: environment(InMemorySettings(settings), variables: variables, compression: compression))
            return compression.levels.first
        }
        #expect(try await levelUsed() == 6)
        #expect(try await levelUsed(settings: Settings(exportLevel: 1)) == 1)
        #expect(try await levelUsed(settings: Settings(exportLevel: 1), variables: ["QUILL_EXPORT_LEVEL": "4"]) == 4)
        #expect(try await levelUsed(["--level", "9"], settings: Settings(exportLevel: 1), variables: ["QUILL_EXPORT_LEVEL": "4"]) == 9)
    }

    @Test func theDatesSettingShowsLocalTime() async throws {
        let paris = try #require(TimeZone(secondsFromGMT: 3600))
        let note = SampleNotes.all()[0]
        let utc = RecordingConsole()
        try await run(["show", note.id.description], in: environment(timeZone: paris, console: utc))
        #expect(utc.output.contains("created:  \(Timestamp(note.created))\n"))

        let local = RecordingConsole()
        try await run(["show", note.id.description], in: environment(InMemorySettings(Settings(dates: .local)), timeZone: paris, console: local))
        let shifted = Timestamp(note.created.addingTimeInterval(3600)).description.dropLast() // "…000Z" without the Z
        #expect(local.output.contains("created:  \(shifted)+01:00\n"))

        let listed = RecordingConsole()
        try await run(["list", "-n", "1", "--dates", "local"], in: environment(timeZone: paris, console: listed))
        let summary = try #require(await notes.list(.init(limit: 1)).notes.first)
        #expect(listed.output.contains("  \(Timestamp(summary.updated.addingTimeInterval(3600)).minutes)  "))
    }

    @Test func theColorSettingColoursOutput() async throws {
        func colored(_ arguments: [String] = [], settings: Settings = Settings(), variables: [String: String] = [:], terminal: Bool) async throws -> Bool {
            let console = RecordingConsole(isStandardOutputTerminal: terminal)
            try await run(["list", "-n", "2"] + arguments, in: environment(InMemorySettings(settings), variables: variables, console: console))
            return console.output.contains("\u{1B}[33m")
        }
        #expect(try await colored(terminal: true))                                   // auto, on a terminal
        #expect(try await !colored(terminal: false))                                 // auto, piped
        #expect(try await !colored(variables: ["NO_COLOR": "1"], terminal: true))    // the default honours NO_COLOR
        #expect(try await colored(settings: Settings(color: .always), variables: ["NO_COLOR": "1"], terminal: false))
        #expect(try await !colored(settings: Settings(color: .always), variables: ["QUILL_COLOR": "never"], terminal: true))
        #expect(try await colored(["--color", "always"], settings: Settings(color: .never), terminal: false))
    }

    @Test func commandsThatNeedNoSettingsNeverReadThem() async throws {
        let unread = UnimplementedSettings()
        let id = SampleNotes.all()[0].id.description
        try await run(["add", "New", "--body", "x"], in: QuillTestRoots.test(
            store: notes, clock: FixedClock(SampleNotes.epoch), ids: SequentialNoteIDs(), console: console,
            settings: SettingsEnvironment(store: unread, variables: [:], timeZone: .current)))
        for arguments in [
            ["show", id, "--json"], ["search", "a", "--json"], ["list", "--json", "-n", "all"],
            ["list", "-n", "3", "--dates", "local", "--color", "never"], ["rm", id],
        ] {
            try await run(arguments, in: environment(unread))
        }
        try await run(["list"], in: environment(unread, variables: ["QUILL_LIST_LIMIT": "1", "QUILL_DATES": "utc", "QUILL_COLOR": "auto"]))
    }

    @Test func aCorruptSettingsFileStopsOnlyTheCommandsThatNeedSettings() async throws {
        let corrupt = InMemorySettings(failure: .corrupt(path: "/home/u/.config/quill/settings.json", reason: "not a JSON object of settings"))
        let failure = await #expect(throws: CLIFailure.self) { try await run(["list"], in: environment(corrupt)) }
        #expect(failure?.message == "the settings file /home/u/.config/quill/settings.json is not valid: not a JSON object of settings")
        #expect(failure?.hint?.contains("/home/u/.config/quill/settings.json") == true)
        await #expect(throws: CLIFailure.self) { try await run(["config", "set", "dates", "utc"], in: environment(corrupt)) }

        // These read no settings: JSON output, and every setting decided by a flag or the environment.
        try await run(["list", "--json", "-n", "all"], in: environment(corrupt))
        try await run(["list", "-n", "1", "--dates", "utc", "--color", "never"], in: environment(corrupt))
        try await run(["show", SampleNotes.all()[0].id.description, "--json"], in: environment(corrupt))
        try await run(["config", "get", "color"], in: environment(corrupt, variables: ["QUILL_COLOR": "never"]))
    }
}

/// Records the level each compressor was made with, compressing as the fake does.
final class LevelRecordingCompression: Compressing {
    private let recorded = Mutex<[Int]>([])
    var levels: [Int] { recorded.withLock { $0 } }

    func makeCompressor(level: CompressionLevel) throws(CompressionError) -> any Compressor {
        recorded.withLock { $0.append(level.value) }
        return try FakeCompression().makeCompressor(level: level)
    }
}
