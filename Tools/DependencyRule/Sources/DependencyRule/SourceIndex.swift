import Foundation

/// What the repository holds that a document can name: every file, every name the Swift
/// sources declare (with each function's argument labels), the commands and flags of the two
/// apps, and the text of the scripts (for environment variables and script flags).
struct SourceIndex: Sendable {
    /// Repository-relative paths of every file and folder (folders end with `/`).
    var paths: Set<String> = []
    var declarations: Set<String> = []
    /// Top-level type name → the names declared inside it or its extensions.
    var members: [String: Set<String>] = [:]
    /// Function (or `init`) name → the argument-label lists of its declarations; a label list
    /// marks parameters with a default value, which a call (and a document) may leave out.
    var labels: [String: [[Parameter]]] = [:]
    /// App (`quill`, `quill-server`) → its subcommand names and long flags.
    var commands: [String: Set<String>] = [:]
    var flags: [String: Set<String>] = [:]
    /// Every source and script, for names that are used rather than declared.
    var text = ""

    struct Parameter: Equatable, Sendable {
        let label: String
        let hasDefault: Bool
    }

    /// The modules whose commands make up each app.
    static let appModules = [
        "quill": ["Modules/Features/QuillCLI", "Apps/quill"],
        "quill-server": ["Modules/Features/QuillServerCLI", "Apps/quill-server"],
    ]

    init() {}

