/// A link as a reader meets it: the note it is written in, what it says, and the note it reaches.
///
/// Exists so that the CLI's outputs and the API describe a link in one shape, whichever index
/// resolved it.
public struct ResolvedLink: Hashable, Sendable {
    public let source: NoteID
    public let sourceTitle: String
    public let link: NoteLink
    public let resolution: LinkResolution

    public init(source: NoteID, sourceTitle: String, link: NoteLink, resolution: LinkResolution) {
        self.source = source
        self.sourceTitle = sourceTitle
        self.link = link
        self.resolution = resolution
    }
}
