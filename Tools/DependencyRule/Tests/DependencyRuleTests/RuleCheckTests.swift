@testable import DependencyRule
import Testing

@Suite("Dependency rule")
struct RuleCheckTests {
    func target(_ name: String, _ path: String, _ targets: [String] = [], products: [String] = []) -> PackageGraph.Target {
        .init(name: name, path: path, targets: targets, products: products)
    }

    @Test func aLayeredGraphPasses() {
        let graph = PackageGraph(targets: [
            target("Models", "Modules/Models/Models"),
            target("StoreInterface", "Modules/Interfaces/StoreInterface", ["Models"]),
            target("Feature", "Modules/Features/Feature", ["StoreInterface"], products: ["swift-argument-parser/ArgumentParser"]),
            target("Adapter", "Modules/Adapters/Adapter", ["StoreInterface"]),
            target("Fakes", "Modules/Testing/Fakes", ["StoreInterface"]),
            target("Root", "Modules/Composition/Root", ["Feature", "Adapter", "Fakes"]),
            target("app", "Apps/app", ["Root", "Feature"]),
            target("Tests", "Tests/Tests", ["Adapter", "Fakes"]),
        ])
        #expect(RuleCheck.violations(in: graph).isEmpty)
    }

    @Test func aFeatureUsingAnAdapterIsAViolation() {
        let graph = PackageGraph(targets: [
            target("Adapter", "Modules/Adapters/Adapter"),
            target("Feature", "Modules/Features/Feature", ["Adapter"]),
        ])
        #expect(RuleCheck.violations(in: graph) == ["Feature (Features) must not depend on Adapter (Adapters)"])
    }

    @Test func adaptersMustNotUseOtherAdaptersFeaturesOrFakes() {
        let graph = PackageGraph(targets: [
            target("A", "Modules/Adapters/A"),
            target("F", "Modules/Features/F"),
            target("T", "Modules/Testing/T"),
            target("B", "Modules/Adapters/B", ["A", "F", "T"]),
        ])
        #expect(RuleCheck.violations(in: graph).count == 3)
    }

    @Test func appsMustGoThroughACompositionRoot() {
        let graph = PackageGraph(targets: [
            target("A", "Modules/Adapters/A"),
            target("app", "Apps/app", ["A"]),
        ])
        #expect(RuleCheck.violations(in: graph) == ["app (Apps) must not depend on A (Adapters)"])
    }

    @Test func interfacesMustNotUseExternalPackagesAndTargetsMustLiveInALayer() {
        let graph = PackageGraph(targets: [
            target("I", "Modules/Interfaces/I", products: ["swift-nio/NIO"]),
            target("Stray", "Sources/Stray"),
        ])
        #expect(RuleCheck.violations(in: graph).count == 2)
    }

    @Test func theGraphIsRenderedPerLayer() throws {
        let graph = PackageGraph(targets: [
            target("Models", "Modules/Models/Models"),
            target("I", "Modules/Interfaces/I", ["Models"]),
        ])
        let document = "intro\n\(MermaidGraph.begin)\nold\n\(MermaidGraph.end)\noutro"
        let updated = try MermaidGraph.updating(document, with: graph)
        #expect(updated.contains("  subgraph Interfaces\n    I\n  end"))
        #expect(updated.contains("  I --> Models"))
        #expect(updated.hasPrefix("intro\n") && updated.hasSuffix("\noutro"))
    }
}

@Suite("Imports match the declared dependencies")
struct ImportCheckTests {
    @Test func anUndeclaredImportIsAViolationAndTheToolchainsModulesAreNot() {
        let graph = PackageGraph(targets: [
            .init(name: "ServerFeatureTests", path: "Tests/ServerFeatureTests", targets: ["ServerFeature"], products: ["hummingbird/HummingbirdTesting"]),
        ])
        let source = """
            import Foundation
            @testable import ServerFeature
            import HummingbirdTesting
            import Hummingbird
            import struct Logging.Logger
            @Suite("quill import DIR") struct Names {
                let help = \"""
                import Nothing
                \"""
            }
            """
        #expect(ImportCheck.violations(in: graph, sources: ["ServerFeatureTests": [source]]) == [
            "ServerFeatureTests imports Hummingbird, which its Package.swift entry does not declare",
            "ServerFeatureTests imports Logging, which its Package.swift entry does not declare",
        ])
    }

    @Test func aDeclaredDependencyNothingImportsIsAViolationButAnExecutableIsNot() {
        let graph = PackageGraph(targets: [
            .init(name: "quill", path: "Apps/quill", targets: [], products: []),
            .init(name: "QuillIntegrationTests", path: "Tests/QuillIntegrationTests", targets: ["quill", "QuillModels"], products: []),
        ])
        #expect(ImportCheck.violations(in: graph, sources: ["QuillIntegrationTests": ["import Testing"], "quill": ["import Foundation"]]) == [
            "QuillIntegrationTests declares QuillModels, which none of its files imports",
        ])
    }

    @Test func aProductIsImportedByTheNameOfTheModuleItBrings() {
        let graph = PackageGraph(targets: [
            .init(name: "SQLiteKit", path: "Modules/Kits/SQLiteKit", targets: [], products: ["sqlite-nio/SQLiteNIO"]),
        ])
        #expect(ImportCheck.violations(in: graph, sources: ["SQLiteKit": ["import VaporCSQLite"]]).isEmpty)
        #expect(ImportCheck.violations(in: graph, sources: ["SQLiteKit": ["import SQLiteNIO"]]) == [
            "SQLiteKit imports SQLiteNIO, which its Package.swift entry does not declare",
            "SQLiteKit declares VaporCSQLite, which none of its files imports",
        ])
    }
}
