import Foundation

/// The table "Where decisions live" of docs/architecture.md: each row's first backticked name in
/// its "where" column is the rule's home, and must be a type (or a member of one) declared at
/// the top level of exactly one module. So the table names no rule that does not exist, and a
/// rule it names is not written again elsewhere under the same name.
struct DecisionTable: Sendable {
    static let heading = "## Where decisions live"

    /// The type each row names, in order.
    let homes: [String]

    init(document: String) {
        var homes: [String] = []
        var inTable = false
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inTable = line.hasPrefix(Self.heading) }
            guard inTable, line.hasPrefix("|"), !line.hasPrefix("|---") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 2, cells[1] != "decision", let name = DocClaims.backticked(Substring(cells[2])).first else { continue }
            homes.append(String(name.prefix { $0 != "." && $0 != "(" }))
        }
        self.homes = homes
    }

    /// The rows whose home is declared in no module or in more than one, given each module's
    /// top-level type names.
    func problems(typesByModule: [String: Set<String>]) -> [String] {
        homes.compactMap { home in
            let modules = typesByModule.filter { $0.value.contains(home) }.keys.sorted()
            switch modules.count {
            case 1: return nil
            case 0: return "docs/architecture.md, \(Self.heading): `\(home)` is a type declared in no module"
            default: return "docs/architecture.md, \(Self.heading): `\(home)` is declared in \(modules.count) modules (\(modules.joined(separator: ", "))): a rule lives in one"
            }
        }
    }

    /// The top-level types (`struct`, `enum`, `class`, `actor`, `protocol`, at any access level)
    /// each module under `Modules/` declares, by module name.
    static func typesByModule(graph: PackageGraph) throws -> [String: Set<String>] {
        var types: [String: Set<String>] = [:]
        for target in graph.targets where target.path.hasPrefix("Modules/") {
            guard let files = FileManager.default.enumerator(atPath: target.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let source = try String(contentsOfFile: target.path + "/" + file, encoding: .utf8)
                types[target.name, default: []].formUnion(topLevelTypes(in: source))
            }
        }
        return types
    }

    /// The names of the types a source declares at its top level (not indented).
    static func topLevelTypes(in source: String) -> Set<String> {
        let modifiers: Set<Substring> = ["public", "internal", "package", "fileprivate", "private", "final"]
        let kinds: Set<Substring> = ["struct", "enum", "class", "actor", "protocol"]
        var names: Set<String> = []
        for line in source.split(separator: "\n") where line.first.map({ $0.isLetter }) == true {
            let words = line.split(separator: " ").drop(while: { modifiers.contains($0) })
            guard let kind = words.first, kinds.contains(kind), let name = words.dropFirst().first else { continue }
            names.insert(String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
        }
        return names
    }
}
