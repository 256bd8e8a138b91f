import Foundation

// Usage: swift package dump-package | dependency-rule check [--docs docs/architecture.md]
//        swift package dump-package | dependency-rule write-docs docs/architecture.md
// `check` fails (exit 1) on any layering violation, on any name that breaks the convention of
// one stem per concern (NameCheck), and on a module graph in the docs that no longer matches
// the package; `write-docs` regenerates that graph.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let graph = try PackageGraph(dumpPackageJSON: FileHandle.standardInput.readDataToEndOfFile())
    switch arguments.first {
    case "check":
        var problems = RuleCheck.violations(in: graph) + NameCheck.violations(in: graph)
        if arguments.count == 3, arguments[1] == "--docs" {
            let document = try String(contentsOfFile: arguments[2], encoding: .utf8)
            if try MermaidGraph.updating(document, with: graph) != document {
                problems.append("\(arguments[2]): the module graph is out of date; run Tools/dependency-rule.sh write-docs")
            }
        }
        if problems.isEmpty {
            print("dependency rule: \(graph.targets.count) targets, no violations")
        } else {
            FileHandle.standardError.write(Data((problems.map { "violation: \($0)" }.joined(separator: "\n") + "\n").utf8))
            exit(1)
        }
    case "write-docs" where arguments.count == 2:
        let document = try String(contentsOfFile: arguments[1], encoding: .utf8)
        try MermaidGraph.updating(document, with: graph).write(toFile: arguments[1], atomically: true, encoding: .utf8)
        print("updated the module graph in \(arguments[1])")
    default:
        FileHandle.standardError.write(Data("usage: dependency-rule check [--docs FILE] | write-docs FILE (package JSON on stdin)\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("dependency-rule: \(error)\n".utf8))
    exit(1)
}
