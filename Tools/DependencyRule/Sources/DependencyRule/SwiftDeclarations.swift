import Foundation

/// The public protocols and types a module's Swift sources declare, and the protocols each
/// type conforms to, read line by line (enough for Quill's one-declaration-per-line style).
struct SwiftDeclarations: Equatable, Sendable {
    var protocols: [String] = []
    /// Type name → the protocols it conforms to, in its declaration or in extensions.
    var conformances: [String: Set<String>] = [:]

    init() {}

    init(source: String) {
        var enclosing: String? // the last type declared at the top level, for nested types
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let nested = rawLine.first == " " || rawLine.first == "\t"
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("//") { continue }
            while line.hasPrefix("@") { // attributes before the declaration: @MainActor, @available(…)
                guard let space = line.firstIndex(of: " ") else { break }
                line = line[space...].trimmingCharacters(in: .whitespaces)
            }
            if let rest = Self.dropping(["public protocol "], from: line) {
                let (name, _) = Self.nameAndConformances(rest)
                if !name.isEmpty { protocols.append(name) }
            } else if let rest = Self.dropping(
                ["public struct ", "public final class ", "public class ", "public actor ", "public enum ", "extension ", "public extension "],
                from: line) {
                let (name, inherited) = Self.nameAndConformances(rest)
                guard !name.isEmpty else { continue }
                let qualified = nested ? enclosing.map { "\($0).\(name)" } ?? name : name
                if !nested { enclosing = name }
                conformances[qualified, default: []].formUnion(inherited)
            }
        }
    }

    /// Every `.swift` file under `directory`, read and merged.
    init(directory: String) throws {
        self.init()
        let manager = FileManager.default
        guard let files = manager.enumerator(atPath: directory) else { return }
        for case let file as String in files where file.hasSuffix(".swift") {
            merge(SwiftDeclarations(source: try String(contentsOfFile: directory + "/" + file, encoding: .utf8)))
        }
        protocols.sort()
    }

    mutating func merge(_ other: SwiftDeclarations) {
        protocols += other.protocols
        conformances.merge(other.conformances) { $0.union($1) }
    }

    private static func dropping(_ prefixes: [String], from line: String) -> String? {
        prefixes.first(where: line.hasPrefix).map { String(line.dropFirst($0.count)) }
    }

    /// `Name<T>: A, B where … {` → ("Name", ["A", "B"]).
    private static func nameAndConformances(_ text: String) -> (String, Set<String>) {
        let name = String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        var rest = text.dropFirst(name.count)
        if rest.first == "<" {
            var depth = 0
            while let character = rest.first {
                rest = rest.dropFirst()
                if character == "<" { depth += 1 }
                if character == ">" { depth -= 1; if depth == 0 { break } }
            }
        }
        rest = rest.drop { $0 == " " }
        guard rest.first == ":" else { return (name, []) }
        let clause = rest.dropFirst().prefix { $0 != "{" }
        let list = clause.components(separatedBy: " where ").first ?? ""
        let names = list.split(separator: ",").map { item in
            item.trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: "@unchecked ", with: "")
                .prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        }
        return (name, Set(names.map(String.init).filter { !$0.isEmpty }))
    }
}
