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
        // The web reader: templates and Markdown.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
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
        module("Interfaces", "SettingsInterface"),

        // Features: the logic, written against interfaces only.
        module("Features", "NotesFeature", ["QuillModels", "NoteStoreInterface", "ClockInterface", "RandomnessInterface"]),
        module("Features", "QuillCLI", [
            "QuillModels", "NotesFeature", "NoteStoreInterface", "ClockInterface", "RandomnessInterface", "FileSystemInterface",
            "TerminalInterface", argumentParser,
            "ArchiveFeature", "CompressionInterface", "ByteStreamInterface", // Archive
            "SyncFeature", "SyncStateInterface", "SyncTransportInterface", // Sync
            "SettingsInterface",
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
        module("Adapters", "JSONFileSettings", ["SettingsInterface", "FileSystemInterface"]),

        // Testing: fakes and doubles, for the preview and test roots and for tests.
        module("Testing", "ClockTesting", ["ClockInterface"]),
        module("Testing", "RandomnessTesting", ["QuillModels", "RandomnessInterface"]),
        module("Testing", "FileSystemTesting", ["FileSystemInterface"]),
        module("Testing", "NoteStoreTesting", ["QuillModels", "NoteStoreInterface", "RandomnessTesting"]),
        module("Testing", "TerminalTesting", ["TerminalInterface"]),
        module("Testing", "SettingsTesting", ["SettingsInterface"]),
        module("Testing", "ScratchDirectories"),
        module("Testing", "ChildProcesses"),
        module("Testing", "UnimplementedDoubles", [
            "QuillModels", "ClockInterface", "RandomnessInterface", "FileSystemInterface", "NoteStoreInterface", "TerminalInterface",
            "CompressionInterface", "ByteStreamInterface", // Archive
            "SettingsInterface",
        ]),

        // Composition roots: the only code that names adapters.
        module("Composition", "QuillComposition", [
            "QuillCLI", "QuillModels", "SystemClock", "SystemRandomness", "GlibcAllocator", "LocalFileSystem", "FileNoteStore",
            "POSIXTerminal", "ClockTesting", "RandomnessTesting", "NoteStoreTesting", "NotesFeature", "ArchiveFeature", "SyncFeature",
            "ZlibCompression", "LocalByteStream", "ByteStreamTesting", // Archive
            "FileSyncState", "HTTPSyncTransport", "SyncStateInterface", "SyncStateTesting", "SyncTransportTesting", // Sync
            "JSONFileSettings", "SettingsTesting",
        ]),
        module("Composition", "QuillTestComposition", [
            "QuillCLI", "NotesFeature", "ArchiveFeature", "SyncFeature", "UnimplementedDoubles", "SyncUnimplementedDoubles",
            "ByteStreamInterface", "ClockInterface", "CompressionInterface", "FileSystemInterface", "NoteStoreInterface",
            "RandomnessInterface", "TerminalInterface", "SettingsTesting",
        ]),

        // Apps: parse, pick a root, run.
        .executableTarget(name: "quill", dependencies: ["QuillCLI", "QuillComposition", argumentParser], path: "Apps/quill"),

        // Tests
        tests("QuillModelsTests", ["QuillModels", "RandomnessTesting"]),
        tests("FileSystemContractTests", ["FileSystemInterface", "LocalFileSystem", "FileSystemTesting", "ScratchDirectories"]),
        tests("SettingsContractTests", [
            "SettingsInterface", "JSONFileSettings", "SettingsTesting", "FileSystemInterface", "LocalFileSystem", "FileSystemTesting",
            "ScratchDirectories",
        ]),
        tests("NoteStoreContractTests", [
            "QuillModels", "NoteStoreInterface", "FileNoteStore", "LocalFileSystem", "FileSystemTesting",
            "NoteStoreTesting", "ScratchDirectories",
            "ServerFeature", "ServerStoreInterface", "ServerStoreTesting", "TokenSecurityInterface",
        ]),
        tests("NotesFeatureTests", ["NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "ClockTesting", "RandomnessTesting", "QuillModels"]),
        tests("QuillCLITests", [
            "QuillCLI", "QuillTestComposition", "NoteStoreTesting", "ClockTesting", "RandomnessTesting", "TerminalTesting",
            "FileSystemTesting", "QuillModels", "NotesFeature", "NoteStoreInterface", "FileSystemInterface",
            "ArchiveFeature", "ByteStreamInterface", "CompressionInterface", "ByteStreamTesting", "CompressionTesting", // Archive
            "SyncStateInterface", "SyncStateTesting", "SyncTransportInterface", "SyncTransportTesting", "SyncFeature", // Sync
            "SettingsInterface", "SettingsTesting", "UnimplementedDoubles",
        ]),
        tests("LiveAdapterTests", ["LocalFileSystem", "FileSystemInterface", "POSIXTerminal", "ScratchDirectories"]),
        tests("QuillIntegrationTests", ["QuillModels", "ChildProcesses", "quill"]),

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
            "ArchiveFeature", "LocalByteStream", "ZlibCompression", "ByteStreamInterface", "ByteStreamTesting",
            "NoteStoreInterface", "NoteStoreTesting", "ClockTesting", "RandomnessTesting", "QuillModels", "ChildProcesses",
        ]),
        // The server.
        module("Interfaces", "ServerStoreInterface", ["QuillModels", "QuillAPI", "TokenSecurityInterface"]),
        module("Interfaces", "TokenSecurityInterface"),
        module("Testing", "ServerStoreTesting", ["QuillModels", "ServerStoreInterface", "TokenSecurityInterface"]),
        module("Testing", "TokenSecurityTesting", ["TokenSecurityInterface"]),
        .systemLibrary(name: "CSQLite", path: "Modules/SystemLibraries/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        module("Adapters", "SQLiteServerStore", ["QuillModels", "ServerStoreInterface", "TokenSecurityInterface", "CSQLite", "WebSessionInterface"]),
        module("Adapters", "CryptoTokenSecurity", ["TokenSecurityInterface", crypto]),
        module("Adapters", "PostgresServerStore", ["QuillModels", "ServerStoreInterface", "TokenSecurityInterface", postgresNIO, logging, serviceLifecycle, "WebSessionInterface"]),
        module("Features", "ServerFeature", [
            "QuillModels", "QuillAPI", "ServerStoreInterface", "TokenSecurityInterface", "ClockInterface", "RandomnessInterface",
            "NoteStoreInterface", "ArchiveFeature", "CompressionInterface",
            "ByteStreamInterface", hummingbird, logging, metrics, prometheus, serviceLifecycle, crypto,
        ]),
        module("Composition", "ServerComposition", [
            "ServerFeature", "WebReaderFeature", "WebSessionInterface", "WebSessionTesting", "ServerStoreInterface", "ServerStoreTesting", "SQLiteServerStore", "PostgresServerStore",
            "TokenSecurityInterface", "CryptoTokenSecurity", "ZlibCompression", "ByteStreamInterface", "LocalByteStream", "ByteStreamTesting",
            "ClockInterface", "SystemClock", "RandomnessInterface", "SystemRandomness",
            hummingbird, logging, serviceLifecycle,
            "QuillServerCLI", "TerminalInterface", "POSIXTerminal",
        ]),
        module("Composition", "ServerTestComposition", [
            "ServerFeature", "ServerStoreInterface", "ClockInterface", "RandomnessInterface", "TokenSecurityInterface",
            "CompressionInterface", "ByteStreamInterface", "ZlibCompression", "ByteStreamTesting",
            "QuillServerCLI", "TerminalInterface", "WebSessionInterface",
        ]),
        module("Features", "QuillServerCLI", [
            "QuillModels", "ServerFeature", "ServerStoreInterface", "WebSessionInterface", "TerminalInterface", argumentParser,
        ]),
        .executableTarget(name: "quill-server", dependencies: ["QuillServerCLI", "ServerComposition"], path: "Apps/quill-server"),
        // Benchmark only (Tools/benchmarks/server.sh): the bare Hummingbird app quill-server is measured against.
        .executableTarget(name: "bare-hummingbird-benchmark", dependencies: [hummingbird], path: "Apps/bare-hummingbird-benchmark"),
        tests("ServerStoreInterfaceTests", ["ServerStoreInterface", "QuillModels"]),
        tests("CryptoTokenSecurityTests", ["CryptoTokenSecurity", "TokenSecurityInterface"]),
        tests("ServerFeatureTests", [
            "ServerFeature", "QuillAPI", "ServerStoreInterface", "ServerStoreTesting", "TokenSecurityTesting", "QuillModels", "ClockInterface",
            "ClockTesting", "RandomnessTesting", hummingbirdTesting,
            "ZlibCompression", "ArchiveFeature", "ByteStreamTesting", "NoteStoreTesting", "NoteStoreInterface", "ServerTestComposition",
        ]),
        tests("ServerStoreContractTests", [
            "ServerStoreInterface", "QuillModels", "ServerStoreTesting", "SQLiteServerStore", "PostgresServerStore", "CSQLite", postgresNIO, logging,
        ]),
        tests("ServerCompositionTests", ["ServerComposition", "ServerStoreInterface", "ServerStoreTesting", "WebSessionInterface", logging, "QuillServerCLI"]),
        tests("QuillServerCLITests", [
            "QuillServerCLI", "ServerTestComposition", "ServerStoreInterface", "ServerStoreTesting", "WebSessionInterface",
            "WebSessionTesting", "TokenSecurityInterface", "TokenSecurityTesting", "TerminalTesting", "ServerFeature", "QuillModels", argumentParser,
        ]),
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
        module("Testing", "SyncUnimplementedDoubles", [
            "QuillModels", "ClockInterface", "RandomnessInterface", "SyncStateInterface", "SyncTransportInterface",
        ]),
        tests("SyncFeatureTests", [
            "SyncFeature", "SyncStateInterface", "SyncStateTesting", "SyncTransportInterface", "SyncTransportTesting",
            "NoteStoreInterface", "NoteStoreTesting", "ClockTesting", "RandomnessTesting", "QuillModels",
        ]),
        tests("SyncStateContractTests", [
            "SyncStateInterface", "SyncStateTesting", "SyncTransportInterface", "FileSyncState", "QuillModels", "ScratchDirectories",
        ]),
        tests("HTTPSyncTransportTests", ["HTTPSyncTransport", "SyncStateInterface", "SyncTransportInterface", "QuillModels"]),
        tests("SyncEndToEndTests", [
            "SyncStateInterface", "SyncTransportInterface", "SyncTransportTesting", "HTTPSyncTransport", "QuillModels", "ChildProcesses",
            "quill", "quill-server",
        ]),

        // Arbitrary Unicode note content through every write path and back through every read path.
        tests("NoteRoundTripPropertyTests", [
            "QuillModels", "QuillAPI", "NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "FileNoteStore", "LocalFileSystem",
            "FileSystemTesting", "ScratchDirectories", "ClockTesting", "RandomnessTesting", "ServerStoreInterface", "ServerStoreTesting",
            "TokenSecurityTesting", "SQLiteServerStore", "PostgresServerStore", "ServerFeature", "ArchiveFeature", "ZlibCompression", "ByteStreamTesting",
            "ServerTestComposition", hummingbird, hummingbirdTesting, postgresNIO, logging, .product(name: "PropertyBased", package: "swift-property-based"),
        ]),

        // The web reader (docs/web.md): HTML pages over the same repositories, with server-side sessions.
        module("Interfaces", "WebSessionInterface", ["ServerStoreInterface", "TokenSecurityInterface"]),
        module("Testing", "WebSessionTesting", ["WebSessionInterface", "ServerStoreInterface", "TokenSecurityInterface"]),
        module("Features", "WebReaderFeature", [
            "ServerFeature", "QuillModels", "ServerStoreInterface", "WebSessionInterface", "ClockInterface", "TokenSecurityInterface",
            hummingbird, logging,
            .product(name: "Mustache", package: "swift-mustache"), .product(name: "Ink", package: "Ink"),
        ]),
        tests("WebSessionContractTests", [
            "WebSessionInterface", "WebSessionTesting", "ServerStoreInterface", "TokenSecurityInterface", "SQLiteServerStore", "PostgresServerStore",
            logging,
        ]),
        tests("WebReaderFeatureTests", [
            "WebReaderFeature", "WebSessionInterface", "WebSessionTesting", "ServerFeature", "ServerStoreInterface", "ServerStoreTesting",
            "QuillModels", "ClockTesting", "ClockInterface", "RandomnessTesting", "TokenSecurityInterface", "TokenSecurityTesting",
            "ZlibCompression", "ByteStreamTesting", "ServerTestComposition", hummingbird, hummingbirdTesting,
        ]),
    ],
    swiftLanguageModes: [.v6]
)
