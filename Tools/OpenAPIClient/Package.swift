// swift-tools-version: 6.0
// The client generator, apart from the main package so that building Quill never builds it:
// Tools/openapi-client.sh runs it to write Tests/GeneratedClientTests/Generated/ from
// docs/openapi.yaml, and checks in CI that what is committed is what it writes.
import PackageDescription

let package = Package(
    name: "OpenAPIClientGenerator",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
    ],
    targets: []
)
