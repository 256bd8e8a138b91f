// swift-tools-version:6.0
// Quill: one package, layered modules. The layer of a target is the folder it lives in
// (Modules/<Layer>/<Target>); `Tools/DependencyRule` checks the allowed edges between layers.
import PackageDescription

let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
// Packages of the server (quill-server).
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let hummingbirdTesting = Target.Dependency.product(name: "HummingbirdTesting", package: "hummingbird")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let metrics = Target.Dependency.product(name: "Metrics", package: "swift-metrics")
let prometheus = Target.Dependency.product(name: "Prometheus", package: "swift-prometheus")
let serviceLifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let postgresNIO = Target.Dependency.product(name: "PostgresNIO", package: "postgres-nio")
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")

func module(_ layer: String, _ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "Modules/\(layer)/\(name)")
}

func tests(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: name, dependencies: dependencies, path: "Tests/\(name)")
}

let package = Package(
    name: "Quill",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "quill", targets: ["quill"]),
        .executable(name: "quill-server", targets: ["quill-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"), // Archive: SHA-256 in manifests
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"), // Archive: front matter written by other apps
        // The server: HTTP, lifecycle, metrics, PostgreSQL, logging.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.4.0"),
        // Tests only: property-based round trips of note content (Tests/NoteRoundTripPropertyTests).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // Models
        module("Models", "QuillModels"),
        module("Models", "QuillAPI", ["QuillModels"]),

        // Interfaces: one small protocol per external concern.
        module("Interfaces", "ClockInterface"),
        module("Interfaces", "RandomnessInterface", ["QuillModels"]),
        module("Interfaces", "FileSystemInterface"),
        module("Interfaces", "NoteStoreInterface", ["QuillModels"]),
        module("Interfaces", "TerminalInterface"),

        // Features: the logic, written against interfaces only.
        module("Features", "NotesFeature", ["QuillModels", "NoteStoreInterface", "ClockInterface", "RandomnessInterface"]),
        module("Features", "QuillCLI", [
            "QuillModels", "NotesFeature", "NoteStoreInterface", "ClockInterface", "RandomnessInterface", "FileSystemInterface",
            "TerminalInterface", argumentParser,
            "ArchiveFeature", "CompressionInterface", "ByteStreamInterface", // Archive
            "SyncFeature", "SyncStateInterface", "SyncTransportInterface", // Sync
        ]),

        // Adapters: the real implementations, each over its one technology.
        module("Adapters", "SystemClock", ["ClockInterface"]),
        module("Adapters", "SystemRandomness", ["QuillModels", "RandomnessInterface"]),
        module("Adapters", "GlibcAllocator", ["CAllocator"]),
        .systemLibrary(name: "CFileSync", path: "Modules/SystemLibraries/CFileSync"),
        .systemLibrary(name: "CAllocator", path: "Modules/SystemLibraries/CAllocator"),
        module("Adapters", "LocalFileSystem", ["FileSystemInterface", "CFileSync"]),
        module("Adapters", "FileNoteStore", ["QuillModels", "NoteStoreInterface", "FileSystemInterface"]),
        module("Adapters", "POSIXTerminal", ["TerminalInterface"]),

        // Testing: fakes and doubles, for the preview and test roots and for tests.
        module("Testing", "ClockTesting", ["ClockInterface"]),
        module("Testing", "RandomnessTesting", ["QuillModels", "RandomnessInterface"]),
        module("Testing", "FileSystemTesting", ["FileSystemInterface"]),
        module("Testing", "NoteStoreTesting", ["QuillModels", "NoteStoreInterface", "RandomnessTesting"]),
        module("Testing", "TerminalTesting", ["TerminalInterface"]),
        module("Testing", "ScratchDirectories"),
        module("Testing", "ChildProcesses"),
        module("Testing", "UnimplementedDoubles", [
            "QuillModels", "ClockInterface", "RandomnessInterface", "FileSystemInterface", "NoteStoreInterface", "TerminalInterface",
            "CompressionInterface", "ByteStreamInterface", // Archive
            "SyncStateInterface", "SyncTransportInterface", // Sync
        ]),

        // Composition roots: the only code that names adapters.
        module("Composition", "QuillComposition", [
            "QuillCLI", "QuillModels", "SystemClock", "SystemRandomness", "GlibcAllocator", "LocalFileSystem", "FileNoteStore",
            "POSIXTerminal", "ClockTesting", "RandomnessTesting", "NoteStoreTesting",
            "ZlibCompression", "LocalByteStream", "ByteStreamTesting", // Archive
            "FileSyncState", "HTTPSyncTransport", "SyncStateInterface", "SyncStateTesting", "SyncTransportTesting", // Sync
        ]),
        module("Composition", "QuillTestComposition", [
            "QuillCLI", "UnimplementedDoubles", "ByteStreamInterface", "ClockInterface",
            "CompressionInterface", "FileSystemInterface", "NoteStoreInterface", "RandomnessInterface", "TerminalInterface",
        ]),

        // Apps: parse, pick a root, run.
        .executableTarget(name: "quill", dependencies: ["QuillCLI", "QuillComposition", argumentParser], path: "Apps/quill"),

        // Tests
        tests("QuillModelsTests", ["QuillModels", "RandomnessTesting"]),
        tests("FileSystemContractTests", ["FileSystemInterface", "LocalFileSystem", "FileSystemTesting", "ScratchDirectories"]),
        tests("NoteStoreContractTests", [
            "QuillModels", "NoteStoreInterface", "FileNoteStore", "LocalFileSystem", "FileSystemTesting",
            "NoteStoreTesting", "ScratchDirectories",
        ]),
        tests("NotesFeatureTests", ["NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "ClockTesting", "RandomnessTesting", "QuillModels"]),
        tests("QuillCLITests", [
            "QuillCLI", "QuillTestComposition", "NoteStoreTesting", "ClockTesting", "RandomnessTesting", "TerminalTesting",
            "FileSystemTesting", "QuillModels",
            "ByteStreamTesting", "CompressionTesting", // Archive
            "SyncStateInterface", "SyncStateTesting", "SyncTransportInterface", "SyncTransportTesting", // Sync
        ]),
        tests("LiveAdapterTests", ["LocalFileSystem", "FileSystemInterface", "POSIXTerminal", "ScratchDirectories"]),
        tests("QuillIntegrationTests", ["QuillModels", "ChildProcesses", "quill"]),
        tests("ClockContractTests", ["ClockInterface", "ClockTesting", "SystemClock"]),
        tests("RandomnessContractTests", ["QuillModels", "RandomnessInterface", "RandomnessTesting", "SystemRandomness"]),
        tests("TerminalContractTests", ["TerminalInterface", "TerminalTesting", "POSIXTerminal", "ScratchDirectories"]),

        // Archive: compression, byte streams, tar.gz export and import.
        module("Interfaces", "CompressionInterface"),
        .systemLibrary(name: "CZlib", path: "Modules/SystemLibraries/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        module("Adapters", "ZlibCompression", ["CompressionInterface", "CZlib"]),
        module("Testing", "CompressionTesting", ["CompressionInterface"]),
        module("Interfaces", "ByteStreamInterface"),
        module("Adapters", "LocalByteStream", ["ByteStreamInterface"]),
        module("Testing", "ByteStreamTesting", ["ByteStreamInterface"]),
        module("Features", "ArchiveFeature", [
            "QuillModels", "NoteStoreInterface", "ClockInterface", "RandomnessInterface", "CompressionInterface", "ByteStreamInterface",
            "FileSystemInterface",
            .product(name: "Crypto", package: "swift-crypto"), .product(name: "Yams", package: "Yams"),
        ]),
        tests("CompressionContractTests", ["CompressionInterface", "ZlibCompression", "CompressionTesting", "RandomnessTesting"]),
        tests("ArchiveFeatureTests", [
            "ArchiveFeature", "QuillModels", "NoteStoreInterface", "NoteStoreTesting", "ClockTesting", "RandomnessTesting", "CompressionInterface",
            "CompressionTesting", "ZlibCompression", "ByteStreamInterface", "ByteStreamTesting",
        ]),
        tests("ArchiveIntegrationTests", [
            "ArchiveFeature", "LocalByteStream", "ZlibCompression", "ByteStreamInterface",
            "NoteStoreInterface", "NoteStoreTesting", "ClockTesting", "RandomnessTesting", "QuillModels", "ChildProcesses",
        ]),
        tests("ByteStreamContractTests", ["ByteStreamInterface", "ByteStreamTesting", "LocalByteStream", "ScratchDirectories"]),
        // The server.
        module("Interfaces", "ServerStoreInterface", ["QuillModels", "QuillAPI", "TokenSecurityInterface"]),
        module("Interfaces", "TokenSecurityInterface"),
        module("Testing", "ServerStoreTesting", ["QuillModels", "ServerStoreInterface", "TokenSecurityInterface"]),
        module("Testing", "TokenSecurityTesting", ["TokenSecurityInterface"]),
        .systemLibrary(name: "CSQLite", path: "Modules/SystemLibraries/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        module("Adapters", "SQLiteServerStore", ["QuillModels", "ServerStoreInterface", "CSQLite"]),
        module("Adapters", "CryptoTokenSecurity", ["TokenSecurityInterface", crypto]),
        module("Adapters", "PostgresServerStore", ["QuillModels", "ServerStoreInterface", postgresNIO, logging, serviceLifecycle]),
        module("Features", "ServerFeature", [
            "QuillModels", "QuillAPI", "ServerStoreInterface", "TokenSecurityInterface", "ClockInterface", "RandomnessInterface",
            "NoteStoreInterface", "ArchiveFeature", "CompressionInterface",
            "ByteStreamInterface", hummingbird, logging, metrics, prometheus, serviceLifecycle, crypto,
        ]),
        module("Composition", "ServerComposition", [
            "ServerFeature", "ServerStoreInterface", "ServerStoreTesting", "SQLiteServerStore", "PostgresServerStore",
            "TokenSecurityInterface", "CryptoTokenSecurity", "ZlibCompression", "ByteStreamInterface", "LocalByteStream", "ByteStreamTesting",
            "ClockInterface", "SystemClock", "RandomnessInterface", "SystemRandomness",
            hummingbird, logging, serviceLifecycle,
        ]),
        .executableTarget(name: "quill-server", dependencies: ["ServerComposition", "ServerFeature", "QuillModels", argumentParser, logging], path: "Apps/quill-server"),
        // Benchmark only (Tools/benchmarks/server.sh): the bare Hummingbird app quill-server is measured against.
        .executableTarget(name: "bare-hummingbird-benchmark", dependencies: [hummingbird], path: "Apps/bare-hummingbird-benchmark"),
        tests("ServerStoreInterfaceTests", ["ServerStoreInterface", "QuillModels"]),
        tests("TokenSecurityContractTests", ["TokenSecurityInterface", "TokenSecurityTesting", "CryptoTokenSecurity"]),
        tests("ServerFeatureTests", [
            "ServerFeature", "QuillAPI", "ServerStoreInterface", "ServerStoreTesting", "TokenSecurityTesting", "QuillModels", "ClockInterface",
            "ClockTesting", "RandomnessTesting", hummingbirdTesting,
            "ZlibCompression", "ArchiveFeature", "ByteStreamTesting", "NoteStoreTesting", "NoteStoreInterface",
        ]),
        tests("ServerStoreContractTests", [
            "ServerStoreInterface", "QuillModels", "ServerStoreTesting", "SQLiteServerStore", "PostgresServerStore", "CSQLite", postgresNIO, logging,
        ]),
        tests("ServerCompositionTests", ["ServerComposition", "ServerStoreInterface", "ServerStoreTesting", logging]),
        tests("QuillServerIntegrationTests", ["ChildProcesses", "quill-server"]),

        // Sync.
        module("Interfaces", "SyncStateInterface", ["QuillModels", "SyncTransportInterface"]),
        module("Interfaces", "SyncTransportInterface", ["QuillModels"]),
        module("Features", "SyncFeature", [
            "QuillModels", "SyncStateInterface", "SyncTransportInterface", "NoteStoreInterface", "ClockInterface", "RandomnessInterface",
        ]),
        module("Testing", "SyncStateTesting", ["QuillModels", "SyncStateInterface"]),
        module("Testing", "SyncTransportTesting", ["QuillModels", "SyncTransportInterface", "RandomnessTesting"]),
        module("Adapters", "FileSyncState", ["QuillModels", "SyncStateInterface", "SyncTransportInterface"]),
        module("Adapters", "HTTPSyncTransport", ["QuillModels", "QuillAPI", "SyncStateInterface", "SyncTransportInterface"]),
        tests("SyncFeatureTests", [
            "SyncFeature", "SyncStateInterface", "SyncStateTesting", "SyncTransportInterface", "SyncTransportTesting",
            "NoteStoreInterface", "NoteStoreTesting", "ClockTesting", "RandomnessTesting", "QuillModels",
        ]),
        tests("SyncStateContractTests", [
            "SyncStateInterface", "SyncStateTesting", "SyncTransportInterface", "FileSyncState", "QuillModels", "ScratchDirectories",
        ]),
        tests("HTTPSyncTransportTests", ["HTTPSyncTransport", "SyncStateInterface", "SyncTransportInterface", "QuillModels"]),
        tests("SyncTransportContractTests", [
            "SyncTransportInterface", "SyncTransportTesting", "HTTPSyncTransport", "SyncStateInterface", "QuillModels", "ChildProcesses",
            "ScratchDirectories", "quill-server",
        ]),
        tests("SyncEndToEndTests", ["ChildProcesses", "quill", "quill-server"]),

        // Arbitrary Unicode note content through every write path and back through every read path.
        tests("NoteRoundTripPropertyTests", [
            "QuillModels", "QuillAPI", "NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "FileNoteStore", "LocalFileSystem",
            "FileSystemTesting", "ScratchDirectories", "ClockTesting", "RandomnessTesting", "ServerStoreInterface", "ServerStoreTesting",
            "TokenSecurityTesting", "SQLiteServerStore", "PostgresServerStore", "ServerFeature", "ArchiveFeature", "ZlibCompression", "ByteStreamTesting",
            hummingbird, hummingbirdTesting, postgresNIO, logging, .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
