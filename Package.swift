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
        module("Interfaces", "SystemInterface", ["QuillModels"]),
        module("Interfaces", "FileSystemInterface"),
        module("Interfaces", "NoteStoreInterface", ["QuillModels"]),
        module("Interfaces", "TerminalInterface"),

        // Features: the logic, written against interfaces only.
        module("Features", "NotesFeature", ["QuillModels", "NoteStoreInterface", "SystemInterface", "SearchIndexInterface"]),
        module("Features", "QuillCLI", [
            "QuillModels", "NotesFeature", "NoteStoreInterface", "SystemInterface", "FileSystemInterface",
            "TerminalInterface", argumentParser,
            "ArchiveFeature", "CompressionInterface", "ByteStreamInterface", // Archive
            "SyncFeature", "SyncInterface", // Sync
            "SearchIndexInterface", // Search
        ]),

        // Adapters: the real implementations, each over its one technology.
        module("Adapters", "SystemLive", ["QuillModels", "SystemInterface", "CAllocator"]),
        .systemLibrary(name: "CFileSync", path: "Modules/SystemLibraries/CFileSync"),
        .systemLibrary(name: "CAllocator", path: "Modules/SystemLibraries/CAllocator"),
        module("Adapters", "LocalFileSystem", ["FileSystemInterface", "CFileSync"]),
        module("Adapters", "FileNoteStore", ["QuillModels", "NoteStoreInterface", "FileSystemInterface", "SearchIndexInterface"]),
        module("Adapters", "TerminalLive", ["TerminalInterface"]),

        // Testing: fakes and doubles, for the preview and test roots and for tests.
        module("Testing", "SystemTesting", ["QuillModels", "SystemInterface"]),
        module("Testing", "FileSystemTesting", ["FileSystemInterface"]),
        module("Testing", "NoteStoreTesting", ["QuillModels", "NoteStoreInterface", "SystemTesting"]),
        module("Testing", "TerminalTesting", ["TerminalInterface"]),
        module("Testing", "ScratchDirectories"),
        module("Testing", "ProcessTesting"),
        module("Testing", "UnimplementedDoubles", [
            "QuillModels", "SystemInterface", "FileSystemInterface", "NoteStoreInterface", "TerminalInterface",
            "CompressionInterface", "ByteStreamInterface", // Archive
            "SearchIndexInterface", // Search
        ]),

        // Composition roots: the only code that names adapters.
        module("Composition", "QuillComposition", [
            "QuillCLI", "SystemLive", "LocalFileSystem", "FileNoteStore", "TerminalLive",
            "SystemTesting", "NoteStoreTesting",
            "ZlibCompression", "LocalByteStreams", "ByteStreamTesting", // Archive
            "FileSyncState", "HTTPSyncTransport", "SyncRuntimeLive", "SyncTesting", // Sync
            "SQLiteSearchIndex", "SearchIndexTesting", // Search
        ]),
        module("Composition", "QuillTestComposition", ["QuillCLI", "UnimplementedDoubles", "SyncUnimplementedDoubles", "SearchIndexInterface"]),

        // Apps: parse, pick a root, run.
        .executableTarget(name: "quill", dependencies: ["QuillCLI", "QuillComposition", argumentParser], path: "Apps/quill"),

        // Tests
        tests("QuillModelsTests", ["QuillModels", "SystemTesting"]),
        tests("FileSystemContractTests", ["FileSystemInterface", "LocalFileSystem", "FileSystemTesting", "ScratchDirectories"]),
        tests("NoteStoreContractTests", [
            "QuillModels", "NoteStoreInterface", "FileNoteStore", "LocalFileSystem", "FileSystemTesting",
            "NoteStoreTesting", "SystemTesting", "ScratchDirectories",
        ]),
        tests("NotesFeatureTests", ["NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "SystemTesting", "QuillModels"]),
        tests("QuillCLITests", [
            "QuillCLI", "QuillTestComposition", "NoteStoreTesting", "SystemTesting", "TerminalTesting",
            "FileSystemTesting", "QuillModels", "NotesFeature",
            "ByteStreamTesting", "CompressionTesting", // Archive
            "SyncInterface", "SyncTesting", // Sync
            "SearchIndexInterface", "SearchIndexTesting", // Search
        ]),
        tests("LiveAdapterTests", ["LocalFileSystem", "FileSystemInterface", "TerminalLive", "ScratchDirectories"]),
        tests("QuillIntegrationTests", ["QuillModels", "ProcessTesting", "quill"]),

        // Archive: compression, byte streams, tar.gz export and import.
        module("Interfaces", "CompressionInterface"),
        .systemLibrary(name: "CZlib", path: "Modules/SystemLibraries/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        module("Adapters", "ZlibCompression", ["CompressionInterface", "CZlib"]),
        module("Testing", "CompressionTesting", ["CompressionInterface"]),
        module("Interfaces", "ByteStreamInterface"),
        module("Adapters", "LocalByteStreams", ["ByteStreamInterface"]),
        module("Testing", "ByteStreamTesting", ["ByteStreamInterface"]),
        module("Features", "ArchiveFeature", [
            "QuillModels", "NoteStoreInterface", "SystemInterface", "CompressionInterface", "ByteStreamInterface", "FileSystemInterface",
            .product(name: "Crypto", package: "swift-crypto"), .product(name: "Yams", package: "Yams"),
        ]),
        tests("CompressionContractTests", ["CompressionInterface", "ZlibCompression", "CompressionTesting", "SystemTesting"]),
        tests("ArchiveFeatureTests", [
            "ArchiveFeature", "QuillModels", "NoteStoreInterface", "NoteStoreTesting", "SystemTesting", "CompressionInterface",
            "CompressionTesting", "ZlibCompression", "ByteStreamInterface", "ByteStreamTesting",
        ]),
        tests("ArchiveIntegrationTests", [
            "ArchiveFeature", "LocalByteStreams", "ZlibCompression", "ByteStreamInterface", "ByteStreamTesting",
            "NoteStoreInterface", "NoteStoreTesting", "SystemTesting", "QuillModels", "ProcessTesting",
        ]),
        // The server.
        module("Interfaces", "ServerStoreInterface", ["QuillModels", "QuillAPI"]),
        module("Testing", "ServerStoreTesting", ["QuillModels", "ServerStoreInterface"]),
        .systemLibrary(name: "CSQLite", path: "Modules/SystemLibraries/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        module("Adapters", "SQLiteNoteRepository", ["QuillModels", "ServerStoreInterface", "CSQLite"]),
        module("Adapters", "CryptoTokenSecurity", ["ServerStoreInterface", crypto]),
        module("Adapters", "PostgresNoteRepository", ["QuillModels", "ServerStoreInterface", postgresNIO, logging, serviceLifecycle]),
        module("Features", "ServerFeature", [
            "QuillModels", "QuillAPI", "ServerStoreInterface", "SystemInterface", "NoteStoreInterface", "ArchiveFeature", "CompressionInterface",
            "ByteStreamInterface", hummingbird, logging, metrics, prometheus, serviceLifecycle, crypto,
        ]),
        module("Composition", "ServerComposition", [
            "ServerFeature", "ServerStoreInterface", "ServerStoreTesting", "SQLiteNoteRepository", "PostgresNoteRepository",
            "CryptoTokenSecurity", "ZlibCompression", "ByteStreamInterface", "LocalByteStreams", "ByteStreamTesting", "SystemInterface", "SystemLive",
            hummingbird, logging, serviceLifecycle,
        ]),
        .executableTarget(name: "quill-server", dependencies: ["ServerComposition", "ServerFeature", "QuillModels", argumentParser, logging], path: "Apps/quill-server"),
        // Benchmark only (Tools/benchmarks/server.sh): the bare Hummingbird app quill-server is measured against.
        .executableTarget(name: "bare-hummingbird-benchmark", dependencies: [hummingbird], path: "Apps/bare-hummingbird-benchmark"),
        tests("ServerStoreInterfaceTests", ["ServerStoreInterface", "QuillModels"]),
        tests("CryptoTokenSecurityTests", ["CryptoTokenSecurity", "ServerStoreInterface"]),
        tests("ServerFeatureTests", [
            "ServerFeature", "QuillAPI", "ServerStoreInterface", "ServerStoreTesting", "QuillModels", "SystemTesting", hummingbirdTesting,
            "ZlibCompression", "ArchiveFeature", "ByteStreamTesting", "NoteStoreTesting", "NoteStoreInterface",
        ]),
        tests("ServerStoreContractTests", [
            "ServerStoreInterface", "QuillModels", "ServerStoreTesting", "SQLiteNoteRepository", "PostgresNoteRepository", "CSQLite", postgresNIO, logging,
        ]),
        tests("ServerCompositionTests", ["ServerComposition", "ServerStoreInterface", "ServerStoreTesting", logging]),
        tests("QuillServerIntegrationTests", ["ProcessTesting", "quill-server"]),

        // Sync.
        module("Interfaces", "SyncInterface", ["QuillModels"]),
        module("Features", "SyncFeature", ["QuillModels", "SyncInterface", "NoteStoreInterface", "SystemInterface"]),
        module("Testing", "SyncTesting", ["QuillModels", "SyncInterface", "SystemTesting"]),
        module("Adapters", "FileSyncState", ["QuillModels", "SyncInterface"]),
        module("Adapters", "HTTPSyncTransport", ["QuillModels", "QuillAPI", "SyncInterface"]),
        module("Adapters", "SyncRuntimeLive", ["SyncInterface"]),
        module("Testing", "SyncUnimplementedDoubles", ["QuillModels", "SyncInterface"]),
        tests("SyncFeatureTests", [
            "SyncFeature", "SyncTesting", "SyncInterface", "NoteStoreInterface", "NoteStoreTesting", "SystemInterface",
            "SystemTesting", "QuillModels",
        ]),
        tests("SyncStateContractTests", ["SyncInterface", "SyncTesting", "FileSyncState", "QuillModels", "ScratchDirectories"]),
        tests("HTTPSyncTransportTests", ["HTTPSyncTransport", "SyncInterface", "QuillModels"]),
        tests("SyncEndToEndTests", [
            "SyncInterface", "SyncTesting", "HTTPSyncTransport", "QuillModels", "ProcessTesting", "quill", "quill-server",
        ]),

        // Arbitrary Unicode note content through every write path and back through every read path.
        tests("NoteRoundTripPropertyTests", [
            "QuillModels", "QuillAPI", "NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "FileNoteStore", "LocalFileSystem",
            "FileSystemTesting", "ScratchDirectories", "SystemTesting", "ServerStoreInterface", "ServerStoreTesting",
            "SQLiteNoteRepository", "PostgresNoteRepository", "ServerFeature", "ArchiveFeature", "ZlibCompression", "ByteStreamTesting",
            hummingbird, hummingbirdTesting, postgresNIO, logging, .product(name: "PropertyBased", package: "swift-property-based"),
        ]),

        // Search: the CLI's full-text index (the query language is QuillModels.SearchQuery).
        module("Interfaces", "SearchIndexInterface", ["QuillModels"]),
        module("Adapters", "SQLiteSearchIndex", ["QuillModels", "SearchIndexInterface", "CSQLite"]),
        module("Testing", "SearchIndexTesting", ["QuillModels", "SearchIndexInterface", "NoteStoreInterface"]),
        tests("SearchIndexContractTests", [
            "QuillModels", "SearchIndexInterface", "SQLiteSearchIndex", "SearchIndexTesting", "NotesFeature", "NoteStoreInterface",
            "NoteStoreTesting", "FileNoteStore", "FileSystemTesting", "LocalFileSystem", "ScratchDirectories", "SystemTesting",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
