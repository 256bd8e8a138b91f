@testable import DependencyRule
import Testing

@Suite("Names: one stem per concern")
struct NameCheckTests {
    func target(_ name: String, _ path: String, _ targets: [String] = []) -> PackageGraph.Target {
        .init(name: name, path: path, targets: targets, products: [])
    }

    /// One complete concern, Clock, plus an adapter of no concern: every check passes.
    var wellNamed: [PackageGraph.Target] {
        [
            target("ClockInterface", "Modules/Interfaces/ClockInterface"),
            target("SystemClock", "Modules/Adapters/SystemClock", ["ClockInterface"]),
            target("GlibcAllocator", "Modules/Adapters/GlibcAllocator", ["CAllocator"]),
            target("CAllocator", "Modules/SystemLibraries/CAllocator"),
            target("ClockTesting", "Modules/Testing/ClockTesting", ["ClockInterface"]),
            target("ScratchDirectories", "Modules/Testing/ScratchDirectories"),
            target("ClockContractTests", "Tests/ClockContractTests", ["ClockInterface", "ClockTesting", "SystemClock"]),
        ]
    }

    func violations(replacing name: String? = nil, with replacement: [PackageGraph.Target] = []) -> [String] {
        NameCheck.violations(in: PackageGraph(targets: wellNamed.filter { $0.name != name } + replacement))
    }

    @Test func aWellNamedConcernPasses() {
        #expect(violations().isEmpty)
    }

