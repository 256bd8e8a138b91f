/// Checks a manifest against the entries the archive actually held (`EntryLedger`): the
/// same set of paths, each with the listed size and SHA-256.
struct ManifestCheck {
    let ledger: EntryLedger
    /// Where the manifest is in the archive, for error messages.
    let entry: String

    func verify(_ bytes: [UInt8]) throws(ArchiveError) {
        var listed = [Bool](repeating: false, count: ledger.count)
        var listedCount = 0
        // A mismatch is reported only after the format is known to be one this quill reads:
        // a newer format may list entries differently.
        var mismatch: ArchiveError?
        let parser = ManifestParser(bytes)
        let header: ManifestParser.Header
        do {
            header = try parser.parse { item in
                guard mismatch == nil else { return }
                guard let index = ledger.index(of: item.path) else {
                    mismatch = .manifest(entry: item.path, reason: "listed in the manifest but missing from the archive")
                    return
                }
                guard !listed[index] else {
                    mismatch = .manifest(entry: item.path, reason: "listed twice in the manifest")
                    return
                }
                listed[index] = true
                listedCount += 1
                guard ledger.sha256(of: index) == item.sha256.lowercased(), ledger.size(of: index) == item.bytes else {
                    mismatch = .manifest(entry: item.path, reason: "content does not match the manifest's SHA-256")
                    return
                }
            }
        } catch {
            throw .manifest(entry: entry, reason: "malformed manifest: \(error)")
        }
        guard let format = header.format, let noteCount = header.noteCount else {
            throw .manifest(entry: entry, reason: "malformed manifest: \"format\" or \"noteCount\" is missing")
        }
        guard (1...ArchiveManifest.currentFormat).contains(format) else {
            throw .manifest(entry: entry, reason: "manifest format \(format) is newer than this quill understands; upgrade quill")
        }
        guard noteCount == ledger.count else {
            throw .manifest(entry: entry, reason: "the manifest lists \(noteCount) notes but the archive has \(ledger.count)")
        }
        if let mismatch { throw mismatch }
        if listedCount < ledger.count, let extra = listed.firstIndex(of: false) {
            throw .manifest(entry: ledger.path(of: extra), reason: "present in the archive but not listed in the manifest")
        }
    }
}
