// swift-tools-version:6.0
// Quill: one package, layered modules. The layer of a target is the folder it lives in
// (Modules/<Layer>/<Target>); `Tools/DependencyRule` checks the allowed edges between layers and
// the names: one stem <Concern> per concern (<Concern>Interface, <Technology><Concern>,
// <Concern>Testing, Tests/<Concern>ContractTests; a small concern is a folder <Concern>/ in each of
// StandardInterfaces, StandardAdapters, StandardTesting and Tests/StandardContractTests). Targets
// are listed one section per layer, in the order of docs/architecture.md's table.
import PackageDescription

// The external products, one constant each.
func product(_ name: String, _ package: String) -> Target.Dependency { .product(name: name, package: package) }
let argumentParser = product("ArgumentParser", "swift-argument-parser"), asyncHTTPClient = product("AsyncHTTPClient", "async-http-client")
let crypto = product("Crypto", "swift-crypto"), httpTypes = product("HTTPTypes", "swift-http-types")
let hummingbird = product("Hummingbird", "hummingbird"), hummingbirdCore = product("HummingbirdCore", "hummingbird"),
    hummingbirdTesting = product("HummingbirdTesting", "hummingbird")
let ink = product("Ink", "Ink"), jwtKit = product("JWTKit", "jwt-kit"), logging = product("Logging", "swift-log"), mcp = product("MCP", "swift-sdk")
let metrics = product("Metrics", "swift-metrics"), mustache = product("Mustache", "swift-mustache"), nioCore = product("NIOCore", "swift-nio")
let nioHTTP1 = product("NIOHTTP1", "swift-nio"), nioHTTPTypes = product("NIOHTTPTypes", "swift-nio-extras"), nioPosix = product("NIOPosix", "swift-nio")
let openAPIAsyncHTTPClient = product("OpenAPIAsyncHTTPClient", "swift-openapi-async-http-client")
let openAPIRuntime = product("OpenAPIRuntime", "swift-openapi-runtime"), postgresNIO = product("PostgresNIO", "postgres-nio")
let postgresPool = product("_ConnectionPoolModule", "postgres-nio")
let prometheus = product("Prometheus", "swift-prometheus"), propertyBased = product("PropertyBased", "swift-property-based")
let serviceLifecycle = product("ServiceLifecycle", "swift-service-lifecycle"), sqlite = product("SQLiteNIO", "sqlite-nio")
let systemPackage = product("SystemPackage", "swift-system"), yams = product("Yams", "Yams")

