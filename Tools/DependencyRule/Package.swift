// swift-tools-version:6.0
// Checks Quill's dependency rule on the output of `swift package dump-package`, and keeps
// the module graph in docs/architecture.md generated from the package.
import PackageDescription

let package = Package(
    name: "DependencyRule",
    targets: [
        .executableTarget(name: "DependencyRule", path: "Sources/DependencyRule"),
        .testTarget(name: "DependencyRuleTests", dependencies: ["DependencyRule"], path: "Tests/DependencyRuleTests"),
    ],
    swiftLanguageModes: [.v6]
)
