// swift-tools-version:6.0
// Quill: one package, layered modules. The layer of a target is the folder it lives in
// (Modules/<Layer>/<Target>); `Tools/DependencyRule` checks the allowed edges between layers.
import PackageDescription

let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")

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
    ],
    targets: [
        // Models
        module("Models", "QuillModels"),

        // Interfaces: one small protocol per external concern.
        module("Interfaces", "SystemInterface", ["QuillModels"]),
        module("Interfaces", "FileSystemInterface"),
        module("Interfaces", "NoteStoreInterface", ["QuillModels"]),
        module("Interfaces", "TerminalInterface"),

        // --- Archive (issue 3): compression, byte streams, tar.gz export/import ---
        module("Interfaces", "CompressionInterface"),
        .systemLibrary(name: "CZlib", path: "Modules/SystemLibraries/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        module("Adapters", "ZlibCompression", ["CompressionInterface", "CZlib"]),
        module("Testing", "CompressionTesting", ["CompressionInterface"]),
        tests("CompressionContractTests", ["CompressionInterface", "ZlibCompression", "CompressionTesting"]),
        // --- end Archive ---
    ],
    swiftLanguageModes: [.v6]
)
