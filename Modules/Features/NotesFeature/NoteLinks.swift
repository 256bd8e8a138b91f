import QuillModels
import SearchIndexInterface

/// The links between notes, read from the index once it has caught up with every write
/// (`NoteSearch`), so that no answer misses an acknowledged change, whatever crashed before.
///
/// Exists to hold what the link commands share: the catch-up, the damage repair, and what a
/// rename does to the links that reach a note by its old title (`renaming`).
public struct NoteLinks: Sendable {
    private let search: NoteSearch
    private let index: any LinkIndex

    /// - Parameters:
    ///   - search: the catch-up of the index `index` reads.
    ///   - index: the same index, read for links.
    public init(search: NoteSearch, index: any LinkIndex) {
        self.search = search
        self.index = index
    }

    public typealias Progress = @Sendable (SearchIndexProgress) -> Void

    public func links(from id: NoteID, progress: Progress = { _ in }) async throws -> [ResolvedLink] {
        try await search.caughtUp(progress: progress) { try await index.links(from: id) }
    }

    public func backlinks(to id: NoteID, progress: Progress = { _ in }) async throws -> [ResolvedLink] {
        try await search.caughtUp(progress: progress) { try await index.backlinks(to: id) }
    }

    /// A note's links and backlinks, from one catch-up (what `quill show` prints).
    public func linksAndBacklinks(of id: NoteID, progress: Progress = { _ in }) async throws -> (outgoing: [ResolvedLink], incoming: [ResolvedLink]) {
        try await search.caughtUp(progress: progress) { (try await index.links(from: id), try await index.backlinks(to: id)) }
    }

    public func links(_ selection: LinkSelection, progress: Progress = { _ in }) async throws -> [ResolvedLink] {
        try await search.caughtUp(progress: progress) { try await index.links(selection) }
    }

    /// The links that reach `note` by its title (not by an alias or its ID): those a change of
    /// title would break.
    public func reachingByTitle(_ note: Note, progress: Progress = { _ in }) async throws -> [ResolvedLink] {
        let title = LinkName.folded(note.title)
        return try await backlinks(to: note.id, progress: progress).filter {
            $0.link.foldedTarget == title && $0.resolution.chosen?.match == .title
        }
    }
}
