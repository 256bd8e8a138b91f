/// Every name a document puts in backticks that claims something of Quill's code exists: a
/// type or member (`ServerRoots.server(_:logger:)`), a file
/// (`Modules/…/X.swift`, `FailureMessages.swift`), a `quill`/`quill-server` command and its
/// flags, a flag alone, an environment variable. Each must be found in the repository, or be
/// listed as another project's name in `outside-names.txt`, so a rename fails CI until the docs
/// follow. Every relative link outside code must reach a path of the repository. Fenced code
/// blocks and code spans are examples, not claims: their links are not followed.
struct DocClaims: Sendable {
    let index: SourceIndex
    /// Names of other projects' things (Swift, Foundation, HTTP, tar's flags) that docs may use.
    let outsideNames: Set<String>

    /// The problems of one document, `file: `name` …` each.
    func problems(in document: String, file: String) -> [String] {
        var problems: [String] = []
        var fenced = false
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced else { continue }
            for claim in Self.backticked(line) where !outsideNames.contains(claim) {
                if let problem = check(claim) { problems.append("\(file): `\(claim)` \(problem)") }
            }
            for target in Self.relativeLinks(Self.outsideCode(line)) where !linkResolves(target, from: file) {
                problems.append("\(file): the link (\(target)) leads to no file or folder of the repository")
            }
        }
        return problems
    }

    /// The targets of a line's Markdown links that point into the repository (not a URL, not
    /// an anchor of the same page), without their `#anchor`.
    static func relativeLinks(_ line: Substring) -> [String] {
        var targets: [String] = []
        var rest = line[...]
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            let target = after[..<close].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") { targets.append(target) }
            rest = after[close...]
        }
        return targets
    }

    /// Whether a link written in `file` reaches a path of the repository.
    func linkResolves(_ target: String, from file: String) -> Bool {
        var parts = file.split(separator: "/").dropLast().map(String.init)
        for part in target.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return false }
            default: parts.append(String(part))
            }
        }
        let path = parts.joined(separator: "/")
        return index.paths.contains(path) || index.paths.contains(path + "/")
    }

    /// The line without its code spans: a link written in backticks is an example of the syntax.
    static func outsideCode(_ line: Substring) -> Substring {
        let parts = line.split(separator: "`", omittingEmptySubsequences: false)
        return Substring(stride(from: 0, to: parts.count, by: 2).map { String(parts[$0]) }.joined(separator: " "))
    }

    /// The text between each pair of backticks on a line.
    static func backticked(_ line: Substring) -> [String] {
        let parts = line.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }.filter { !$0.isEmpty }
    }

    /// Why `claim` names nothing, or `nil` if it is found (or claims nothing checkable).
    func check(_ claim: String) -> String? {
        let words = claim.split(separator: " ").map(String.init)
        guard let first = words.first else { return nil }
        if SourceIndex.appModules.keys.contains(first) { return checkCommand(app: first, words: Array(words.dropFirst())) }
        if first.hasPrefix("--"), words.count <= 2 { return checkFlag(first) }
        if words.count == 1 { return checkWord(claim) }
        return nil
    }

    /// `quill sub --flag ARG`: the first word is a subcommand, and every long flag is the app's.
    private func checkCommand(app: String, words: [String]) -> String? {
        if let sub = words.first, sub.allSatisfy({ $0.isLowercase || $0 == "-" }), !sub.hasPrefix("-"),
           !(index.commands[app] ?? []).contains(sub) {
            return "names no command of \(app)"
        }
        for word in words where word.hasPrefix("--") {
            let flag = String(word.prefix { $0 != "=" })
            guard (index.flags[app] ?? []).contains(flag) else { return "uses \(flag), which \(app) does not have" }
        }
        return nil
    }

    /// A flag alone: one of the apps', or one a script of the repository takes.
    private func checkFlag(_ word: String) -> String? {
        let flag = String(word.prefix { $0 != "=" })
        guard flag.count > 2, flag.dropFirst(2).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
        if index.flags.values.contains(where: { $0.contains(flag) }) || index.text.contains(flag) { return nil }
        return "is a flag of neither app nor any script here"
    }

    /// One word: a path, a Swift name (with members and labels), or an environment variable.
    private func checkWord(_ word: String) -> String? {
        if Self.isRepositoryPath(word) { return checkPath(word) }
        if word.contains(".md") { return nil } // a placeholder (`TITLE.md`) or a page linked beside it
        if word.first?.isUppercase == true, word.contains(where: \.isLowercase), let name = SwiftName(word) { return checkSwift(name) }
        if word.count > 3, word.contains("_"), word.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }) {
            return index.text.contains(word) ? nil : "is an environment variable nothing here reads"
        }
        return nil
    }

    static let repositoryFolders = ["Modules/", "Apps/", "Tests/", "Tools/", "docs/", ".ci/"]
    static let sourceExtensions = [".swift", ".sh", ".py", ".yaml", ".toml", ".service"]

    /// Whether the word names a file of this repository: a path under one of its folders, or
    /// a bare file name with a source extension.
    static func isRepositoryPath(_ word: String) -> Bool {
        if repositoryFolders.contains(where: word.hasPrefix) { return !word.contains("<") && !word.contains("…") && !word.contains("*") }
        return !word.contains("/") && sourceExtensions.contains(where: word.hasSuffix) && word.first?.isLetter == true
    }

    private func checkPath(_ word: String) -> String? {
        let path = word
        if index.paths.contains(path) || index.paths.contains(path + "/") || index.paths.contains(path + ".swift") { return nil }
        // A bare file name, or a path relative to a module: found anywhere in the tree.
        if !Self.repositoryFolders.contains(where: word.hasPrefix),
           index.paths.contains(where: { $0.hasSuffix("/" + word) || $0 == word }) { return nil }
        return "is no file or folder of the repository"
    }

    private func checkSwift(_ name: SwiftName) -> String? {
        guard index.declarations.contains(name.components[0]) || index.paths.contains(where: { $0.hasSuffix("/" + name.components[0] + "/") })
        else { return "is declared nowhere in the code" }
        // A member of a type Quill declares must be declared in that type or its extensions
        // (`ServerRoots.production` fails though `QuillRoots.production` exists); deeper
        // members, and members of other projects' types, only somewhere.
        if name.components.count > 1, let known = index.members[name.components[0]], name.components[1] != "init",
           !known.contains(name.components[1]) {
            return "has no member \(name.components[1]) declared in \(name.components[0])"
        }
        for member in name.components.dropFirst() where !index.declarations.contains(member) && member != "init" {
            return "has no member \(member) declared anywhere"
        }
        guard let labels = name.labels, let last = name.components.last else { return nil }
        let function = last.first?.isUppercase == true ? "init" : last // `Type(label:)` is an initializer
        let declared = index.labels[function] ?? []
        let matches = declared.contains { Self.labels(labels, canCall: $0[...]) }
        return matches ? nil : "has no declaration with the labels (\(labels.map { $0 + ":" }.joined()))"
    }
}

