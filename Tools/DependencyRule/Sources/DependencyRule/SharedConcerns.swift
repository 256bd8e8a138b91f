import Foundation

/// The concerns too small to earn targets of their own (docs/architecture.md, "When a concern
/// earns its own targets"): they share one module per layer, a folder per concern in each,
/// `Modules/Interfaces/StandardInterfaces/<C>/`, `Modules/Adapters/StandardAdapters/<C>/`,
/// `Modules/Testing/StandardTesting/<C>/` and their contract suite
/// `Tests/StandardContractTests/<C>/` (an adapter that links a technology of its own stays a
/// module, `<Technology><C>`). The names and the table of concerns treat such a folder as they
/// treat a concern's own module.
struct SharedConcerns: Sendable {
    static let interfaces = "StandardInterfaces"
    static let adapters = "StandardAdapters"
    static let testing = "StandardTesting"
    static let contractTests = "StandardContractTests"
    static let modules: Set<String> = [interfaces, adapters, testing]

    /// A concern's folders: which of the three shared modules have one.
    struct Concern: Equatable, Sendable {
        var protocols: [String]
        var hasAdapter: Bool
        var hasFakes: Bool
        var hasContractSuite: Bool
    }

    /// Stem → its folders.
    var concerns: [String: Concern] = [:]

    init(concerns: [String: Concern] = [:]) { self.concerns = concerns }

    /// Reads the shared modules' folders (the paths the package gives them).
    init(graph: PackageGraph) throws {
        func folders(of module: String) -> Set<String> {
            guard let path = graph.targets.first(where: { $0.name == module })?.path,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
            return Set(names.filter { name in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
            })
        }
        let adapters = folders(of: Self.adapters), fakes = folders(of: Self.testing), suites = folders(of: Self.contractTests)
        guard let path = graph.targets.first(where: { $0.name == Self.interfaces })?.path else { return }
        for stem in folders(of: Self.interfaces) {
            concerns[stem] = Concern(protocols: try SwiftDeclarations(directory: path + "/" + stem).protocols,
                                     hasAdapter: adapters.contains(stem), hasFakes: fakes.contains(stem),
                                     hasContractSuite: suites.contains(stem))
        }
    }
}
