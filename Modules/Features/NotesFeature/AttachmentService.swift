import StandardInterfaces
import ByteStreamInterface
import Crypto
import Foundation
import NoteStoreInterface
import QuillModels
import SearchIndexInterface

/// The rules of attachments on a device: bytes kept under their SHA-256, referred to from a
/// note's Markdown, checked whenever they are read, and collected only when nothing refers to
/// them (docs/attachments.md).
///
/// The store keeps bytes under the hash it is given; this service is the one place that hashes
/// them on the way in and checks them on the way out, so every store obeys the same rule.
public struct AttachmentService: Sendable {
    let notes: NoteService
    let attachments: any AttachmentStoring
    private let search: NoteSearch
    private let index: any AttachmentIndex

    /// How long bytes stay safe from collection after they are stored: an import or a sync
    /// stores an attachment before it commits the note that refers to it.
    public static let collectionGrace: TimeInterval = 3600

    /// - Parameters:
    ///   - search: the catch-up of the index `index` reads.
    ///   - index: the same index, read for the notes that refer to attachments.
    public init(notes: NoteService, attachments: any AttachmentStoring, search: NoteSearch, index: any AttachmentIndex) {
        self.notes = notes
        self.attachments = attachments
        self.search = search
        self.index = index
    }

    /// Keeps the bytes `source` gives, hashing them as they pass (constant memory); more than
    /// `maximumBytes` (a FIFO that never ends) are refused, and nothing is kept.
    func keep(_ source: any ByteSource, named name: String, maximumBytes: Int64) throws -> StoredAttachment {
        let writer = try attachments.begin()
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total: Int64 = 0
        do {
            while true {
                let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
                if count == 0 { break }
                total += Int64(count)
                guard total <= maximumBytes else { throw AttachmentServiceError.tooLarge(name, limit: maximumBytes) }
                try buffer.withUnsafeBytes { bytes in
                    let chunk = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
                    hasher.update(bufferPointer: chunk)
                    try writer.write(chunk)
                }
            }
        } catch {
            writer.abandon()
            throw error
        }
        guard let hash = AttachmentHash(digest: hasher.finalize()) else {
            writer.abandon()
            throw AttachmentServiceError.damaged("a digest that is not 32 bytes")
        }
        return try writer.commit(as: hash)
    }

    /// Keeps each file and appends a reference to each at the end of the note's body, as one
    /// new revision; returns the note and the Markdown appended. A file of more than
    /// `maximumBytes` is refused, and the note is left as it was.
    public func attach(_ reference: String, files: [(name: String, source: any ByteSource)],
                       maximumBytes: Int64) async throws -> (note: Note, markdown: [String]) {
        let id = try await notes.note(reference).id
        var lines: [String] = []
        for file in files {
            let stored = try keep(file.source, named: file.name, maximumBytes: maximumBytes)
            let name = AttachmentName.safe(file.name)
            lines.append(AttachmentReference.markdown(hash: stored.hash, name: name, embedded: AttachmentName.isImage(name)))
        }
        // The note as it is once the files are kept (which may take a while), so that a change
        // written meanwhile (a `quill sync --watch` pulling one) stays: the body read before the
        // copy would write over it.
        let note = try await notes.note(id.rawValue)
        let body = AttachmentReference.appending(lines, to: note.body)
        return (try await notes.edit(note.id.rawValue, changes: NoteChanges(body: body)), lines)
    }

