import Foundation
import StandardInterfaces
import SyncFeature
import Synchronization

/// A single, rewritten status line on a terminal's stderr while a long sync runs.
///
/// Shown only when stderr is a terminal and only after the sync has run for a second, so
/// quick syncs and scripts see nothing but the final counts.
final class SyncProgressLine: Sendable {
    private let console: any Console
    private let clock: any WallClock
    private let start: Date
    private let shown = Mutex(false)

    init(console: any Console, clock: any WallClock) {
        self.console = console
        self.clock = clock
        self.start = clock.now()
    }

    @Sendable func show(_ progress: SyncProgress) {
        guard console.isStandardErrorTerminal, clock.now().timeIntervalSince(start) >= 1 else { return }
        let text = switch progress {
        case .pulling(let received): "syncing: pulled \(received) notes"
        case .pushing(let sent, let total): "syncing: pushed \(sent) of \(total) changes"
        }
        shown.withLock { $0 = true }
        console.writeError("\r\u{1B}[K" + text)
    }

    func finish() {
        if shown.withLock({ $0 }) { console.writeError("\r\u{1B}[K") }
    }
}
