import ScratchDirectories
import SettingsInterface
import Testing

/// What every settings store promises: nothing saved reads as empty, updates persist and
/// compose, and concurrent updates all land.
@Suite("SettingsStoring contract", .scratchDirectory)
struct SettingsContractTests {
    @Test(arguments: SettingsFixture.allCases)
    func nothingSavedIsEmpty(fixture: SettingsFixture) async throws {
        #expect(try await fixture.make().load() == Settings())
    }

    @Test(arguments: SettingsFixture.allCases)
    func updatesPersistAndCompose(fixture: SettingsFixture) async throws {
        let store = try fixture.make()
        let first = try await store.update { $0.exportLevel = 9 }
        #expect(first == Settings(exportLevel: 9))
        try await store.update {
            $0.editor = "code -w"
            $0.listLimit = .all
        }
        #expect(try await store.load() == Settings(editor: "code -w", exportLevel: 9, listLimit: .all))
        try await store.update { SettingKey.exportLevel.remove(from: &$0) }
        #expect(try await store.load() == Settings(editor: "code -w", listLimit: .all))
    }

    @Test(arguments: SettingsFixture.allCases)
    func everyKeyRoundTrips(fixture: SettingsFixture) async throws {
        let store = try fixture.make()
        let everything = Settings(editor: "vim -u NONE", exportLevel: 1, listLimit: .atMost(0), dates: .local, color: .always)
        try await store.update { $0 = everything }
        #expect(try await store.load() == everything)
    }

    @Test(arguments: SettingsFixture.allCases)
    func concurrentUpdatesAllLand(fixture: SettingsFixture) async throws {
        let store = try fixture.make()
        let updates = 24
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<updates {
                group.addTask { try await store.update { $0.listLimit = .atMost(($0.listLimit?.count ?? 0) + 1) } }
            }
            try await group.waitForAll()
        }
        #expect(try await store.load().listLimit == .atMost(updates))
    }
}