    /// A small concern shares the Standard modules, a folder each: its contract suite must be
    /// its folder of StandardContractTests, run against the shared fakes and adapters and the
    /// concern's own adapter modules, and the shared modules carry no stem.
    @Test func aSharedConcernKeepsItsContractSuiteRunAgainstTheSharedModules() {
        let shared = SharedConcerns(concerns: ["Clock": .init(protocols: ["WallClock"], hasAdapter: true, hasFakes: true, hasContractSuite: true)])
        let modules = [
            target("StandardInterfaces", "Modules/Interfaces/StandardInterfaces"),
            target("StandardAdapters", "Modules/Adapters/StandardAdapters", ["StandardInterfaces"]),
            target("StandardTesting", "Modules/Testing/StandardTesting", ["StandardInterfaces"]),
            target("AtomicClock", "Modules/Adapters/AtomicClock", ["StandardInterfaces"]),
        ]
        let suite = target("StandardContractTests", "Tests/StandardContractTests",
                           ["AtomicClock", "StandardInterfaces", "StandardTesting", "StandardAdapters"])
        #expect(NameCheck.violations(in: PackageGraph(targets: modules + [suite]), shared: shared).isEmpty)
        let withoutFolder = SharedConcerns(concerns: ["Clock": .init(protocols: ["WallClock"], hasAdapter: true, hasFakes: true,
                                                                     hasContractSuite: false)])
        #expect(NameCheck.violations(in: PackageGraph(targets: modules + [suite]), shared: withoutFolder)
            == ["StandardInterfaces/Clock has no contract suite Tests/StandardContractTests/Clock"])
        let partial = target("StandardContractTests", "Tests/StandardContractTests", ["StandardInterfaces", "StandardTesting"])
        #expect(NameCheck.violations(in: PackageGraph(targets: modules + [partial]), shared: shared)
            == ["StandardContractTests (Tests) does not run Clock's suite against AtomicClock",
                "StandardContractTests (Tests) does not run Clock's suite against StandardAdapters"])
    }

    /// A store adapter that also implements the session concern's protocol (as the server stores
    /// implement `WebSessionStore`) is held to that concern's contract suite too.
    @Test func anAdapterImplementingAnotherConcernsProtocolIsHeldToItsContractSuite() {
        let graph = PackageGraph(targets: wellNamed + [
            target("SessionInterface", "Modules/Interfaces/SessionInterface"),
            target("SessionTesting", "Modules/Testing/SessionTesting", ["SessionInterface"]),
            target("SessionContractTests", "Tests/SessionContractTests", ["SessionInterface", "SessionTesting"]),
            target("SQLiteClock", "Modules/Adapters/SQLiteClock", ["ClockInterface", "SessionInterface"]),
        ])
        var sessions = SwiftDeclarations(), store = SwiftDeclarations()
        sessions.protocols = ["SessionStore"]
        store.conformances = ["SQLiteClock": ["SessionStore"]]
        let concerns = ConcernTable(graph: graph, declarations: ["SessionInterface": sessions, "SQLiteClock": store])
        #expect(NameCheck.violations(in: graph, concerns: concerns).contains("SessionContractTests (Tests) does not run against SQLiteClock"))
        #expect(!NameCheck.violations(in: graph).contains { $0.hasPrefix("SessionContractTests") })
    }

    @Test func anInterfaceWithoutItsFakesIsAViolation() {
        #expect(violations(replacing: "ClockTesting") == ["ClockInterface has no fakes module Modules/Testing/ClockTesting"])
    }

    @Test func anInterfaceWithoutItsContractSuiteIsAViolation() {
        #expect(violations(replacing: "ClockContractTests") == ["ClockInterface has no contract suite Tests/ClockContractTests"])
    }

    @Test func anInterfacesModuleNotNamedAfterAConcernIsAViolation() {
        #expect(violations(with: [target("SystemProtocols", "Modules/Interfaces/SystemProtocols")])
            == ["SystemProtocols (Interfaces) is not named <Concern>Interface"])
    }

    @Test func anAdapterNamedAfterNoConcernIsAViolation() {
        #expect(violations(replacing: "SystemClock", with: [target("SystemLive", "Modules/Adapters/SystemLive", ["ClockInterface"])])
            == ["SystemLive (Adapters) is not named <Technology><Concern> after any <Concern>Interface"])
    }

    @Test func anAdapterThatIsOnlyItsStemIsAViolation() {
        #expect(violations(with: [target("Clock", "Modules/Adapters/Clock", ["ClockInterface"])])
            == ["Clock (Adapters) is not named <Technology><Concern> after any <Concern>Interface"])
    }

    @Test func anAdapterCarryingAStemMustDependOnThatInterface() {
        let graph = wellNamed + [
            target("StoreInterface", "Modules/Interfaces/StoreInterface"),
            target("StoreTesting", "Modules/Testing/StoreTesting", ["StoreInterface"]),
            target("StoreContractTests", "Tests/StoreContractTests", ["StoreTesting", "FileStore"]),
            target("FileStore", "Modules/Adapters/FileStore", ["ClockInterface"]),
        ]
        #expect(NameCheck.violations(in: PackageGraph(targets: graph))
            == ["FileStore (Adapters) carries the stem Store but does not depend on StoreInterface"])
    }

    @Test func theLongestStemNamesTheAdapter() {
        let graph = wellNamed + [
            target("StoreInterface", "Modules/Interfaces/StoreInterface"),
            target("StoreTesting", "Modules/Testing/StoreTesting", ["StoreInterface"]),
            target("StoreContractTests", "Tests/StoreContractTests", ["StoreTesting"]),
            target("NoteStoreInterface", "Modules/Interfaces/NoteStoreInterface"),
            target("NoteStoreTesting", "Modules/Testing/NoteStoreTesting", ["NoteStoreInterface"]),
            target("NoteStoreContractTests", "Tests/NoteStoreContractTests", ["NoteStoreTesting", "FileNoteStore"]),
            target("FileNoteStore", "Modules/Adapters/FileNoteStore", ["NoteStoreInterface"]),
        ]
        #expect(NameCheck.violations(in: PackageGraph(targets: graph)).isEmpty)
    }

    @Test func fakesMustDependOnTheirInterface() {
        #expect(violations(replacing: "ClockTesting", with: [target("ClockTesting", "Modules/Testing/ClockTesting")])
            == ["ClockTesting (Testing) does not depend on ClockInterface"])
        #expect(violations(with: [target("ProcessTesting", "Modules/Testing/ProcessTesting")])
            == ["ProcessTesting (Testing) does not depend on ProcessInterface"])
    }

    @Test func aContractSuiteMustRunAgainstEveryAdapterAndTheFakes() {
        #expect(violations(with: [target("TaskClock", "Modules/Adapters/TaskClock", ["ClockInterface"])])
            == ["ClockContractTests (Tests) does not run against TaskClock"])
    }

    @Test func aContractSuiteOfNoConcernIsAViolation() {
        #expect(violations(with: [target("ArchiveContractTests", "Tests/ArchiveContractTests")])
            == ["ArchiveContractTests (Tests) is the contract suite of no concern: there is no ArchiveInterface"])
    }
}
