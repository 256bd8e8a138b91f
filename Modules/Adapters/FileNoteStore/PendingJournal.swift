import Foundation
import FileSystemInterface
import QuillModels
import Synchronization

/// The journal of local writes a sync server has not acknowledged yet.
///
/// Lines are `+<id>`, one per local write, and `-<id>`, one per acknowledgement; replaying them
/// gives the pending set in first-written order. Appends are written inside the same transaction
/// as the notes they describe, so a note is never changed without being marked. Acknowledging
/// appends too, so a sync that pushes a whole store in batches pays for each batch, not for the
/// store once per batch; when superseded lines outnumber the pending ones, the journal is
/// rewritten (atomically) as just the notes still pending.
///
/// A journal this code starts or rewrites begins with a `#<generation>` line, new at every
/// rewrite. Since the journal otherwise only grows, a generation and a length name one content:
/// `PendingJournalCache` keeps the replay of what it has read and reads only what was appended
/// since. (Earlier versions ignore the line; a journal without one is replayed whole.)
struct PendingJournal: Sendable {
    let path: String
    let files: any FileAccessing
    var cache: PendingJournalCache?

    init(path: String, files: any FileAccessing, cache: PendingJournalCache? = nil) {
        self.path = path
        self.files = files
        self.cache = cache
    }

    /// Rewritten when it holds more lines than this plus twice the pending ones.
    static let slack = 4096

    func load() throws(FileSystemError) -> [NoteID] {
        try replay().pendingInOrder
    }

    /// Which of `ids` are pending: without listing every pending note when the replay is cached.
    func pending(among ids: [NoteID]) throws(FileSystemError) -> Set<NoteID> {
        let journal = try replay()
        return Set(ids.filter(journal.pending.contains))
    }

    func markPending(_ ids: [NoteID]) throws(FileSystemError) {
        guard !ids.isEmpty else { return }
        try files.append(Data((header() + ids.map { "+\($0.rawValue)\n" }.joined()).utf8), to: path)
    }

    /// Marks the IDs of an `IDLines` file pending, a few MiB of marks per durable append: for
    /// the undo log of a bulk creation, which lists every imported note.
    func markPending(idLinesAt idLines: String) throws {
        var marks = BatchedAppend(to: path, files: files)
        try marks.add(header().utf8)
        try IDLines.forEach(inFile: idLines, files: files) { id in try marks.add("+\(id.rawValue)\n".utf8) }
        try marks.finish()
    }

    /// Clears the marks of `ids` that are pending.
    func markAcknowledged(_ ids: [NoteID]) throws(FileSystemError) {
        guard !ids.isEmpty else { return }
        let journal = try replay()
        let acknowledged = ids.filter(journal.pending.contains)
        guard !acknowledged.isEmpty else { return }
        let remaining = journal.pending.count - Set(acknowledged).count
        if journal.generation == nil || journal.lines + acknowledged.count > Self.slack + 2 * remaining {
            let gone = Set(acknowledged)
            let kept = journal.pendingInOrder.filter { !gone.contains($0) }
            let generation = Self.newGeneration()
            let bytes = Data(("#" + generation + "\n" + kept.map { "+\($0.rawValue)\n" }.joined()).utf8)
            try files.write(bytes, to: path)
            // The cache learns the rewrite from what was written: replaying it again would read and
            // hash every pending ID once more, at each of the rewrites a first push makes.
            cache?.replay = PendingReplay(generation: generation, rewrittenAs: kept, consumed: bytes.count)
        } else {
            try files.append(Data(acknowledged.map { "-\($0.rawValue)\n" }.joined().utf8), to: path)
        }
    }

    /// The header line to write before a first append: a journal begins with its generation.
    private func header() -> String {
        files.exists(path) ? "" : Self.newHeader()
    }

    private static func newHeader() -> String {
        "#" + newGeneration() + "\n"
    }

    private static func newGeneration() -> String {
        String(UInt64.random(in: 1...UInt64.max), radix: 16)
    }

    /// The journal replayed: from the cache and the bytes appended since, when the cache holds
    /// this generation; else from the start.
    private func replay() throws(FileSystemError) -> PendingReplay {
        let size: Int
        do {
            size = Int(try files.metadata(of: path).size)
        } catch .notFound {
            return PendingReplay(generation: nil)
        }
        // Taken out of the cache while it is brought up to date, so that it is changed in place:
        // a copy would copy every pending ID for each batch a first sync acknowledges.
        if let cache, var replay = cache.take(), let generation = replay.generation, replay.consumed <= size {
            let start = try files.read(path, offset: 0, count: min(size, generation.utf8.count + 2))
            if start == Data(("#" + generation + "\n").utf8) {
                replay.apply(try files.read(path, offset: Int64(replay.consumed), count: size - replay.consumed))
                cache.replay = replay
                return replay
            }
        }
        let data: Data
        do {
            data = try files.read(path)
        } catch .notFound {
            return PendingReplay(generation: nil)
        }
        var replay = PendingReplay(generation: PendingReplay.generation(in: data))
        replay.apply(data)
        if replay.generation != nil { cache?.replay = replay }
        return replay
    }
}

/// The pending set replayed from a journal's first `consumed` bytes.
struct PendingReplay: Sendable {
    let generation: String?
    /// Bytes of complete lines replayed: a torn last line waits for its newline.
    var consumed = 0
    var lines = 0
    var pending = Set<NoteID>()
    /// Pending IDs in first-written order, with IDs acknowledged since still in it (`pendingInOrder` skips them).
    private var order: [NoteID] = []

    init(generation: String?) {
        self.generation = generation
    }

    /// The replay of a journal just rewritten as `pending`, one `+` line each after its header,
    /// `consumed` bytes in all.
    init(generation: String, rewrittenAs pending: [NoteID], consumed: Int) {
        self.generation = generation
        self.consumed = consumed
        lines = pending.count + 1
        self.pending = Set(pending)
        order = pending
    }

    var pendingInOrder: [NoteID] {
        var seen = Set<NoteID>()
        return order.filter { pending.contains($0) && seen.insert($0).inserted }
    }

    static func generation(in data: Data) -> String? {
        guard data.first == UInt8(ascii: "#"), let newline = data.firstIndex(of: 0x0a) else { return nil }
        return String(decoding: data[(data.startIndex + 1)..<newline], as: UTF8.self)
    }

    /// Replays the complete lines of `bytes`, which follow the `consumed` ones.
    mutating func apply(_ bytes: Data) {
        bytes.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count, let newline = bytes[start...].firstIndex(of: 0x0a) {
                defer { start = newline + 1 }
                lines += 1
                guard newline - start > 1, let id = NoteID(String(decoding: bytes[(start + 1)..<newline], as: UTF8.self)) else { continue }
                switch bytes[start] {
                case UInt8(ascii: "+"): if pending.insert(id).inserted { order.append(id) }
                case UInt8(ascii: "-"): pending.remove(id)
                default: break
                }
            }
            consumed += start
        }
        if order.count > 2 * pending.count + PendingJournal.slack { order = pendingInOrder }
    }
}

/// The last replay of one store's pending journal, kept for the life of the process.
final class PendingJournalCache: Sendable {
    private let stored = Mutex<PendingReplay?>(nil)

    init() {}

    var replay: PendingReplay? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }

    /// The replay, leaving none in its place until it is stored again.
    func take() -> PendingReplay? {
        stored.withLock { stored in
            defer { stored = nil }
            return stored
        }
    }
}
