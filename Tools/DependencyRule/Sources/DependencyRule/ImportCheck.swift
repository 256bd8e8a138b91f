import Foundation

/// Finds every `import` of a module that the importing target does not declare in
/// Package.swift, and every declared dependency that no file of the target imports. The
/// layering is checked on the declared graph, so an undeclared import (which the build may
/// allow, the module being reachable through another dependency) would slip past the rule, and
/// an unused one would make a target look coupled to what it never touches; this makes what the
/// code imports and what the package declares one and the same. An executable (`Apps/`) is
/// declared to be built for integration tests, never imported, and is exempt.
enum ImportCheck {
    /// Modules of the toolchain and the system, which no Package.swift entry declares.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Darwin", "Musl", "Dispatch",
        "Synchronization", "Testing", "XCTest", "_Concurrency", "Observation", "os",
    ]

    /// Products whose module a target imports under another name: sqlite-nio's `SQLiteNIO`
    /// brings SQLite's C module, `VaporCSQLite`, the one part of it Quill uses (`SQLiteKit`).
    static let importedModuleOfProduct = ["SQLiteNIO": "VaporCSQLite"]

    /// - Parameter sources: each target's Swift sources, by target name.
    static func violations(in graph: PackageGraph, sources: [String: [String]]) -> [String] {
        var problems: [String] = []
        let executables = Set(graph.targets.filter { Layer(path: $0.path) == .apps }.map(\.name))
        for target in graph.targets.sorted(by: { $0.name < $1.name }) {
            guard let files = sources[target.name] else { continue }
            let products = target.products.map { String($0.split(separator: "/").last ?? "") }
            let declared = Set(target.targets + products.map { importedModuleOfProduct[$0] ?? $0 })
            let imported = Set(files.flatMap(imports(in:)))
            for module in imported.sorted() where module != target.name && !toolchainModules.contains(module) && !declared.contains(module) {
                problems.append("\(target.name) imports \(module), which its Package.swift entry does not declare")
            }
            for module in declared.sorted() where !imported.contains(module) && !executables.contains(module) {
                problems.append("\(target.name) declares \(module), which none of its files imports")
            }
        }
        return problems
    }

    /// The modules a source imports (`import X`, `@testable import X`, `import struct X.Y`), from
    /// lines that start with the declaration (an indented "import" is text in a string).
    static func imports(in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            guard line.first == "i" || line.first == "@" || line.first == "p" else { return nil }
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, (first.hasPrefix("@") && !first.contains("(")) || ["public", "internal", "package", "private", "fileprivate"].contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { return nil }
            let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            return path.split(separator: ".").first.map(String.init)
        }
    }

    /// Every Swift file of every target that has a folder, read.
    static func sources(of graph: PackageGraph) throws -> [String: [String]] {
        var sources: [String: [String]] = [:]
        let manager = FileManager.default
        for target in graph.targets where !target.path.isEmpty {
            guard let files = manager.enumerator(atPath: target.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                sources[target.name, default: []].append(try String(contentsOfFile: target.path + "/" + file, encoding: .utf8))
            }
        }
        return sources
    }
}