extension DocClaims {
    /// Whether a call written with `labels` reaches a function of `parameters`: the labels in
    /// order, any parameter left out having a default value.
    static func labels(_ labels: [String], canCall parameters: ArraySlice<SourceIndex.Parameter>) -> Bool {
        guard let parameter = parameters.first else { return labels.isEmpty }
        if labels.first == parameter.label, Self.labels(Array(labels.dropFirst()), canCall: parameters.dropFirst()) { return true }
        return parameter.hasDefault && Self.labels(labels, canCall: parameters.dropFirst())
    }
}

/// `Type.member.function(label:other:)` split into its components and labels (`nil` when
/// written without parentheses or as `(…)`).
struct SwiftName: Equatable, Sendable {
    let components: [String]
    let labels: [String]?

    init?(_ text: String) {
        var base = Substring(text), labels: [String]?
        if let open = text.firstIndex(of: "(") {
            guard text.hasSuffix(")") else { return nil }
            base = text[..<open]
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
            if inside.contains("…") {
                labels = nil
            } else {
                guard inside.isEmpty || inside.hasSuffix(":") else { return nil }
                labels = inside.split(separator: ":").map(String.init)
            }
        }
        let components = base.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard components.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else { return nil }
        self.components = components
        self.labels = labels
    }
}
