import Foundation
import NotesFeature
import StandardInterfaces
import Synchronization

/// The one-line progress of a search index catching up (after an import, say) on stderr:
/// drawn only on a terminal, and only once the catching up has taken a moment, so an ordinary
/// search prints nothing extra.
final class SearchProgressLine: Sendable {
    private let console: any Console
    private let clock: any WallClock
    private let state: Mutex<State>

    private struct State {
        var start: Date?
        var lastDrawn: Date?
    }

    init(console: any Console, clock: any WallClock) {
        self.console = console
        self.clock = clock
        state = Mutex(State())
    }

    @Sendable func update(_ progress: SearchIndexProgress) {
        guard console.isStandardErrorTerminal else { return }
        let now = clock.now()
        let draw = state.withLock { state -> Bool in
            let start = state.start ?? now
            state.start = start
            guard now.timeIntervalSince(start) >= 0.2 || state.lastDrawn != nil else { return false }
            if let last = state.lastDrawn, now.timeIntervalSince(last) < 0.1, progress.fractionRead < 1 { return false }
            state.lastDrawn = now
            return true
        }
        guard draw else { return }
        let percent = Int((progress.fractionRead * 100).rounded(.down))
        console.writeError("\r\u{1B}[Kindexing notes for search: \(progress.notesIndexed) indexed, \(percent)% of the journal read")
    }

    func finish() {
        guard state.withLock({ $0.lastDrawn != nil }) else { return }
        console.writeError("\n")
    }
}