/// A module of a layer: the layer is the folder it lives in, Modules/<Layer>/<name>.
func module(_ layer: String, _ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .target(name: name, dependencies: dependencies, path: "Modules/\(layer)/\(name)")
}
func model(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target { module("Models", name, dependencies) }
func interface(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target { module("Interfaces", name, dependencies) }
func feature(_ name: String, _ dependencies: [Target.Dependency]) -> Target { module("Features", name, dependencies) }
func kit(_ name: String, _ dependencies: [Target.Dependency]) -> Target { module("Kits", name, dependencies) }
func adapter(_ name: String, _ dependencies: [Target.Dependency]) -> Target { module("Adapters", name, dependencies) }
func testSupport(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target { module("Testing", name, dependencies) }
func root(_ name: String, _ dependencies: [Target.Dependency]) -> Target { module("Composition", name, dependencies) }

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
        .package(url: "https://github.com/apple/swift-crypto", "3.12.0"..<"5.0.0"), // SHA-256: archive manifests, push digests, tokens
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.4.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"), // the sync client's event loop
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"), // the server's HTTP parts, as Hummingbird's channel passes them
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
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"), // OpenID Connect: ID token signatures
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"), // SQLite itself, built in (SQLiteKit says why)
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"), // tests: property-based round trips
    ],
    targets: [
        // Models: the values, the versioned JSON format and the wire bodies.
        model("QuillAPI", ["QuillModels"]),
        model("QuillModels"),

        // Interfaces: one small protocol module per external concern, <Concern>Interface; the
        // concerns too small to earn targets of their own share StandardInterfaces, a folder each.
        interface("ByteStreamInterface"),
        interface("CompressionInterface"),
        interface("FileSystemInterface"),
        interface("NoteStoreInterface", ["QuillModels"]),
        interface("SearchIndexInterface", ["QuillModels"]),
        interface("ServerStoreInterface", ["QuillAPI", "QuillModels", "StandardInterfaces"]),
        interface("SettingsInterface", ["QuillModels"]),
        interface("StandardInterfaces", ["QuillModels"]),
        interface("SyncStateInterface", ["QuillModels", "SyncTransportInterface"]),
        interface("SyncTransportInterface", ["QuillAPI", "QuillModels"]),

        // Features: the logic, written against interfaces only.
        feature("ArchiveFeature", ["ByteStreamInterface", "CompressionInterface", "FileSystemInterface", "ImportFormatsFeature",
            "NoteStoreInterface", "QuillModels", "StandardInterfaces", crypto, yams]),
        feature("ImportFormatsFeature", ["ByteStreamInterface", "CompressionInterface", "FileSystemInterface", "QuillModels", crypto]),
        feature("NotesFeature", ["ByteStreamInterface", "NoteStoreInterface", "QuillModels", "SearchIndexInterface", "StandardInterfaces", crypto]),
        feature("QuillCLI", ["ArchiveFeature", "ByteStreamInterface", "CompressionInterface", "FileSystemInterface", "ImportFormatsFeature", "NotesFeature",
            "NoteStoreInterface", "QuillAPI", "QuillModels", "SearchIndexInterface", "SettingsInterface", "StandardInterfaces", "SyncFeature",
            "SyncStateInterface", "SyncTransportInterface", argumentParser]),
        feature("QuillServerCLI", ["QuillModels", "ServerFeature", "ServerStoreInterface", "StandardInterfaces", argumentParser]),
        feature("ServerFeature", ["ArchiveFeature", "ByteStreamInterface", "CompressionInterface", "ImportFormatsFeature", "NoteStoreInterface",
            "QuillAPI", "QuillModels", "ServerStoreInterface", "StandardInterfaces", crypto, hummingbird, hummingbirdCore, logging, metrics, nioCore, nioHTTPTypes,
            prometheus, serviceLifecycle]),
        feature("SyncFeature", ["NoteStoreInterface", "QuillAPI", "QuillModels", "StandardInterfaces", "SyncStateInterface", "SyncTransportInterface", crypto]),
        feature("WebReaderFeature", ["ByteStreamInterface", "QuillAPI", "QuillModels", "ServerFeature", "ServerStoreInterface", "StandardInterfaces",
            hummingbird, ink, mustache]),

        // SystemLibraries: C libraries linked from the system, used by adapters only. They name no
        // pkgConfig: its `-L` of the system's library folder would come before CCurlOnDemand/link.
        .systemLibrary(name: "CAllocator", path: "Modules/SystemLibraries/CAllocator"),
        // libcurl's functions, loaded on their first call (its header says why): `quill` links them in place of libcurl.
        .target(name: "CCurlOnDemand", path: "Modules/SystemLibraries/CCurlOnDemand", exclude: ["link"], linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CFileSync", path: "Modules/SystemLibraries/CFileSync"),
        .systemLibrary(name: "CZlib", path: "Modules/SystemLibraries/CZlib", providers: [.apt(["zlib1g-dev"])]),

        // Kits: shared technology (a C library's one wrapper, the durable-file sequence) that
        // adapters of different concerns use; a kit knows no interface.
        kit("POSIXFileKit", ["CFileSync"]),
        kit("SQLiteKit", [sqlite]),

        // Adapters: the real implementations, <Technology><Concern>, each over its one technology;
        // the small concerns' share StandardAdapters.
        adapter("FileAttachmentStore", ["POSIXFileKit", "QuillModels", "StandardInterfaces"]),
        adapter("FileNoteStore", ["FileSystemInterface", "NoteStoreInterface", "QuillModels", "SearchIndexInterface"]),
        adapter("FileSyncState", ["POSIXFileKit", "QuillAPI", "QuillModels", "SyncStateInterface", "SyncTransportInterface"]),
        adapter("GlibcAllocator", ["CAllocator"]),
        adapter("HTTPSyncTransport", ["QuillAPI", "QuillModels", "SyncStateInterface", "SyncTransportInterface", asyncHTTPClient, nioCore, nioHTTP1,
            nioPosix]),
        adapter("MCPAssistantTools", ["CCurlOnDemand", "StandardInterfaces", logging, mcp, systemPackage]),
        adapter("OIDCIdentityProvider", ["StandardInterfaces", asyncHTTPClient, jwtKit, nioCore, nioHTTP1, nioPosix]),
        adapter("JSONFileSettings", ["FileSystemInterface", "SettingsInterface"]),
        adapter("LocalByteStream", ["ByteStreamInterface", "POSIXFileKit"]),
        adapter("LocalFileSystem", ["CFileSync", "FileSystemInterface", "POSIXFileKit"]),
        adapter("POSIXTerminal", ["StandardInterfaces"]),
        adapter("PostgresServerStore", ["QuillModels", "ServerStoreInterface", "StandardInterfaces", logging, nioCore, postgresNIO,
            postgresPool, serviceLifecycle]),
        adapter("SQLiteSearchIndex", ["FileSystemInterface", "QuillModels", "SearchIndexInterface", "SQLiteKit"]),
        adapter("SQLiteServerStore", ["POSIXFileKit", "QuillModels", "ServerStoreInterface", "SQLiteKit", "StandardInterfaces"]),
        adapter("StandardAdapters", ["QuillModels", "StandardInterfaces", crypto]),
        adapter("ZlibCompression", ["CompressionInterface", "CZlib"]),

        // Testing: fakes (<Concern>Testing; the small concerns' in StandardTesting), unimplemented
        // doubles and test helpers.
        testSupport("ByteStreamTesting", ["ByteStreamInterface", "QuillModels"]),
        testSupport("ChildProcesses"),
        testSupport("CompressionTesting", ["CompressionInterface"]),
        testSupport("FileSystemTesting", ["FileSystemInterface"]),
        testSupport("NoteStoreTesting", ["NoteStoreInterface", "QuillModels", "StandardTesting"]),
        testSupport("ScratchDirectories"),
        testSupport("SearchIndexTesting", ["NoteStoreInterface", "QuillModels", "SearchIndexInterface"]),
        testSupport("ServerStoreTesting", ["QuillModels", "ServerStoreInterface", "StandardInterfaces"]),
        testSupport("SettingsTesting", ["SettingsInterface"]),
        testSupport("StandardTesting", ["QuillModels", "StandardInterfaces"]),
        testSupport("SyncStateTesting", ["QuillModels", "SyncStateInterface"]),
        testSupport("SyncTransportTesting", ["QuillAPI", "QuillModels", "StandardTesting", "SyncTransportInterface"]),
        testSupport("UnimplementedDoubles", ["ByteStreamInterface", "CompressionInterface", "FileSystemInterface", "NoteStoreInterface",
            "QuillAPI", "QuillModels", "SearchIndexInterface", "ServerStoreInterface", "SettingsInterface", "StandardInterfaces", "SyncStateInterface",
            "SyncTransportInterface"]),

        // Composition roots: the only code that names adapters.
        root("QuillComposition", ["ByteStreamTesting", "FileAttachmentStore", "FileNoteStore", "FileSyncState", "GlibcAllocator",
            "HTTPSyncTransport", "JSONFileSettings", "LocalByteStream", "LocalFileSystem", "MCPAssistantTools", "NoteStoreTesting",
            "POSIXTerminal", "QuillAPI", "QuillCLI", "QuillModels", "SearchIndexTesting", "SettingsTesting", "SQLiteSearchIndex", "StandardAdapters",
            "StandardTesting", "SyncFeature", "SyncStateInterface", "SyncStateTesting", "SyncTransportTesting", "ZlibCompression"]),
        root("QuillTestComposition", ["ByteStreamInterface", "CompressionInterface", "FileSystemInterface",
            "NoteStoreInterface", "QuillCLI", "SearchIndexInterface", "SettingsTesting", "StandardInterfaces", "StandardTesting", "SyncFeature",
            "UnimplementedDoubles"]),
        root("ServerComposition", ["ByteStreamInterface", "ByteStreamTesting", "GlibcAllocator", "LocalByteStream", "LocalFileSystem", "OIDCIdentityProvider",
            "POSIXTerminal", "PostgresServerStore", "QuillModels", "QuillServerCLI", "ServerFeature", "ServerStoreInterface", "ServerStoreTesting",
            "SQLiteServerStore", "StandardAdapters", "StandardInterfaces", "WebReaderFeature", "ZlibCompression", hummingbird, logging,
            nioCore, serviceLifecycle]),
        root("ServerTestComposition", ["ByteStreamInterface", "ByteStreamTesting", "CompressionInterface", "QuillModels", "QuillServerCLI",
            "ServerFeature", "ServerStoreInterface", "StandardInterfaces", "StandardTesting", "UnimplementedDoubles", "WebReaderFeature",
            "ZlibCompression"]),

        // Apps: parse, pick a root, run.
        // The bare Hummingbird app Tools/benchmarks/server.sh measures quill-server against.
        .executableTarget(name: "bare-hummingbird-benchmark", dependencies: [hummingbird], path: "Apps/bare-hummingbird-benchmark"),
        .executableTarget(
            name: "quill", dependencies: ["QuillCLI", "QuillComposition", argumentParser], path: "Apps/quill",
            // `-lcurl` finds CCurlOnDemand's empty stand-in: libcurl is loaded when first called.
            linkerSettings: [.unsafeFlags(["-L\(Context.packageDirectory)/Modules/SystemLibraries/CCurlOnDemand/link"])]),
        .executableTarget(name: "quill-server", dependencies: ["QuillServerCLI", "ServerComposition"], path: "Apps/quill-server"),

        // Tests: unit, contract (<Concern>ContractTests) and integration tests.
        tests("ArchiveFeatureTests", ["ArchiveFeature", "ByteStreamInterface", "ByteStreamTesting", "CompressionInterface", "CompressionTesting",
            "FileSystemTesting", "ImportFormatsFeature", "NoteStoreInterface", "NoteStoreTesting", "QuillModels", "StandardInterfaces", "StandardTesting", "ZlibCompression",
            crypto]),
        tests("ArchiveIntegrationTests", ["ArchiveFeature", "ByteStreamInterface", "ChildProcesses", "LocalByteStream", "NoteStoreInterface",
            "NoteStoreTesting", "QuillModels", "StandardTesting", "ZlibCompression"]),
        tests("ByteStreamContractTests", ["ByteStreamInterface", "ByteStreamTesting", "LocalByteStream", "ScratchDirectories"]),
        tests("CompressionContractTests", ["CompressionInterface", "CompressionTesting", "StandardTesting", "ZlibCompression"]),
        tests("FileSystemContractTests", ["ChildProcesses", "FileSystemInterface", "FileSystemTesting", "LocalFileSystem", "ScratchDirectories"]),
        tests("HTTPSyncTransportTests", ["HTTPSyncTransport", "QuillModels", "SyncStateInterface", "SyncTransportInterface"]),
        tests("ImportFormatsFeatureTests", ["ArchiveFeature", "ByteStreamTesting", "ChildProcesses", "CompressionInterface", "ImportFormatsFeature",
            "LocalFileSystem", "NoteStoreInterface", "NoteStoreTesting", "QuillModels", "ScratchDirectories", "StandardInterfaces", "StandardTesting",
            "UnimplementedDoubles", "ZlibCompression", crypto, propertyBased]),
        tests("NoteRoundTripPropertyTests", ["ArchiveFeature", "ByteStreamTesting", "FileNoteStore", "FileSystemTesting", "ImportFormatsFeature", "LocalFileSystem",
            "NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "PostgresServerStore", "QuillAPI", "QuillModels", "ScratchDirectories",
            "SearchIndexInterface", "ServerFeature", "ServerStoreInterface", "ServerStoreTesting", "ServerTestComposition", "SQLiteKit",
            "SQLiteServerStore", "StandardInterfaces", "StandardTesting", "WebReaderFeature", "ZlibCompression", hummingbird, hummingbirdTesting,
            logging, postgresNIO, propertyBased]),
        tests("NotesFeatureTests", ["NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "QuillModels", "StandardTesting"]),
        tests("NoteStoreContractTests", ["FileNoteStore", "FileSystemInterface", "FileSystemTesting", "LocalFileSystem", "NoteStoreInterface",
            "NoteStoreTesting", "QuillModels", "ScratchDirectories", "ServerFeature", "ServerStoreInterface", "ServerStoreTesting",
            "StandardInterfaces", "StandardTesting"]),
        tests("QuillCLITests", ["ArchiveFeature", "ByteStreamInterface", "ByteStreamTesting", "CompressionInterface", "CompressionTesting",
            "FileSystemInterface", "FileSystemTesting", "NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "QuillAPI", "QuillCLI",
            "QuillModels", "QuillTestComposition", "SearchIndexTesting", "SettingsInterface", "SettingsTesting", "StandardInterfaces",
            "StandardTesting", "SyncFeature", "SyncStateInterface", "SyncStateTesting", "SyncTransportInterface", "SyncTransportTesting",
            "UnimplementedDoubles", argumentParser, crypto, propertyBased]),
        tests("QuillIntegrationTests", ["ChildProcesses", "quill"]),
        tests("QuillModelsTests", ["QuillModels", "StandardTesting"]),
        tests("QuillServerCLITests", ["QuillModels", "QuillServerCLI", "ServerFeature", "ServerStoreInterface", "ServerStoreTesting",
            "ServerTestComposition", "StandardInterfaces", "StandardTesting", argumentParser]),
        tests("QuillServerIntegrationTests", ["ChildProcesses", "StandardTesting", "quill-server"]),
        tests("SearchIndexContractTests", ["FileNoteStore", "FileSystemTesting", "LocalFileSystem", "NotesFeature", "NoteStoreInterface",
            "QuillModels", "ScratchDirectories", "SearchIndexInterface", "SearchIndexTesting", "SQLiteKit", "SQLiteSearchIndex", "StandardTesting"]),
        tests("ServerCompositionTests", ["ChildProcesses", "QuillModels", "QuillServerCLI", "ServerComposition", "ServerFeature",
            "ServerStoreInterface", "ServerStoreTesting", "StandardInterfaces", logging]),
        tests("ServerFeatureTests", ["ArchiveFeature", "ByteStreamTesting", "NoteStoreInterface", "NoteStoreTesting", "QuillAPI", "QuillModels",
            "ServerFeature", "ServerStoreInterface", "ServerStoreTesting", "ServerTestComposition", "StandardInterfaces", "StandardTesting", "UnimplementedDoubles",
            "ZlibCompression", crypto, hummingbird, hummingbirdTesting, logging, nioCore]),
        tests("ServerStoreContractTests", ["PostgresServerStore", "QuillModels", "ServerFeature", "ServerStoreInterface", "ServerStoreTesting", "SQLiteKit",
            "SQLiteServerStore", "StandardInterfaces", "StandardTesting", logging, postgresNIO, propertyBased], exclude: ["Fixtures"]),
        tests("StandardContractTests", ["CCurlOnDemand", "FileAttachmentStore", "MCPAssistantTools", "OIDCIdentityProvider", "POSIXTerminal",
            "QuillModels", "ScratchDirectories", "StandardAdapters", "StandardInterfaces", "StandardTesting", hummingbird, hummingbirdTesting, jwtKit]),
        tests("SettingsContractTests", ["FileSystemInterface", "FileSystemTesting", "JSONFileSettings", "LocalFileSystem", "ScratchDirectories",
            "SettingsInterface", "SettingsTesting"]),
        tests("GeneratedClientTests", ["ChildProcesses", "quill-server", httpTypes, openAPIAsyncHTTPClient, openAPIRuntime]),
        tests("SyncEndToEndTests", ["ChildProcesses", "quill", "quill-server"]),
        tests("SyncFeatureTests", ["FileNoteStore", "FileSystemTesting", "NoteStoreInterface", "NoteStoreTesting", "QuillModels", "StandardInterfaces",
            "StandardTesting", "SyncFeature",
            "SyncStateInterface", "SyncStateTesting", "SyncTransportInterface", "SyncTransportTesting", crypto]),
        tests("SyncStateContractTests", ["FileSyncState", "QuillModels", "ScratchDirectories", "SyncStateInterface", "SyncStateTesting",
            "SyncTransportInterface"]),
        tests("SyncTransportContractTests", ["ChildProcesses", "HTTPSyncTransport", "quill-server", "QuillModels", "ScratchDirectories",
            "StandardTesting", "SyncStateInterface", "SyncTransportInterface", "SyncTransportTesting", crypto]),
        tests("WebReaderFeatureTests", ["ByteStreamTesting", "QuillModels", "ServerFeature", "ServerStoreInterface", "ServerStoreTesting",
            "ServerTestComposition", "StandardInterfaces", "StandardTesting", "WebReaderFeature", "ZlibCompression", crypto, hummingbird,
            hummingbirdTesting]),
    ],
    swiftLanguageModes: [.v6]
)