    /// Removes the note's references to `name` (a file name, or an attachment's hash or a
    /// prefix of it), and each line they leave empty, as one new revision. The bytes stay until
    /// collected.
    public func detach(_ reference: String, name: String) async throws -> (note: Note, removed: Int) {
        let note = try await notes.note(reference)
        let matching = AttachmentReference.scan(note.body).filter { $0.name == name || (name.count >= 4 && $0.hash.hex.hasPrefix(name)) }
        guard !matching.isEmpty else { throw AttachmentServiceError.notReferenced(name, note: note.id) }
        var bytes = Array(note.body.utf8)
        for found in matching.reversed() {
            var range = found.utf8Range
            let lineStart = bytes[..<range.lowerBound].lastIndex(of: 0x0a).map { $0 + 1 } ?? 0
            let lineEnd = bytes[range.upperBound...].firstIndex(of: 0x0a) ?? bytes.count
            let rest = bytes[lineStart..<range.lowerBound] + bytes[range.upperBound..<lineEnd]
            if rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                range = lineStart..<min(lineEnd + 1, bytes.count)
            }
            bytes.removeSubrange(range)
        }
        let body = String(decoding: bytes, as: UTF8.self)
        return (try await notes.edit(note.id.rawValue, changes: NoteChanges(body: body)), matching.count)
    }

    /// The attachments the note refers to, or every note's: each with its names, type, size
    /// (if this device holds it) and the notes that refer to it. Every note's are found through
    /// the search index, which `progress` hears of while it catches up.
    public func list(_ reference: String?, progress: NoteLinks.Progress = { _ in }) async throws -> [AttachmentListing] {
        let sources: [Note]
        if let reference {
            sources = [try await notes.note(reference)]
        } else {
            sources = try await liveNotes(progress: progress)
        }
        return try listings(of: sources)
    }

    /// The attachments these notes refer to, in the order they are first referred to, with what
    /// this device holds of each.
    public func listings(of sources: [Note]) throws -> [AttachmentListing] {
        let references = sources.map { ($0.id, AttachmentReference.scan($0.body)) }
        guard references.contains(where: { !$0.1.isEmpty }) else { return [] }
        let sizes = Dictionary(try attachments.all().map { ($0.hash, $0.size) }, uniquingKeysWith: { first, _ in first })
        var listings: [AttachmentListing] = []
        var positions: [AttachmentHash: Int] = [:]
        for (id, found) in references {
            for found in found {
                let position = positions[found.hash] ?? listings.count
                if position == listings.count {
                    positions[found.hash] = position
                    listings.append(AttachmentListing(hash: found.hash, names: [], size: sizes[found.hash], notes: []))
                }
                if !listings[position].names.contains(found.name) { listings[position].names.append(found.name) }
                if !listings[position].notes.contains(id) { listings[position].notes.append(id) }
            }
        }
        return listings
    }

    /// Writes the attachment to `sink`, checking the bytes against their hash. A mismatch
    /// abandons the sink (a file is not left behind) and says the attachment is damaged.
    public func write(_ stored: StoredAttachment, to sink: any ByteSink) throws {
        guard let reader = try attachments.open(stored.hash) else { throw AttachmentServiceError.missing(stored.hash) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        do {
            while true {
                let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if count == 0 { break }
                try buffer.withUnsafeBytes { bytes in
                    let chunk = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
                    hasher.update(bufferPointer: chunk)
                    try sink.write(chunk)
                }
            }
            guard AttachmentHash(digest: hasher.finalize()) == stored.hash else {
                throw AttachmentServiceError.damaged(stored.hash.hex)
            }
            try sink.close()
        } catch {
            sink.abandon()
            throw error
        }
    }

    /// Removes every attachment that no note refers to (anywhere in its text, code included:
    /// `AttachmentReference.keptHashes`), in its current text or in any kept revision (deleted notes included: the trash can bring them back), and that was stored
    /// before the grace period; with `dryRun`, only says which. The notes are read only when
    /// this device holds attachments: with none, there is nothing to prove unreferenced.
    public func collect(now: Date, dryRun: Bool) async throws -> CollectedLocalAttachments {
        let held = try attachments.all()
        var referenced = Set<AttachmentHash>()
        if !held.isEmpty {
            for summary in try await notes.store.list(NoteQuery(includeDeleted: true)).notes {
                for revision in try await notes.store.history(of: summary.id) {
                    referenced.formUnion(AttachmentReference.keptHashes(revision.note.body))
                }
            }
        }
        let cutoff = now.addingTimeInterval(-Self.collectionGrace)
        var collection = CollectedLocalAttachments()
        for stored in held where !referenced.contains(stored.hash) {
            guard stored.stored < cutoff else {
                collection.recent.append(stored)
                continue
            }
            if !dryRun { try attachments.remove(stored.hash) }
            collection.removed.append(stored)
        }
        if !dryRun { collection.abandonedUploads = try attachments.removeAbandoned(before: cutoff) }
        return collection
    }

    /// The live notes that refer to attachments, newest first: found in the index once it has
    /// caught up with every write, then read as they are now.
    private func liveNotes(progress: NoteLinks.Progress) async throws -> [Note] {
        let referring = try await search.caughtUp(progress: progress) { try await index.notesReferringToAttachments() }
        let found = try await notes.store.notes(ids: referring.map(\.id))
        return referring.compactMap { found[$0.id] }.filter { !$0.isDeleted }
    }

    /// The stored attachment `reference` names: a hash, a unique prefix of one (four digits or
    /// more), or a name that notes give one attachment only; with the name notes give it.
    public func find(_ reference: String, progress: NoteLinks.Progress = { _ in }) async throws -> (stored: StoredAttachment, name: String?) {
        let stored = try attachments.all()
        let listings = try await list(nil, progress: progress)
        func named(_ found: StoredAttachment) -> (stored: StoredAttachment, name: String?) {
            (found, listings.first { $0.hash == found.hash }?.names.first)
        }
        let lowered = reference.lowercased()
        if lowered.count >= 4, lowered.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }) {
            let matches = stored.filter { $0.hash.hex.hasPrefix(lowered) }
            if matches.count == 1 { return named(matches[0]) }
            if matches.count > 1 { throw AttachmentServiceError.ambiguous(reference, candidates: matches.map(\.hash)) }
        }
        let byName = listings.filter { $0.names.contains(reference) }
        switch byName.count {
        case 0: throw AttachmentServiceError.unknown(reference)
        case 1:
            guard let found = stored.first(where: { $0.hash == byName[0].hash }) else { throw AttachmentServiceError.missing(byName[0].hash) }
            return (found, reference)
        default: throw AttachmentServiceError.ambiguous(reference, candidates: byName.map(\.hash))
        }
    }
}

