import ServerStoreInterface

/// The views of shares without a limit, counted in memory and written at most once a second
/// (`ShareStore.addViews`): a write per view was a sixth of a shared page's cost, for a number
/// its owner only reads. A view-limited share's views are never counted here: each is written
/// at once, under the limit (`ShareStore.recordView`).
///
/// An actor: every shared page of the process counts into it. A server that stops loses at most
/// the last second's views; nothing else depends on them.
actor ShareViewTally {
    private var counts: [ShareID: Int] = [:]
    private var writeScheduled = false
    let store: any ShareStore

    init(store: any ShareStore) {
        self.store = store
    }

    /// Counts a view; the first since the last write schedules the next, a second later, so the
    /// request that counts never waits for it.
    func count(_ id: ShareID) {
        counts[id, default: 0] += 1
        guard !writeScheduled else { return }
        writeScheduled = true
        Task { await self.writeAfterASecond() }
    }

    private func writeAfterASecond() async {
        try? await Task.sleep(for: .seconds(1))
        let written = counts
        counts = [:]
        writeScheduled = false
        for (share, views) in written {
            // A view lost to a failed write is a number off, never a wrong answer: nothing to retry.
            try? await store.addViews(views, to: share)
        }
    }
}
