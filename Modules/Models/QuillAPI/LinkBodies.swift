/// `GET /v1/notes/{id}/links` and `GET /v1/notes/{id}/backlinks`: the links, each a `LinkDocument`.
public struct LinkListBody: Codable, Hashable, Sendable {
    public let links: [LinkDocument]

    public init(links: [LinkDocument]) { self.links = links }
}

/// `GET /v1/links/broken`: a page of broken links and the cursor of the next page (`null` on
/// the last).
public struct LinkPageBody: Codable, Hashable, Sendable {
    public let links: [LinkDocument]
    public let next: String?

    public init(links: [LinkDocument], next: String?) {
        self.links = links
        self.next = next
    }

    private enum CodingKeys: String, CodingKey { case links, next }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(links, forKey: .links)
        try container.encode(next, forKey: .next)
    }
}
