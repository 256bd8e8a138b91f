/// Checks the manifest against the note entries the archive actually holds: the same paths,
/// each with the listed size and SHA-256, and the listed note count.
///
/// The manifest is checked as it streams by. Quill lists the notes in the order it writes
/// them and writes the manifest last, so each listed entry is compared with the next entry
/// read back from `SpilledEntries`, and nothing grows in memory. An archive re-packed by
/// another tool (other order, manifest anywhere) still verifies: at the first entry out of
/// order the check switches to matching by path, and then keeps every entry's path and
/// digest in memory (`EntryLedger`).
struct ManifestCheck {
    /// Where the manifest is in the archive, for error messages.
    let entry: String
    private var format: Int?
    private var noteCount: Int?
    private var listedHistory: [ArchiveManifest.Entry] = []
    private var listedAttachments: [ArchiveManifest.Entry] = []
    /// Note entries read before the manifest, and after it.
    private var entriesBefore = 0
    private var entriesAfter = 0
    private var matching = Matching.inOrder(listed: 0, firstUnlisted: nil)
    /// The first mismatch, reported once the format is known to be one this quill reads
    /// (a newer format may list entries differently).
    private var mismatch: ArchiveError?

    private enum Matching {
        /// The manifest's entries so far equal the archive's, in order. `firstUnlisted` is the
        /// first entry read before the manifest that it did not list (known once it is parsed).
        case inOrder(listed: Int, firstUnlisted: String?)
        case byPath(ByPath)
    }

    /// Matching by path: every entry read (`archive`) and whether the manifest lists it, and
    /// the listed entries not read yet (`expected`) and whether they have arrived since.
    private struct ByPath {
        var archive = EntryLedger()
        var listed: [Bool] = []
        var expected = EntryLedger()
        var arrived: [Bool] = []
    }

    init(entry: String) {
        self.entry = entry
    }

    /// Reads the manifest through `nextPiece`, matching each listed entry against `before`,
    /// the note entries read before it.
    mutating func read(nextPiece: @escaping () throws -> ArraySlice<UInt8>?, before: SpilledEntries) throws {
        entriesBefore = before.count
        var reader = try before.reader()
        let header: ManifestParser.Header
        do {
            header = try ManifestParser(nextPiece: nextPiece).parse { item in
                try list(item, reader: &reader, before: before)
            }
        } catch let error as ArchiveError {
            throw error
        } catch let error as ManifestParser.Failure {
            throw ArchiveError.manifest(entry: entry, reason: "malformed manifest: \(error)")
        }
        if case .inOrder(let listed, _) = matching, listed < entriesBefore {
            matching = .inOrder(listed: listed, firstUnlisted: try reader.next()?.path)
        }
        format = header.format
        noteCount = header.noteCount
        listedHistory = header.history
        listedAttachments = header.attachments
    }

    /// A note entry read after the manifest.
    mutating func noteArrived(_ record: EntryRecord) throws {
        entriesAfter += 1
        switch matching {
        case .inOrder(let listed, let firstUnlisted):
            if firstUnlisted == nil { matching = .inOrder(listed: listed, firstUnlisted: record.path) }
        case .byPath(var state):
            // Taken out while it changes, so that its arrays are not copied for every entry.
            matching = .inOrder(listed: 0, firstUnlisted: nil)
            defer { matching = .byPath(state) }
            guard state.archive.record(path: record.path, sha256: record.sha256, size: record.size) else {
                throw ArchiveError.duplicateEntry(entry: record.path)
            }
            state.listed.append(false)
            guard let expectation = state.expected.index(of: record.path) else { return }
            state.arrived[expectation] = true
            state.listed[state.listed.count - 1] = true
            if state.expected.size(of: expectation) != record.size || !state.expected.sha256Bytes(of: expectation).elementsEqual(record.sha256) {
                noteMismatch(record.path, "content does not match the manifest's SHA-256")
            }
        }
    }

