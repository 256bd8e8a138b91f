// swift-tools-version:6.0
// Quill: one package, layered modules. The layer of a target is the folder it lives in
// (Modules/<Layer>/<Target>); `Tools/DependencyRule` checks the allowed edges between layers and
// the names: one stem <Concern> per concern (<Concern>Interface, <Technology><Concern>,
// <Concern>Testing, Tests/<Concern>ContractTests). Targets are listed one section per layer, in the
// order of docs/architecture.md's table, alphabetically within each section.
import PackageDescription

// The external products, one constant each.
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let asyncHTTPClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let hummingbirdTesting = Target.Dependency.product(name: "HummingbirdTesting", package: "hummingbird")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let mcp = Target.Dependency.product(name: "MCP", package: "swift-sdk")
let systemPackage = Target.Dependency.product(name: "SystemPackage", package: "swift-system")
let ink = Target.Dependency.product(name: "Ink", package: "Ink")
let metrics = Target.Dependency.product(name: "Metrics", package: "swift-metrics")
let mustache = Target.Dependency.product(name: "Mustache", package: "swift-mustache")
let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let openAPIRuntime = Target.Dependency.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")
let httpTypes = Target.Dependency.product(name: "HTTPTypes", package: "swift-http-types")
let openAPIAsyncHTTPClient = Target.Dependency.product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client")
let nioHTTP1 = Target.Dependency.product(name: "NIOHTTP1", package: "swift-nio")
let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")
let postgresNIO = Target.Dependency.product(name: "PostgresNIO", package: "postgres-nio")
let prometheus = Target.Dependency.product(name: "Prometheus", package: "swift-prometheus")
let propertyBased = Target.Dependency.product(name: "PropertyBased", package: "swift-property-based")
let sqlite = Target.Dependency.product(name: "SQLiteNIO", package: "sqlite-nio")
let serviceLifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let yams = Target.Dependency.product(name: "Yams", package: "Yams")

func module(_ layer: String, _ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "Modules/\(layer)/\(name)")
}

