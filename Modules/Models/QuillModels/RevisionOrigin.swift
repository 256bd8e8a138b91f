/// Where a revision of a note came from, as its history shows it.
///
/// Exists so that a person reading a history can tell their own edit from another device's, an
/// import's or a restore's. Written in history logs as `description` (`edit`, `import:ID`,
/// `restore:3`, …) and read back with `init?(_:)`.
public enum RevisionOrigin: Hashable, Sendable, CustomStringConvertible {
    /// Written by `quill` on this device: `add`, `edit`, `rm`.
    case edit
    /// Arrived from a sync server.
    case sync
    /// Written by the import with this ID.
    case imported(String)
    /// A restore of this revision.
    case restore(Int)
    /// Written in the server's web reader.
    case web
    /// Written through the server's HTTP API.
    case api
    /// Not recorded: the revision a note was created with, or one written before history existed.
    case created

    public init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        switch (parts.first, parts.count) {
        case ("edit", 1): self = .edit
        case ("sync", 1): self = .sync
        case ("web", 1): self = .web
        case ("api", 1): self = .api
        case ("created", 1): self = .created
        case ("import", 2) where !parts[1].isEmpty: self = .imported(parts[1])
        case ("restore", 2):
            guard let revision = Int(parts[1]), revision >= 1 else { return nil }
            self = .restore(revision)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .edit: "edit"
        case .sync: "sync"
        case .imported(let id): "import:" + id
        case .restore(let revision): "restore:\(revision)"
        case .web: "web"
        case .api: "api"
        case .created: "created"
        }
    }

    /// How a listing names it.
    public var label: String {
        switch self {
        case .edit: "this device"
        case .sync: "sync"
        case .imported(let id): "import " + id
        case .restore(let revision): "restore of \(revision)"
        case .web: "web reader"
        case .api: "API"
        case .created: "created"
        }
    }
}
