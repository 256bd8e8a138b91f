// swift-tools-version:6.0
// Quill: one package, layered modules. The layer of a target is the folder it lives in
// (Modules/<Layer>/<Target>); `Tools/DependencyRule` checks the allowed edges between layers.
import PackageDescription

let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
// --- quill-server (issue 4) ---
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let hummingbirdTesting = Target.Dependency.product(name: "HummingbirdTesting", package: "hummingbird")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let metrics = Target.Dependency.product(name: "Metrics", package: "swift-metrics")
let prometheus = Target.Dependency.product(name: "Prometheus", package: "swift-prometheus")
let serviceLifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let postgresNIO = Target.Dependency.product(name: "PostgresNIO", package: "postgres-nio")
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
// --- end quill-server ---

func module(_ layer: String, _ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "Modules/\(layer)/\(name)")
}

func tests(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: name, dependencies: dependencies, path: "Tests/\(name)")
}

let package = Package(
    name: "Quill",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // --- quill-server (issue 4) ---
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.4.0"),
        // --- end quill-server ---
    ],
    targets: [
        // Models
        module("Models", "QuillModels"),

        // Interfaces: one small protocol per external concern.
        module("Interfaces", "SystemInterface", ["QuillModels"]),
        module("Interfaces", "FileSystemInterface"),
        module("Interfaces", "NoteStoreInterface", ["QuillModels"]),
        module("Interfaces", "TerminalInterface"),

        // --- quill-server (issue 4) ---
        module("Interfaces", "ServerStoreInterface", ["QuillModels"]),
        module("Testing", "ServerStoreTesting", ["QuillModels", "ServerStoreInterface"]),
        .systemLibrary(name: "CSQLite", path: "Modules/SystemLibraries/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        module("Adapters", "SQLiteNoteRepository", ["QuillModels", "ServerStoreInterface", "CSQLite"]),
        module("Adapters", "CryptoTokenSecurity", ["ServerStoreInterface", crypto]),
        module("Adapters", "PostgresNoteRepository", ["QuillModels", "ServerStoreInterface", postgresNIO, logging, serviceLifecycle]),
        module("Features", "ServerFeature", [
            "QuillModels", "ServerStoreInterface", "SystemInterface", hummingbird, logging, metrics, prometheus, serviceLifecycle,
        ]),
        tests("ServerStoreInterfaceTests", ["ServerStoreInterface", "QuillModels"]),
        tests("CryptoTokenSecurityTests", ["CryptoTokenSecurity", "ServerStoreInterface"]),
        tests("ServerFeatureTests", ["ServerFeature", "ServerStoreInterface", "ServerStoreTesting", "QuillModels", "SystemInterface", hummingbirdTesting]),
        tests("ServerStoreContractTests", [
            "ServerStoreInterface", "QuillModels", "ServerStoreTesting", "SQLiteNoteRepository", "PostgresNoteRepository", postgresNIO, logging,
        ]),
        // --- end quill-server ---

    ],
    swiftLanguageModes: [.v6]
)
