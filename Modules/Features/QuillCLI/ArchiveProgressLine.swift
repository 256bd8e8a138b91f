import ArchiveFeature
import Foundation
import StandardInterfaces

/// The one-line progress display of export and import on stderr: notes, MB, MB/s, ETA.
///
/// Shown only when stderr is a terminal (and not `--quiet`), redrawn at most a few times a
/// second, so that piped or scripted runs get nothing extra.
struct ArchiveProgressLine {
    private let console: any Console
    private let clock: any WallClock
    private let enabled: Bool
    private let start: Date
    private var lastDrawn: Date?

    init(console: any Console, clock: any WallClock, enabled: Bool) {
        self.console = console
        self.clock = clock
        self.enabled = enabled && console.isStandardErrorTerminal
        start = clock.now()
    }

    mutating func update(_ progress: ArchiveProgress) {
        guard enabled else { return }
        let now = clock.now()
        if let lastDrawn, now.timeIntervalSince(lastDrawn) < 0.2, progress.notesDone != progress.notesTotal { return }
        lastDrawn = now
        console.writeError("\r\u{1B}[K" + Self.text(progress, elapsed: now.timeIntervalSince(start)))
    }

    func finish() {
        guard enabled, lastDrawn != nil else { return }
        console.writeError("\n")
    }

    static func text(_ progress: ArchiveProgress, elapsed: TimeInterval) -> String {
        let megabytes = Double(progress.bytesDone) / 1_000_000
        let rate = elapsed > 0 ? megabytes / elapsed : 0
        var text = progress.notesTotal.map { "\(progress.notesDone)/\($0) notes" } ?? "\(progress.notesDone) notes"
        text += String(format: "  %.1f MB  %.1f MB/s", megabytes, rate)
        // From the first hundredth on: before it, the time spent listing and opening dominates
        // and the estimate is hours off.
        if let total = progress.notesTotal, progress.notesDone > 0, progress.notesDone * 100 >= total, elapsed > 0 {
            let remaining = elapsed / Double(progress.notesDone) * Double(total - progress.notesDone)
            text += String(format: "  ETA %d:%02d", Int(remaining) / 60, Int(remaining) % 60)
        }
        return text
    }
}
