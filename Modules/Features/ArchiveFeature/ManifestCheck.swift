/// Checks the manifest against the note entries the archive actually holds: the same set of
/// paths, each with the listed size and SHA-256, and the listed note count.
///
/// The manifest is checked as it streams by, against the entries read before it; an entry it
/// lists that has not arrived yet is kept as an expectation for the entries after it. Quill
/// writes the manifest last, so normally nothing is kept; an archive re-packed by another tool
/// (manifest anywhere) still verifies, holding only what is still expected.
struct ManifestCheck {
    /// Where the manifest is in the archive, for error messages.
    let entry: String
    private var format: Int?
    private var noteCount: Int?
    /// Per note entry of the archive (`EntryLedger` order): whether the manifest lists it.
    private var listed: [Bool] = []
    /// Listed entries not read yet, and which of them have arrived since.
    private var expected = EntryLedger()
    private var arrived: [Bool] = []
    /// The first mismatch, reported once the format is known to be one this quill reads
    /// (a newer format may list entries differently).
    private var mismatch: ArchiveError?

    init(entry: String) {
        self.entry = entry
    }

    /// Reads the manifest through `nextPiece`, matching each listed entry against `ledger`.
    mutating func read(nextPiece: @escaping () throws -> ArraySlice<UInt8>?, ledger: EntryLedger) throws {
        listed = [Bool](repeating: false, count: ledger.count)
        let header: ManifestParser.Header
        do {
            header = try ManifestParser(nextPiece: nextPiece).parse { item in
                try list(item, ledger: ledger)
            }
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw ArchiveError.manifest(entry: entry, reason: "malformed manifest: \(error)")
        }
        format = header.format
        noteCount = header.noteCount
    }

    /// A note entry read after the manifest (at `index` in the ledger).
    mutating func noteArrived(path: String, index: Int, ledger: EntryLedger) {
        listed.append(false)
        guard let expectation = expected.index(of: path) else { return }
        arrived[expectation] = true
        listed[index] = true
        if mismatch == nil, !matches(expectation, in: expected, index, in: ledger) {
            mismatch = .manifest(entry: path, reason: "content does not match the manifest's SHA-256")
        }
    }

    /// Whether the manifest and the archive agree, once every entry has been read.
    func verify(ledger: EntryLedger) throws(ArchiveError) {
        guard let format, let noteCount else {
            throw .manifest(entry: entry, reason: "malformed manifest: \"format\" or \"noteCount\" is missing")
        }
        guard (1...ArchiveManifest.currentFormat).contains(format) else {
            throw .manifest(entry: entry, reason: "manifest format \(format) is newer than this quill understands; upgrade quill")
        }
        guard noteCount == ledger.count else {
            throw .manifest(entry: entry, reason: "the manifest lists \(noteCount) notes but the archive has \(ledger.count)")
        }
        if let mismatch { throw mismatch }
        if let missing = arrived.firstIndex(of: false) {
            throw .manifest(entry: expected.path(of: missing), reason: "listed in the manifest but missing from the archive")
        }
        if let extra = listed.firstIndex(of: false) {
            throw .manifest(entry: ledger.path(of: extra), reason: "present in the archive but not listed in the manifest")
        }
    }

    private mutating func list(_ item: ArchiveManifest.Entry, ledger: EntryLedger) throws {
        guard let digest = SHA256Hex.bytes(ofHex: item.sha256) else {
            throw ArchiveError.manifest(entry: entry, reason: "malformed manifest: '\(item.sha256)' is not a SHA-256 (\(item.path))")
        }
        if let index = ledger.index(of: item.path) {
            guard !listed[index] else { return noteMismatch(item.path, "listed twice in the manifest") }
            listed[index] = true
            if ledger.size(of: index) != item.bytes || !ledger.sha256Bytes(of: index).elementsEqual(digest) {
                noteMismatch(item.path, "content does not match the manifest's SHA-256")
            }
        } else {
            guard expected.record(path: item.path, sha256: digest, size: item.bytes) else {
                return noteMismatch(item.path, "listed twice in the manifest")
            }
            arrived.append(false)
        }
    }

    private mutating func noteMismatch(_ path: String, _ reason: String) {
        if mismatch == nil { mismatch = .manifest(entry: path, reason: reason) }
    }

    private func matches(_ expectation: Int, in expected: EntryLedger, _ index: Int, in ledger: EntryLedger) -> Bool {
        expected.size(of: expectation) == ledger.size(of: index) && expected.sha256Bytes(of: expectation).elementsEqual(ledger.sha256Bytes(of: index))
    }
}