/// One attachment as `quill attachments` lists it.
public struct AttachmentListing: Equatable, Sendable {
    public let hash: AttachmentHash
    /// The names notes give it (usually one).
    public var names: [String]
    /// Its size if this device holds its bytes; `nil` if they have not arrived.
    public let size: Int64?
    public var notes: [NoteID]

    public var mediaType: String { AttachmentName.mediaType(of: names.first ?? "") }
}

/// What a collection of this device's attachments removed, or with a dry run would remove
/// (`quill attachment gc`; the server's is `CollectedAttachments`).
public struct CollectedLocalAttachments: Equatable, Sendable {
    public var removed: [StoredAttachment] = []
    /// Unreferenced but stored within the grace period: left for a later collection.
    public var recent: [StoredAttachment] = []
    /// Uploads a crashed writer left unfinished, removed.
    public var abandonedUploads = 0
}

/// Why an attachment operation could not be done, as the user would put it.
public enum AttachmentServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknown(String)
    case ambiguous(String, candidates: [AttachmentHash])
    case missing(AttachmentHash)
    case damaged(String)
    case notReferenced(String, note: NoteID)
    /// A file to attach holds more than the largest attachment taken.
    case tooLarge(String, limit: Int64)

    public var description: String {
        switch self {
        case .unknown(let reference): "no attachment matches '\(reference)' (see: quill attachments)"
        case .ambiguous(let reference, let candidates):
            "'\(reference)' matches \(candidates.count) attachments: " + candidates.map(\.short).joined(separator: ", ")
        case .missing(let hash): "attachment \(hash.short) is referred to but its bytes are not on this device"
        case .damaged(let what): "attachment \(what) is damaged: its bytes do not match their SHA-256"
        case .notReferenced(let name, let note): "note \(note.short) has no attachment '\(name)' (see: quill attachments \(note.short))"
        case .tooLarge(let name, let limit): "\(name) holds more than \(ByteCount.text(limit)), the largest attachment taken; nothing was attached"
        }
    }
}
