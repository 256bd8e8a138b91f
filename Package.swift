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
    products: [
        .executable(name: "quill", targets: ["quill"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"), // Archive: SHA-256 in manifests
    ],
    targets: [
        // Models
        module("Models", "QuillModels"),

        // Interfaces: one small protocol per external concern.
        module("Interfaces", "SystemInterface", ["QuillModels"]),
        module("Interfaces", "FileSystemInterface"),
        module("Interfaces", "NoteStoreInterface", ["QuillModels"]),
        module("Interfaces", "TerminalInterface"),

        // Features: the logic, written against interfaces only.
        module("Features", "NotesFeature", ["QuillModels", "NoteStoreInterface", "SystemInterface"]),
        module("Features", "QuillCLI", [
            "QuillModels", "NotesFeature", "NoteStoreInterface", "SystemInterface", "FileSystemInterface",
            "TerminalInterface", argumentParser,
            "ArchiveFeature", "CompressionInterface", "ByteStreamInterface", // Archive
        ]),

        // Adapters: the real implementations, each over its one technology.
        module("Adapters", "SystemLive", ["QuillModels", "SystemInterface"]),
        module("Adapters", "LocalFileSystem", ["FileSystemInterface"]),
        module("Adapters", "FileNoteStore", ["QuillModels", "NoteStoreInterface", "FileSystemInterface"]),
        module("Adapters", "TerminalLive", ["TerminalInterface"]),

        // Testing: fakes and doubles, for the preview and test roots and for tests.
        module("Testing", "SystemTesting", ["QuillModels", "SystemInterface"]),
        module("Testing", "FileSystemTesting", ["FileSystemInterface"]),
        module("Testing", "NoteStoreTesting", ["QuillModels", "NoteStoreInterface"]),
        module("Testing", "TerminalTesting", ["TerminalInterface"]),
        module("Testing", "UnimplementedDoubles", [
            "QuillModels", "SystemInterface", "FileSystemInterface", "NoteStoreInterface", "TerminalInterface",
            "CompressionInterface", "ByteStreamInterface", // Archive
        ]),

        // Composition roots: the only code that names adapters.
        module("Composition", "QuillComposition", [
            "QuillCLI", "SystemLive", "LocalFileSystem", "FileNoteStore", "TerminalLive",
            "SystemTesting", "NoteStoreTesting",
            "ZlibCompression", "LocalByteStreams", // Archive
        ]),
        module("Composition", "QuillTestComposition", ["QuillCLI", "UnimplementedDoubles"]),

        // Apps: parse, pick a root, run.
        .executableTarget(name: "quill", dependencies: ["QuillCLI", "QuillComposition", argumentParser], path: "Apps/quill"),

        // Tests
        tests("QuillModelsTests", ["QuillModels"]),
        tests("FileSystemContractTests", ["FileSystemInterface", "LocalFileSystem", "FileSystemTesting"]),
        tests("NoteStoreContractTests", [
            "QuillModels", "NoteStoreInterface", "FileNoteStore", "LocalFileSystem", "FileSystemTesting",
            "NoteStoreTesting", "SystemTesting",
        ]),
        tests("NotesFeatureTests", ["NotesFeature", "NoteStoreInterface", "NoteStoreTesting", "SystemTesting", "QuillModels"]),
        tests("QuillCLITests", [
            "QuillCLI", "QuillTestComposition", "NoteStoreTesting", "SystemTesting", "TerminalTesting",
            "FileSystemTesting", "QuillModels", "NotesFeature",
            "ByteStreamTesting", "CompressionTesting", // Archive
        ]),
        tests("QuillIntegrationTests", ["QuillModels", "quill"]),

        // --- Archive (issue 3): compression, byte streams, tar.gz export/import ---
        module("Interfaces", "CompressionInterface"),
        .systemLibrary(name: "CZlib", path: "Modules/SystemLibraries/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        module("Adapters", "ZlibCompression", ["CompressionInterface", "CZlib"]),
        module("Testing", "CompressionTesting", ["CompressionInterface"]),
        module("Interfaces", "ByteStreamInterface"),
        module("Adapters", "LocalByteStreams", ["ByteStreamInterface"]),
        module("Testing", "ByteStreamTesting", ["ByteStreamInterface"]),
        module("Features", "ArchiveFeature", [
            "QuillModels", "NoteStoreInterface", "SystemInterface", "CompressionInterface", "ByteStreamInterface",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        tests("CompressionContractTests", ["CompressionInterface", "ZlibCompression", "CompressionTesting"]),
        tests("ArchiveFeatureTests", [
            "ArchiveFeature", "QuillModels", "NoteStoreInterface", "NoteStoreTesting", "SystemTesting", "CompressionInterface",
            "CompressionTesting", "ZlibCompression", "ByteStreamInterface", "ByteStreamTesting",
        ]),
        tests("ArchiveIntegrationTests", [
            "ArchiveFeature", "LocalByteStreams", "ZlibCompression", "ByteStreamInterface", "ByteStreamTesting",
            "NoteStoreInterface", "NoteStoreTesting", "SystemTesting", "QuillModels",
        ]),
        // --- end Archive ---
    ],
    swiftLanguageModes: [.v6]
)