    /// Whether the manifest and the archive agree, once every entry has been read; `history`
    /// is every history entry the archive held (few: only notes with earlier revisions), and
    /// `attachments` every attachment entry.
    func verify(history: [EntryRecord], attachments: [EntryRecord]) throws(ArchiveError) {
        guard let format, let noteCount else {
            throw .manifest(entry: entry, reason: "malformed manifest: \"format\" or \"noteCount\" is missing")
        }
        guard (1...ArchiveManifest.currentFormat).contains(format) else {
            throw .manifest(entry: entry, reason: "manifest format \(format) is newer than this quill understands; upgrade quill")
        }
        if let mismatch { throw mismatch }
        switch matching {
        case .inOrder(_, let firstUnlisted):
            if let firstUnlisted {
                throw .manifest(entry: firstUnlisted, reason: "present in the archive but not listed in the manifest")
            }
        case .byPath(let state):
            if let missing = state.arrived.firstIndex(of: false) {
                throw .manifest(entry: state.expected.path(of: missing), reason: "listed in the manifest but missing from the archive")
            }
            if let extra = state.listed.firstIndex(of: false) {
                throw .manifest(entry: state.archive.path(of: extra), reason: "present in the archive but not listed in the manifest")
            }
        }
        try verify(history, listed: listedHistory)
        try verify(attachments, listed: listedAttachments)
        let entries = entriesBefore + entriesAfter
        guard noteCount == entries else {
            throw .manifest(entry: entry, reason: "the manifest lists \(noteCount) notes but the archive has \(entries)")
        }
    }

    /// The entries of a list kept apart from the notes', by path: each read one listed with its
    /// size and SHA-256, and each listed one read.
    private func verify(_ read: [EntryRecord], listed: [ArchiveManifest.Entry]) throws(ArchiveError) {
        var expected: [String: EntryRecord] = [:]
        for item in listed {
            guard let digest = SHA256Hex.bytes(ofHex: item.sha256) else {
                throw .manifest(entry: entry, reason: "malformed manifest: '\(item.sha256)' is not a SHA-256 (\(item.path))")
            }
            guard expected.updateValue(EntryRecord(path: item.path, size: item.bytes, sha256: digest), forKey: item.path) == nil else {
                throw .manifest(entry: item.path, reason: "listed twice in the manifest")
            }
        }
        for record in read {
            guard let listed = expected.removeValue(forKey: record.path) else {
                throw .manifest(entry: record.path, reason: "present in the archive but not listed in the manifest")
            }
            guard listed == record else { throw .manifest(entry: record.path, reason: "content does not match the manifest's SHA-256") }
        }
        if let missing = expected.keys.min() {
            throw .manifest(entry: missing, reason: "listed in the manifest but missing from the archive")
        }
    }

    private mutating func list(_ item: ArchiveManifest.Entry, reader: inout SpilledEntries.Reader, before: SpilledEntries) throws {
        guard let digest = SHA256Hex.bytes(ofHex: item.sha256) else {
            throw ArchiveError.manifest(entry: entry, reason: "malformed manifest: '\(item.sha256)' is not a SHA-256 (\(item.path))")
        }
        let listed = EntryRecord(path: item.path, size: item.bytes, sha256: digest)
        if case .inOrder(let count, _) = matching {
            if count < entriesBefore, let read = try reader.next(), read.path == listed.path {
                matching = .inOrder(listed: count + 1, firstUnlisted: nil)
                if read != listed { noteMismatch(listed.path, "content does not match the manifest's SHA-256") }
                return
            }
            try switchToMatchingByPath(listedInOrder: count, before: before)
        }
        guard case .byPath(var state) = matching else { return }
        // Taken out while it changes, so that its arrays are not copied for every entry.
        matching = .inOrder(listed: 0, firstUnlisted: nil)
        defer { matching = .byPath(state) }
        if let index = state.archive.index(of: listed.path) {
            guard !state.listed[index] else { return noteMismatch(listed.path, "listed twice in the manifest") }
            state.listed[index] = true
            if state.archive.size(of: index) != listed.size || !state.archive.sha256Bytes(of: index).elementsEqual(digest) {
                noteMismatch(listed.path, "content does not match the manifest's SHA-256")
            }
        } else {
            guard state.expected.record(path: listed.path, sha256: digest, size: listed.size) else {
                return noteMismatch(listed.path, "listed twice in the manifest")
            }
            state.arrived.append(false)
        }
    }

    /// Loads every entry read before the manifest into memory; the first `listedInOrder` of
    /// them have been matched already.
    private mutating func switchToMatchingByPath(listedInOrder: Int, before: SpilledEntries) throws {
        var state = ByPath()
        var reader = try before.reader()
        while let record = try reader.next() {
            guard state.archive.record(path: record.path, sha256: record.sha256, size: record.size) else {
                throw ArchiveError.duplicateEntry(entry: record.path)
            }
            state.listed.append(state.listed.count < listedInOrder)
        }
        matching = .byPath(state)
    }

    private mutating func noteMismatch(_ path: String, _ reason: String) {
        if mismatch == nil { mismatch = .manifest(entry: path, reason: reason) }
    }
}