    /// Reads the repository at `root` (the current directory when run by the tool).
    init(root: String) throws {
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: root) else { throw RuleError("cannot read \(root)") }
        var sources: [(path: String, text: String)] = []
        for case let path as String in walker {
            let first = path.split(separator: "/").first.map(String.init) ?? path
            // Hidden folders (the build, git, tool caches and their virtual environments) are not
            // the repository's files, except CI's script.
            if (first.hasPrefix(".") && first != ".ci") || path.contains("/.build") || path.contains("__pycache__") {
                walker.skipDescendants()
                continue
            }
            var isDirectory: ObjCBool = false
            _ = manager.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
            paths.insert(isDirectory.boolValue ? path + "/" : path)
            guard !isDirectory.boolValue, ["swift", "sh", "py", "yaml", "toml", "service"].contains((path as NSString).pathExtension)
                    || path.hasPrefix(".ci/") else { continue }
            guard let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else { continue }
            sources.append((path, text))
        }
        for (path, source) in sources {
            text += source + "\n"
            guard path.hasSuffix(".swift") else { continue }
            add(swift: source)
            for (app, folders) in Self.appModules where folders.contains(where: { path.hasPrefix($0 + "/") }) {
                addCommandLine(swift: source, app: app)
            }
        }
        for app in Self.appModules.keys {
            flags[app, default: []].formUnion(["--help", "--version", "--generate-completion-script", "--experimental-dump-help"])
        }
    }

    /// Declarations (`struct Name`, `func name(…)`, `case a, b`, …) of one Swift file.
    mutating func add(swift source: String) {
        let keywords = ["struct", "class", "enum", "protocol", "actor", "typealias", "func", "var", "let", "associatedtype", "case", "init"]
        let lines = source.split(separator: "\n")
        var enclosing: String? // the top-level type (or extension) the line is inside
        for (number, line) in lines.enumerated() {
            if line.first?.isLetter == true || line.first == "@" {
                enclosing = Self.topLevelType(line)
            }
            // A parameter list may run over the next lines.
            let declaration = lines[number..<min(number + 12, lines.count)].joined(separator: " ")[...]
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == "<" || $0 == ":" || $0 == "{" })
            for (index, word) in words.enumerated() where keywords.contains(String(word.trimmingCharacters(in: ["?", "!"]))) {
                if word.hasPrefix("init") {
                    if let enclosing, line.first == " " { members[enclosing, default: []].insert("init") }
                    if let parameters = Self.parameterList(after: String(word), in: declaration) { labels["init", default: []].append(parameters) }
                    continue
                }
                guard index + 1 < words.count else { continue }
                let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                guard !name.isEmpty else { continue }
                declarations.insert(String(name))
                if let enclosing, line.first == " ", word != "case" || !line.contains("case .") {
                    members[enclosing, default: []].insert(String(name))
                }
                if word == "case", let rest = line.range(of: "case " + name) {
                    // `case a, b(Int), c = 3`: every name of the list.
                    for item in line[rest.lowerBound...].dropFirst(5).split(separator: ",") {
                        let other = item.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                        if !other.isEmpty {
                            declarations.insert(String(other))
                            if let enclosing, line.first == " " { members[enclosing, default: []].insert(String(other)) }
                        }
                    }
                }
                if word == "func", let parameters = Self.parameterList(after: "func " + name, in: declaration) {
                    labels[String(name), default: []].append(parameters)
                }
            }
        }
    }

    /// The type a top-level line declares or extends (`public enum ServerRoots {`,
    /// `extension ServerRoots: P {`), or `nil` for any other top-level line.
    static func topLevelType(_ line: Substring) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" })
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "extension"]
        guard let index = words.firstIndex(where: kinds.contains), index + 1 < words.count else { return nil }
        return String(words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// The parameters in the parentheses after `head` in `line` (generic clauses skipped);
    /// `nil` if the list does not close there.
    static func parameterList(after head: String, in line: Substring) -> [Parameter]? {
        guard let start = line.range(of: head) else { return nil }
        var rest = line[start.upperBound...]
        if rest.first == "<" { rest = rest.drop { $0 != ">" }.dropFirst() }
        guard rest.first == "(" else { return nil }
        var depth = 0, current = "", items: [String] = []
        for character in rest {
            switch character {
            case "(", "[", "<": depth += 1; if depth > 1 { current.append(character) }
            case ")", "]", ">":
                depth -= 1
                if depth == 0 {
                    if !current.trimmingCharacters(in: .whitespaces).isEmpty { items.append(current) }
                    return items.map { item in
                        let declaration = item.split(separator: ":", maxSplits: 1).first.map(String.init) ?? item
                        let label = declaration.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
                        return Parameter(label: label, hasDefault: item.contains("="))
                    }
                }
                current.append(character)
            case "," where depth == 1:
                items.append(current)
                current = ""
            default: current.append(character)
            }
        }
        return nil
    }

    /// The command names and long flags an ArgumentParser source declares (an `@Option` or
    /// `@Flag` attribute may span lines up to its `var`), and those `quill-server` declares once
    /// as `ServerSetting("flag", …)` and names with `.customLong(ServerSetting.name.flag)`.
    mutating func addCommandLine(swift source: String, app: String) {
        var settings = source[...]
        while let range = settings.range(of: "ServerSetting(") {
            let rest = settings[range.upperBound...].drop { $0 == " " || $0 == "\n" }
            if rest.first == "\"" { flags[app, default: []].insert("--" + rest.dropFirst().prefix { $0 != "\"" }) }
            settings = settings[range.upperBound...]
        }
        var pending: String?
        for line in source.split(separator: "\n") {
            if let range = line.range(of: "commandName: \"") {
                commands[app, default: []].insert(String(line[range.upperBound...].prefix { $0 != "\"" }))
            }
            if line.contains("@Option(") || line.contains("@Option ") || line.contains("@Flag") { pending = "" }
            guard var declaration = pending else { continue }
            declaration += line
            guard let variable = declaration.range(of: "var ") else {
                pending = declaration
                continue
            }
            pending = nil
            var custom = false
            var rest = declaration[...]
            while let range = rest.range(of: ".customLong(\"") {
                flags[app, default: []].insert("--" + rest[range.upperBound...].prefix { $0 != "\"" })
                rest = rest[range.upperBound...]
                custom = true
            }
            // `.customLong(ServerSetting.name.flag)`: the flag is the setting's, found above.
            if declaration.contains(".customLong(ServerSetting.") { custom = true }
            let name = declaration[variable.upperBound...].prefix { $0.isLetter || $0.isNumber }
            let derived = "--" + name.reduce(into: "") { result, character in
                if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
            }
            // `.customLong` alone replaces the derived name; with `.long` both exist.
            if !custom || declaration.contains(".long") { flags[app, default: []].insert(derived) }
        }
    }
}
