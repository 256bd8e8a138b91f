/// Pages anyone may open (shared notes, published sites), kept as rendered: rendering a note's
/// Markdown (Ink, then the allow-list) was nine tenths of a shared page's cost, and a link is
/// opened many times while its note stays the same. Each key names everything its page is made
/// of (the note's revision, where each of its links leads, the site's change cursor), so a
/// cached page is never stale: a change makes another key.
///
/// An actor: every such request of the process shares it. At most `capacity` pages are kept; past
/// that, the oldest go first.
actor RenderedPageCache {
    let capacity: Int
    private var pages: [String: String] = [:]
    private var order: [String] = []
    private var start = 0

    init(capacity: Int = 2048) {
        self.capacity = capacity
    }

    /// The page kept under `key`, if any. (Rendering happens outside the actor, so that pages
    /// missing at once render in parallel.)
    func kept(_ key: String) -> String? {
        pages[key]
    }

    func keep(_ page: String, under key: String) {
        guard pages[key] == nil else { return }
        if pages.count >= capacity {
            pages[order[start]] = nil
            order[start] = key
            start = (start + 1) % capacity
        } else {
            order.append(key)
        }
        pages[key] = page
    }
}
