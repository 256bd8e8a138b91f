/// What an edit changes; `nil` and empty lists leave a field alone.
public struct NoteChanges: Hashable, Sendable {
    public var title: String?
    public var body: String?
    public var addTags: [String]
    public var removeTags: [String]

    public init(title: String? = nil, body: String? = nil, addTags: [String] = [], removeTags: [String] = []) {
        self.title = title
        self.body = body
        self.addTags = addTags
        self.removeTags = removeTags
    }

    public var isEmpty: Bool { title == nil && body == nil && addTags.isEmpty && removeTags.isEmpty }
}
