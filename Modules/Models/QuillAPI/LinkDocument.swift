import QuillModels

/// A resolved link as JSON, in the CLI's `--json` outputs and the API alike: the linking note,
/// what the link says, and the note it reaches (`null` when broken).
///
/// `ambiguous` lists the other notes that tie with the one reached (empty unless the link is
/// ambiguous); `match` says how the target named it: `title`, `alias` or `id-prefix`.
public struct LinkDocument: Codable, Hashable, Sendable {
    /// A note as a link shows it.
    public struct NoteReference: Codable, Hashable, Sendable {
        public let id: String
        public let title: String
    }

    public let source: NoteReference
    public let line: Int
    public let target: String
    public let fragment: String?
    public let label: String?
    public let form: String
    public let context: String
    public let resolved: NoteReference?
    public let match: String?
    public let ambiguous: [NoteReference]

    public init(_ link: ResolvedLink) {
        source = NoteReference(id: link.source.rawValue, title: link.sourceTitle)
        line = link.link.line
        target = link.link.target
        fragment = link.link.fragment
        label = link.link.label
        form = link.link.form.name
        context = link.link.context
        resolved = link.resolution.chosen.map { NoteReference(id: $0.id.rawValue, title: $0.title) }
        match = link.resolution.chosen.map { Self.name(of: $0.match) }
        ambiguous = link.resolution.alternatives.map { NoteReference(id: $0.id.rawValue, title: $0.title) }
    }

    private static func name(of match: LinkResolution.Match) -> String {
        switch match {
        case .title: "title"
        case .alias: "alias"
        case .idPrefix: "id-prefix"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case source, line, target, fragment, label, form, context, resolved, match, ambiguous
    }

    /// Every key is written, `null` included, so a reader can tell a broken link at a glance.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(line, forKey: .line)
        try container.encode(target, forKey: .target)
        try container.encode(fragment, forKey: .fragment)
        try container.encode(label, forKey: .label)
        try container.encode(form, forKey: .form)
        try container.encode(context, forKey: .context)
        try container.encode(resolved, forKey: .resolved)
        try container.encode(match, forKey: .match)
        try container.encode(ambiguous, forKey: .ambiguous)
    }
}