/// A test target; `exclude` names files it reads from its own folder at run time (fixtures).
func tests(_ name: String, _ dependencies: [Target.Dependency], exclude: [String] = []) -> Target {
    .testTarget(name: name, dependencies: dependencies, path: "Tests/\(name)", exclude: exclude)
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
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"), // SHA-256: archive manifests, push digests, tokens
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.4.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"), // the sync client's event loop
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"), // the file descriptors quill mcp speaks on
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"), // tests: the generated client's middleware
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"), // tests: the generated API client
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"), // tests: its transport
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"), // HTTP server
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"), // web reader templates
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"), // web reader Markdown
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"), // YAML front matter written by other apps
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"), // quill mcp
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"), // the sync client
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"), // SQLite itself, built in (SQLiteKit says why)
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"), // tests: property-based round trips
    ],
    targets: [
        // Models: the values, the versioned JSON format and the wire bodies.
        module("Models", "QuillAPI", ["QuillModels"]),
        module("Models", "QuillModels"),

        // Interfaces: one small protocol module per external concern, <Concern>Interface; the
        // concerns too small to earn targets of their own share StandardInterfaces, a folder each.
        module("Interfaces", "AssistantToolInterface"),
        module("Interfaces", "AttachmentStoreInterface", ["QuillModels"]),
        module("Interfaces", "ByteStreamInterface"),
        module("Interfaces", "CompressionInterface"),
        module("Interfaces", "FileSystemInterface"),
        module("Interfaces", "NoteStoreInterface", ["QuillModels"]),
        module("Interfaces", "SearchIndexInterface", ["QuillModels"]),
        module("Interfaces", "ServerStoreInterface", ["QuillAPI", "QuillModels", "TokenSecurityInterface"]),
        module("Interfaces", "SettingsInterface", ["QuillModels"]),
        module("Interfaces", "StandardInterfaces", ["QuillModels"]),
        module("Interfaces", "SyncStateInterface", ["QuillModels", "SyncTransportInterface"]),
        module("Interfaces", "SyncTransportInterface", ["QuillAPI", "QuillModels"]),
        module("Interfaces", "TerminalInterface"),
        module("Interfaces", "TokenSecurityInterface"),
        module("Interfaces", "WebSessionInterface", ["ServerStoreInterface", "TokenSecurityInterface"]),

        // Features: the logic, written against interfaces only.
        module("Features", "ArchiveFeature", [
            "AttachmentStoreInterface", "ByteStreamInterface", "CompressionInterface", "FileSystemInterface", "NoteStoreInterface", "QuillModels",
            "StandardInterfaces", crypto, yams,
        ]),
        module("Features", "NotesFeature", [
            "AttachmentStoreInterface", "ByteStreamInterface", "NoteStoreInterface", "QuillModels", "SearchIndexInterface",
            "StandardInterfaces", crypto,
        ]),
        module("Features", "QuillCLI", [
            "ArchiveFeature", "AttachmentStoreInterface", "ByteStreamInterface", "CompressionInterface", "FileSystemInterface", "NotesFeature",
            "NoteStoreInterface", "QuillAPI", "QuillModels", "SearchIndexInterface", "SettingsInterface", "StandardInterfaces",
            "SyncFeature", "SyncStateInterface", "SyncTransportInterface", "TerminalInterface", "AssistantToolInterface", argumentParser,
        ]),
        module("Features", "QuillServerCLI", [
            "QuillModels", "ServerFeature", "ServerStoreInterface", "TerminalInterface", "WebSessionInterface",
            argumentParser,
        ]),
        module("Features", "ServerFeature", [
            "ArchiveFeature", "ByteStreamInterface", "CompressionInterface", "NoteStoreInterface", "QuillAPI",
            "QuillModels", "ServerStoreInterface", "StandardInterfaces", "TokenSecurityInterface", crypto, hummingbird,
            logging, metrics, nioCore, prometheus, serviceLifecycle,
        ]),
        module("Features", "SyncFeature", [
            "AttachmentStoreInterface", "NoteStoreInterface", "QuillModels", "StandardInterfaces", "SyncStateInterface",
            "SyncTransportInterface", crypto,
        ]),
        module("Features", "WebReaderFeature", [
            "QuillModels", "ServerFeature", "ServerStoreInterface", "TokenSecurityInterface", "WebSessionInterface",
            hummingbird, ink, mustache,
        ]),

        // SystemLibraries: C libraries linked from the system, used by adapters only. They name no
        // pkgConfig: its `-L` of the system's library folder would come before CCurlOnDemand/link.
        .systemLibrary(name: "CAllocator", path: "Modules/SystemLibraries/CAllocator"),
        // libcurl's functions, loaded on their first call (its header says why): `quill` links them in place of libcurl.
        .target(name: "CCurlOnDemand", path: "Modules/SystemLibraries/CCurlOnDemand", exclude: ["link"], linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CFileSync", path: "Modules/SystemLibraries/CFileSync"),
        .systemLibrary(name: "CZlib", path: "Modules/SystemLibraries/CZlib", providers: [.apt(["zlib1g-dev"])]),

        // Kits: shared technology (a C library's one wrapper, the durable-file sequence) that
        // adapters of different concerns use; a kit knows no interface.
        module("Kits", "POSIXFileKit", ["CFileSync"]),
        module("Kits", "SQLiteKit", [sqlite]),

        // Adapters: the real implementations, <Technology><Concern>, each over its one technology;
        // the small concerns' share StandardAdapters.
        module("Adapters", "CryptoTokenSecurity", ["TokenSecurityInterface", crypto]),
        module("Adapters", "FileAttachmentStore", ["AttachmentStoreInterface", "POSIXFileKit", "QuillModels"]),
        module("Adapters", "FileNoteStore", [
            "FileSystemInterface", "NoteStoreInterface", "QuillModels", "SearchIndexInterface",
        ]),
        module("Adapters", "FileSyncState", ["POSIXFileKit", "QuillAPI", "QuillModels", "SyncStateInterface", "SyncTransportInterface"]),
        module("Adapters", "GlibcAllocator", ["CAllocator"]),
        module("Adapters", "HTTPSyncTransport", [
            "QuillAPI", "QuillModels", "SyncStateInterface", "SyncTransportInterface", asyncHTTPClient, nioCore,
            nioHTTP1, nioPosix,
        ]),
        module("Adapters", "MCPAssistantTools", ["AssistantToolInterface", "CCurlOnDemand", mcp, systemPackage]),
        module("Adapters", "JSONFileSettings", ["FileSystemInterface", "SettingsInterface"]),
        module("Adapters", "LocalByteStream", ["ByteStreamInterface", "POSIXFileKit"]),
        module("Adapters", "LocalFileSystem", ["CFileSync", "FileSystemInterface", "POSIXFileKit"]),
        module("Adapters", "POSIXTerminal", ["TerminalInterface"]),
        module("Adapters", "PostgresServerStore", [
            "QuillModels", "ServerStoreInterface", "TokenSecurityInterface", "WebSessionInterface", logging, nioCore,
            postgresNIO, serviceLifecycle,
        ]),
        module("Adapters", "SQLiteSearchIndex", ["FileSystemInterface", "QuillModels", "SearchIndexInterface", "SQLiteKit"]),
        module("Adapters", "SQLiteServerStore", [
            "POSIXFileKit", "QuillModels", "ServerStoreInterface", "SQLiteKit", "TokenSecurityInterface", "WebSessionInterface",
        ]),
        module("Adapters", "StandardAdapters", ["QuillModels", "StandardInterfaces"]),
        module("Adapters", "ZlibCompression", ["CompressionInterface", "CZlib"]),

        // Testing: fakes (<Concern>Testing; the small concerns' in StandardTesting), unimplemented
        // doubles and test helpers.
        module("Testing", "AttachmentStoreTesting", ["AttachmentStoreInterface", "QuillModels", "StandardInterfaces"]),
        module("Testing", "ByteStreamTesting", ["ByteStreamInterface"]),
        module("Testing", "ChildProcesses"),
        module("Testing", "CompressionTesting", ["CompressionInterface"]),
        module("Testing", "FileSystemTesting", ["FileSystemInterface"]),
        module("Testing", "NoteStoreTesting", ["NoteStoreInterface", "QuillModels", "StandardTesting"]),
        module("Testing", "ScratchDirectories"),
        module("Testing", "AssistantToolTesting", ["AssistantToolInterface"]),
        module("Testing", "SearchIndexTesting", ["NoteStoreInterface", "QuillModels", "SearchIndexInterface"]),
        module("Testing", "ServerStoreTesting", ["QuillModels", "ServerStoreInterface", "TokenSecurityInterface"]),
        module("Testing", "SettingsTesting", ["SettingsInterface"]),
        module("Testing", "StandardTesting", ["QuillModels", "StandardInterfaces"]),
        module("Testing", "SyncStateTesting", ["QuillModels", "SyncStateInterface"]),
        module("Testing", "SyncTransportTesting", ["QuillModels", "StandardTesting", "SyncTransportInterface"]),
        module("Testing", "TerminalTesting", ["TerminalInterface"]),
        module("Testing", "TokenSecurityTesting", ["TokenSecurityInterface"]),
        module("Testing", "UnimplementedDoubles", [
            "AssistantToolInterface", "AttachmentStoreInterface", "ByteStreamInterface", "CompressionInterface", "FileSystemInterface", "NoteStoreInterface", "QuillModels",
            "SearchIndexInterface", "ServerStoreInterface", "SettingsInterface", "StandardInterfaces", "SyncStateInterface",
            "SyncTransportInterface", "TerminalInterface",
        ]),
        module("Testing", "WebSessionTesting", [
            "ServerStoreInterface", "TokenSecurityInterface", "WebSessionInterface",
        ]),

        // Composition roots: the only code that names adapters.
        module("Composition", "QuillComposition", [
            "ArchiveFeature", "AttachmentStoreTesting", "ByteStreamTesting", "FileAttachmentStore", "FileNoteStore",
            "FileSyncState", "GlibcAllocator",
            "HTTPSyncTransport", "JSONFileSettings", "LocalByteStream", "LocalFileSystem", "MCPAssistantTools", "NotesFeature",
            "NoteStoreTesting", "POSIXTerminal", "QuillCLI", "QuillModels", "SearchIndexTesting", "SettingsTesting",
            "SQLiteSearchIndex", "StandardAdapters", "StandardTesting", "SyncFeature", "SyncStateInterface",
            "SyncStateTesting", "SyncTransportTesting", "ZlibCompression",
        ]),
        module("Composition", "QuillTestComposition", [
            "ArchiveFeature", "AssistantToolInterface", "AttachmentStoreInterface", "ByteStreamInterface", "CompressionInterface", "FileSystemInterface", "NotesFeature",
            "NoteStoreInterface", "QuillCLI", "SearchIndexInterface", "SettingsTesting", "StandardInterfaces",
            "StandardTesting", "SyncFeature", "TerminalInterface", "UnimplementedDoubles",
        ]),
        module("Composition", "ServerComposition", [
            "ByteStreamInterface", "ByteStreamTesting", "CryptoTokenSecurity", "GlibcAllocator", "LocalByteStream", "LocalFileSystem",
            "POSIXTerminal", "PostgresServerStore", "QuillModels", "QuillServerCLI", "ServerFeature", "ServerStoreInterface",
            "ServerStoreTesting", "SQLiteServerStore", "StandardAdapters", "StandardInterfaces", "TerminalInterface",
            "TokenSecurityInterface", "WebReaderFeature", "WebSessionInterface", "WebSessionTesting",
            "ZlibCompression", hummingbird, logging, serviceLifecycle,
        ]),
        module("Composition", "ServerTestComposition", [
            "ByteStreamInterface", "ByteStreamTesting", "CompressionInterface", "QuillModels", "QuillServerCLI", "ServerFeature",
            "ServerStoreInterface", "StandardInterfaces", "TerminalInterface", "TokenSecurityInterface", "UnimplementedDoubles",
            "WebReaderFeature", "WebSessionInterface", "ZlibCompression",
        ]),

        // Apps: parse, pick a root, run.
        // The bare Hummingbird app Tools/benchmarks/server.sh measures quill-server against.
        .executableTarget(name: "bare-hummingbird-benchmark", dependencies: [
            hummingbird,
        ], path: "Apps/bare-hummingbird-benchmark"),
        .executableTarget(
            name: "quill", dependencies: ["QuillCLI", "QuillComposition", argumentParser], path: "Apps/quill",
            // `-lcurl` finds CCurlOnDemand's empty stand-in: libcurl is loaded when first called.
            linkerSettings: [.unsafeFlags(["-L\(Context.packageDirectory)/Modules/SystemLibraries/CCurlOnDemand/link"])]),
        .executableTarget(name: "quill-server", dependencies: ["QuillServerCLI", "ServerComposition"], path: "Apps/quill-server"),

        // Tests: unit, contract (<Concern>ContractTests) and integration tests.
        tests("AssistantToolContractTests", ["AssistantToolInterface", "AssistantToolTesting", "MCPAssistantTools"]),
        tests("CCurlOnDemandTests", ["CCurlOnDemand"]),
        tests("ArchiveFeatureTests", [
            "ArchiveFeature", "AttachmentStoreTesting", "ByteStreamInterface", "ByteStreamTesting", "CompressionInterface", "CompressionTesting",
            "FileSystemTesting", "NoteStoreInterface", "NoteStoreTesting", "QuillModels", "StandardInterfaces", "StandardTesting", "ZlibCompression",
            crypto,
        ]),
        tests("ArchiveIntegrationTests", [
            "ArchiveFeature", "ByteStreamInterface", "ChildProcesses", "LocalByteStream", "NoteStoreInterface",
            "NoteStoreTesting", "QuillModels", "StandardTesting", "ZlibCompression",
        ]),
        tests("AttachmentStoreContractTests", [
            "AttachmentStoreInterface", "AttachmentStoreTesting", "FileAttachmentStore", "QuillModels", "ScratchDirectories",
            "StandardTesting",
        ]),
        tests("BackgroundContractTests", ["StandardAdapters", "StandardInterfaces", "StandardTesting"]),
        tests("ByteStreamContractTests", [
            "ByteStreamInterface", "ByteStreamTesting", "LocalByteStream", "ScratchDirectories",
        ]),
        tests("ClockContractTests", ["StandardAdapters", "StandardInterfaces", "StandardTesting"]),
        tests("CompressionContractTests", [
            "CompressionInterface", "CompressionTesting", "StandardTesting", "ZlibCompression",
        ]),
        tests("FileSystemContractTests", [
            "ChildProcesses", "FileSystemInterface", "FileSystemTesting", "LocalFileSystem", "ScratchDirectories",
        ]),
        tests("HTTPSyncTransportTests", [
            "HTTPSyncTransport", "QuillModels", "SyncStateInterface", "SyncTransportInterface",
        ]),
        tests("NoteRoundTripPropertyTests", [
            "ArchiveFeature", "ByteStreamTesting", "FileNoteStore", "FileSystemTesting", "LocalFileSystem",
            "NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "PostgresServerStore", "QuillAPI", "QuillModels",
            "ScratchDirectories", "SearchIndexInterface", "ServerFeature", "ServerStoreInterface",
            "ServerStoreTesting", "ServerTestComposition", "SQLiteKit", "SQLiteServerStore", "StandardTesting",
            "TokenSecurityInterface", "TokenSecurityTesting", "ZlibCompression", hummingbird, hummingbirdTesting,
            logging, postgresNIO, propertyBased,
        ]),
        tests("NotesFeatureTests", [
            "NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "QuillModels", "StandardTesting",
            ]),
        tests("NoteStoreContractTests", [
            "FileNoteStore", "FileSystemInterface", "FileSystemTesting", "LocalFileSystem", "NoteStoreInterface",
            "NoteStoreTesting", "QuillModels", "ScratchDirectories", "ServerFeature", "ServerStoreInterface",
            "ServerStoreTesting", "StandardTesting", "TokenSecurityInterface",
        ]),
        tests("QuillCLITests", [
            "ArchiveFeature", "AssistantToolInterface", "AssistantToolTesting", "AttachmentStoreTesting", "ByteStreamInterface", "ByteStreamTesting", "CompressionInterface", "CompressionTesting",
            "FileSystemInterface", "FileSystemTesting", "NotesFeature", "NoteStoreInterface", "NoteStoreTesting",
            "QuillAPI", "QuillCLI", "QuillModels", "QuillTestComposition", "SearchIndexTesting", "SettingsInterface",
            "SettingsTesting", "StandardTesting", "SyncFeature", "SyncStateInterface", "SyncStateTesting",
            "SyncTransportInterface", "SyncTransportTesting", "TerminalTesting", "UnimplementedDoubles", crypto,
        ]),
        tests("QuillIntegrationTests", ["ChildProcesses", "quill"]),
        tests("QuillModelsTests", ["QuillModels", "StandardTesting"]),
        tests("QuillServerCLITests", [
            "QuillModels", "QuillServerCLI", "ServerFeature", "ServerStoreInterface", "ServerStoreTesting", "ServerTestComposition",
            "StandardTesting", "TerminalTesting", "TokenSecurityInterface", "TokenSecurityTesting", "WebSessionInterface",
            "WebSessionTesting", argumentParser,
        ]),
        tests("QuillServerIntegrationTests", ["ChildProcesses", "quill-server"]),
        tests("RandomnessContractTests", [
            "QuillModels", "StandardAdapters", "StandardInterfaces", "StandardTesting",
        ]),
        tests("SearchIndexContractTests", [
            "FileNoteStore", "FileSystemTesting", "LocalFileSystem", "NotesFeature", "NoteStoreInterface",
            "QuillModels", "ScratchDirectories", "SearchIndexInterface", "SearchIndexTesting", "SQLiteKit", "SQLiteSearchIndex",
            "StandardTesting",
        ]),
        tests("ServerCompositionTests", [
            "ChildProcesses", "QuillModels", "QuillServerCLI", "ServerComposition", "ServerFeature", "ServerStoreInterface", "ServerStoreTesting",
            "TokenSecurityInterface", "WebSessionInterface", logging,
        ]),
        tests("ServerFeatureTests", [
            "ArchiveFeature", "ByteStreamTesting", "NoteStoreInterface", "NoteStoreTesting", "QuillAPI", "QuillModels",
            "ServerFeature", "ServerStoreInterface", "ServerStoreTesting", "ServerTestComposition",
            "StandardInterfaces", "StandardTesting", "TokenSecurityInterface", "TokenSecurityTesting",
            "ZlibCompression", crypto, hummingbird, hummingbirdTesting, logging, nioCore,
        ]),
        tests("ServerStoreContractTests", [
            "PostgresServerStore", "QuillModels", "ServerStoreInterface", "ServerStoreTesting", "SQLiteKit",
            "SQLiteServerStore", "StandardTesting", "TokenSecurityInterface", logging, postgresNIO, propertyBased,
        ], exclude: ["Fixtures"]),
        tests("ServerStoreInterfaceTests", ["QuillModels", "ServerStoreInterface", "TokenSecurityInterface"]),
        tests("SettingsContractTests", [
            "FileSystemInterface", "FileSystemTesting", "JSONFileSettings", "LocalFileSystem", "ScratchDirectories",
            "SettingsInterface", "SettingsTesting",
        ]),
        tests("GeneratedClientTests", ["ChildProcesses", "quill-server", httpTypes, openAPIAsyncHTTPClient, openAPIRuntime]),
        tests("SyncEndToEndTests", ["ChildProcesses", "quill", "quill-server"]),
        tests("SyncFeatureTests", [
            "AttachmentStoreInterface", "AttachmentStoreTesting", "NoteStoreInterface", "NoteStoreTesting", "QuillModels", "StandardTesting", "SyncFeature",
            "SyncStateInterface", "SyncStateTesting", "SyncTransportInterface", "SyncTransportTesting", crypto,
        ]),
        tests("SyncStateContractTests", [
            "FileSyncState", "QuillModels", "ScratchDirectories", "SyncStateInterface", "SyncStateTesting",
            "SyncTransportInterface",
        ]),
        tests("SyncTransportContractTests", [
            "ChildProcesses", "HTTPSyncTransport", "quill-server", "QuillModels", "ScratchDirectories",
            "SyncStateInterface", "SyncTransportInterface", "SyncTransportTesting", crypto,
        ]),
        tests("TerminalContractTests", ["POSIXTerminal", "ScratchDirectories", "TerminalInterface", "TerminalTesting"]),
        tests("TokenSecurityContractTests", ["CryptoTokenSecurity", "TokenSecurityInterface", "TokenSecurityTesting"]),
        tests("WebReaderFeatureTests", [
            "ByteStreamTesting", "QuillModels", "ServerFeature", "ServerStoreInterface", "ServerStoreTesting",
            "ServerTestComposition", "StandardInterfaces", "StandardTesting", "TokenSecurityInterface",
            "TokenSecurityTesting", "WebReaderFeature", "WebSessionInterface", "WebSessionTesting", "ZlibCompression",
            crypto, hummingbird, hummingbirdTesting,
        ]),
        tests("WebSessionContractTests", [
            "PostgresServerStore", "ServerStoreInterface", "SQLiteServerStore", "TokenSecurityInterface",
            "WebSessionInterface", "WebSessionTesting", logging, postgresNIO,
        ]),
    ],
    swiftLanguageModes: [.v6]
)
