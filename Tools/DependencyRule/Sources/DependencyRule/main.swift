import Foundation

// Usage: swift package dump-package | dependency-rule check [--docs docs/module-graph.md] [--concerns docs/architecture.md]
//            [--claims README.md,docs --outside-names FILE]
//        swift package dump-package | dependency-rule write-docs docs/module-graph.md [--concerns docs/architecture.md]
// Run from the package's root (the concern table reads the Swift sources of the targets).
// `check` fails (exit 1) on any layering violation, on any name that breaks the convention of
// one stem per concern (NameCheck), on an import the importing target does not declare (ImportCheck), and on a module graph or a table of concerns in the docs
// that no longer matches the package, and (with --claims) on a backticked name in those documents
// that names nothing in the repository (DocClaims); `write-docs` regenerates the generated sections.
let arguments = Array(CommandLine.arguments.dropFirst())

/// The value after `flag` in the arguments, if any.
func option(_ flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

/// The generated documents, each with the sections it should hold.
func generatedDocuments(_ graph: PackageGraph, graphFile: String?) throws -> [(file: String, update: (String) throws -> String)] {
    var documents: [(file: String, update: (String) throws -> String)] = []
    if let graphFile { documents.append((graphFile, { try MermaidGraph.updating($0, with: graph) })) }
    if let concernsFile = option("--concerns") {
        let table = ConcernTable(graph: graph, declarations: try declarationsOfConcernModules(graph), shared: try SharedConcerns(graph: graph))
        let kits = KitUsers(graph: graph)
        let roles = try ServerRoles(source: String(contentsOfFile: ServerRoles.source, encoding: .utf8))
        documents.append((concernsFile, { try roles.updating(try kits.updating(try table.updating($0))) }))
    }
    return documents
}

func declarationsOfConcernModules(_ graph: PackageGraph) throws -> [String: SwiftDeclarations] {
    var declarations: [String: SwiftDeclarations] = [:]
    for target in graph.targets where [.interfaces, .adapters, .testing].contains(Layer(path: target.path)) {
        declarations[target.name] = try SwiftDeclarations(directory: target.path)
    }
    return declarations
}

/// What every Markdown file among `documents` (files and folders, comma-separated) claims that
/// the repository does not hold.
func docClaimProblems(documents: String, outsideNamesFile: String?) throws -> [String] {
    let outside = try outsideNamesFile.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? ""
    let claims = DocClaims(index: try SourceIndex(root: "."), outsideNames: Set(outside.split(separator: "\n").map(String.init)
        .filter { !$0.isEmpty && !$0.hasPrefix("# ") }))
    var files: [String] = []
    for entry in documents.split(separator: ",").map(String.init) {
        if entry.hasSuffix(".md") { files.append(entry); continue }
        let names = try FileManager.default.contentsOfDirectory(atPath: entry).filter { $0.hasSuffix(".md") }.sorted()
        files += names.map { entry + "/" + $0 }
    }
    return try files.flatMap { file in claims.problems(in: try String(contentsOfFile: file, encoding: .utf8), file: file) }
}

do {
    let graph = try PackageGraph(dumpPackageJSON: FileHandle.standardInput.readDataToEndOfFile())
    switch arguments.first {
    case "check":
        let shared = try SharedConcerns(graph: graph)
        let concerns = ConcernTable(graph: graph, declarations: try declarationsOfConcernModules(graph), shared: shared)
        var problems = RuleCheck.violations(in: graph) + NameCheck.violations(in: graph, concerns: concerns, shared: shared)
            + ImportCheck.violations(in: graph, sources: try ImportCheck.sources(of: graph))
        if let claims = option("--claims") { problems += try docClaimProblems(documents: claims, outsideNamesFile: option("--outside-names")) }
        if let concernsFile = option("--concerns") {
            problems += DecisionTable(document: try String(contentsOfFile: concernsFile, encoding: .utf8))
                .problems(typesByModule: try DecisionTable.typesByModule(graph: graph))
        }
        for (file, update) in try generatedDocuments(graph, graphFile: option("--docs")) {
            let document = try String(contentsOfFile: file, encoding: .utf8)
            if try update(document) != document {
                problems.append("\(file): a generated section is out of date; run Tools/dependency-rule.sh write-docs")
            }
        }
        if problems.isEmpty {
            print("dependency rule: \(graph.targets.count) targets, no violations")
        } else {
            FileHandle.standardError.write(Data((problems.map { "violation: \($0)" }.joined(separator: "\n") + "\n").utf8))
            exit(1)
        }
    case "write-docs" where arguments.count >= 2:
        for (file, update) in try generatedDocuments(graph, graphFile: arguments[1]) {
            try update(try String(contentsOfFile: file, encoding: .utf8)).write(toFile: file, atomically: true, encoding: .utf8)
            print("updated the generated sections of \(file)")
        }
    default:
        FileHandle.standardError.write(Data(
            "usage: dependency-rule check [--docs FILE] [--concerns FILE] | write-docs FILE [--concerns FILE] (package JSON on stdin)\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("dependency-rule: \(error)\n".utf8))
    exit(1)
}
