import StandardInterfaces
import Crypto
import NoteStoreInterface
import QuillModels

/// Where `ImportPlanner` sends notes: the store's bulk creation for an import, or nothing at
/// all for a dry run or a verification.
///
/// Exists so that all three run the very same planning, and so report exactly alike.
protocol ImportTarget: Sendable {
    /// Whether the store (or this import so far) holds a note with this ID, and if so whether
    /// its content is the same as `note`'s.
    func presence(of note: Note) async throws -> NotePresence
    func isTaken(_ id: NoteID) async throws -> Bool
    func add(_ notes: [Note]) async throws
    /// Replaces notes the store holds by their next revisions, each if still at `expectedRevision`
    /// (another app's notes changed since an earlier import).
    func replace(_ notes: [(note: Note, expectedRevision: Int)]) async throws
    /// The earlier revisions of notes just added, each newest first.
    func addHistories(_ histories: [[NoteRevision]]) async throws
    /// Keeps an attachment's bytes (already checked against `hash`); `false` where there is no
    /// attachment store to keep them in (the entry is then reported as skipped).
    func keepAttachment(_ hash: AttachmentHash, bytes: ArraySlice<UInt8>) async throws -> Bool
}

enum NotePresence {
    case absent, same
    /// Another note has this ID: the one the store holds, or `nil` for one added earlier in this import.
    case different(Note?)
}

/// An import: the store's `BulkCreation`, which counts the notes added so far itself. The notes
/// to replace are held (`replacements`) and written after the notes added, in one more batch.
struct StoreImportTarget: ImportTarget {
    let bulk: any BulkCreation
    /// Where attachments go; `nil` where the store keeps none.
    let attachments: (any AttachmentStoring)?
    let replacements = HeldReplacements()

    func presence(of note: Note) async throws -> NotePresence {
        guard let current = try await bulk.existing(note.id) else { return .absent }
        return current.hasSameContent(as: note) ? .same : .different(current)
    }

    func replace(_ notes: [(note: Note, expectedRevision: Int)]) async { await replacements.hold(notes) }

    func isTaken(_ id: NoteID) async throws -> Bool { try await bulk.existing(id) != nil }

    func add(_ notes: [Note]) async throws { try await bulk.add(notes) }

    func addHistories(_ histories: [[NoteRevision]]) async throws { try await bulk.addHistories(histories) }

    /// Kept before the notes that refer to them commit: a failed import leaves at most bytes
    /// nothing refers to, which collection removes.
    func keepAttachment(_ hash: AttachmentHash, bytes: ArraySlice<UInt8>) async throws -> Bool {
        guard let attachments else { return false }
        let writer = try attachments.begin()
        do {
            try bytes.withUnsafeBytes { try writer.write($0) }
            _ = try writer.commit(as: hash)
        } catch {
            writer.abandon()
            throw error
        }
        return true
    }
}

/// A dry run: reads the store, writes nothing, and remembers a fingerprint (not the note) of
/// each note it would have added — 32 bytes, so that memory stays small.
actor DryRunImportTarget: ImportTarget {
    private let store: any NoteReading
    /// 128 bits of the SHA-256 of each added note's ID, and of its content: collisions are as
    /// unlikely as in a 128-bit hash, and would only mislabel a line of the dry run's plan.
    private var added: [Fingerprint: Fingerprint] = [:]

    init(store: any NoteReading) {
        self.store = store
    }

    func presence(of note: Note) async throws -> NotePresence {
        if let content = added[Fingerprint(of: note.id)] { return content == Fingerprint(ofContentOf: note) ? .same : .different(nil) }
        guard let current = try await store.note(id: note.id) else { return .absent }
        return current.hasSameContent(as: note) ? .same : .different(current)
    }

    func replace(_ notes: [(note: Note, expectedRevision: Int)]) { add(notes.map(\.note)) }

    func isTaken(_ id: NoteID) async throws -> Bool {
        if added[Fingerprint(of: id)] != nil { return true }
        return try await store.note(id: id) != nil
    }

    func add(_ notes: [Note]) {
        for note in notes { added[Fingerprint(of: note.id)] = Fingerprint(ofContentOf: note) }
    }

    /// Nothing to remember: the planner has already checked that each history fits its note.
    func addHistories(_ histories: [[NoteRevision]]) {}

    /// Nothing to keep: the reader has already checked the bytes against their hash.
    func keepAttachment(_ hash: AttachmentHash, bytes: ArraySlice<UInt8>) -> Bool { true }

    private struct Fingerprint: Hashable {
        let high: UInt64, low: UInt64

        init(of id: NoteID) {
            self.init(SHA256.hash(data: Array(id.rawValue.utf8)))
        }

        /// Covers exactly what `Note.hasSameContent` compares.
        init(ofContentOf note: Note) {
            var hasher = SHA256()
            for part in [note.title, note.body, note.tags.map(\.rawValue).joined(separator: "\n"), note.isDeleted ? "1" : "0"] {
                hasher.update(data: Array(part.utf8))
                hasher.update(data: [0, UInt8(truncatingIfNeeded: part.utf8.count), UInt8(truncatingIfNeeded: part.utf8.count >> 8),
                                     UInt8(truncatingIfNeeded: part.utf8.count >> 16), UInt8(truncatingIfNeeded: part.utf8.count >> 24)])
            }
            self.init(hasher.finalize())
        }

        private init(_ digest: SHA256Digest) {
            let bytes = Array(digest)
            high = bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
            low = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}

/// The replacements an import decided, held until the notes it adds are written.
actor HeldReplacements {
    private(set) var writes: [NoteWrite] = []

    func hold(_ notes: [(note: Note, expectedRevision: Int)]) {
        writes += notes.map { .update($0.note, expectedRevision: $0.expectedRevision) }
    }
}
