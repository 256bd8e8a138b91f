/// What every link index keeps of one note: the links written in it and the names it answers to.
///
/// Exists so that the CLI's index, the server's stores and the fakes derive the same rows from
/// the same note: the title, then each alias, folded (`LinkName`), a name that is both kept as
/// the title.
public struct LinkIndexEntry: Sendable {
    public let links: [NoteLink]
    public let names: [(name: String, match: LinkResolution.Match)]

    public init(_ note: Note) {
        links = NoteLink.scan(note.body)
        var seen: Set<String> = []
        var names: [(name: String, match: LinkResolution.Match)] = []
        for (name, match) in [(note.title, LinkResolution.Match.title)] + NoteAliases.read(note.body).map({ ($0, .alias) }) {
            let folded = LinkName.folded(name)
            if !folded.isEmpty, seen.insert(folded).inserted { names.append((folded, match)) }
        }
        self.names = names
    }
}
