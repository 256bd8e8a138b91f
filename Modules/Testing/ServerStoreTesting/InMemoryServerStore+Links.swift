import QuillModels
import ServerStoreInterface

/// Links in memory: derived from the account's live notes on every read (`LinkIndexEntry`),
/// resolved by the model's rule, held to the same contract as the SQLite and PostgreSQL stores.
extension InMemoryServerStore: ServerLinkRepository {
    public func links(from id: NoteID, account: AccountID) async throws -> [ResolvedLink] {
        everyLink(account: account).filter { $0.position.note == id }.map(\.link)
    }

    public func backlinks(to id: NoteID, account: AccountID) async throws -> [ResolvedLink] {
        everyLink(account: account).filter { $0.link.reaches(id) }.map(\.link)
    }

    public func brokenLinks(account: AccountID, after: LinkPosition?, limit: Int) async throws -> BrokenLinkPage {
        let broken = everyLink(account: account).filter { entry in entry.link.resolution.isBroken && after.map { entry.position > $0 } ?? true }
        let page = Array(broken.prefix(limit))
        return BrokenLinkPage(links: page, next: broken.count > limit ? page.last?.position : nil)
    }

    /// Every link of the account's live notes, by note ID and position.
    private func everyLink(account: AccountID) -> [(position: LinkPosition, link: ResolvedLink)] {
        let notes = liveNotes(account: account)
        let entries = notes.map { ($0, LinkIndexEntry($0)) }
        var links: [(position: LinkPosition, link: ResolvedLink)] = []
        for (note, entry) in entries {
            for (position, link) in entry.links.enumerated() {
                let target = link.foldedTarget
                let candidates = entries.compactMap { other, otherEntry -> LinkResolution.Candidate? in
                    let match = otherEntry.names.first { $0.name == target }?.match
                        ?? (LinkResolution.isIDPrefix(target) && other.id.rawValue.hasPrefix(target) ? .idPrefix : nil)
                    return match.map { LinkResolution.Candidate(id: other.id, title: other.title, updated: other.updated, match: $0) }
                }
                links.append((LinkPosition(note: note.id, position: position),
                              ResolvedLink(source: note.id, sourceTitle: note.title, link: link, resolution: LinkResolution(candidates: candidates))))
            }
        }
        return links.sorted { $0.position < $1.position }
    }
}
