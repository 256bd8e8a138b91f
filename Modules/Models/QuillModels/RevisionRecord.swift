import Foundation

/// One earlier revision of a note as every store keeps it: a line of the CLI's history log, a
/// row of the server's `note_revisions`, an entry of an archive's `history/` (docs/history.md).
///
/// A record is the revision a write replaced, written when it is replaced:
///
/// ```
/// {"r":4,"u":1764000000000,"t":"Old title","g":["a"],"d":1,"x":[[0,49],"old line\n",[50,50]],"o":"edit"}
/// ```
///
/// `r` its revision, `u` when it was written (milliseconds), `t` and `g` its title and tags when
/// they differ from the revision that replaced it, `d` if it was a tombstone, `x` its body as a
/// `LineDelta` from the replacing body (`[start,count]` copies lines of it, a string is inserted)
/// or `b` its body whole (every `keyframeInterval`th record of a note), and `o` the origin of the
/// revision that replaced it, and `m`, when that revision merged two edits (`ThreeWayMerge`), the
/// revision both started from. (`m` comes last, so a reader that knows only the keys before it
/// falls back to `JSONDecoder`, which skips it.)
public struct RevisionRecord: Decodable, Equatable, Sendable {
    /// Every this-many records of a note, a body is kept whole instead of as a delta, so that one
    /// damaged delta cannot take every older revision with it.
    public static let keyframeInterval = 1024

    public let revision: Int
    let updated: Int64
    let title: String?
    let tags: [String]?
    let deleted: Bool
    let body: String?
    let delta: [DeltaStep]?
    /// Where the revision that replaced this one came from.
    public let replacingOrigin: RevisionOrigin
    /// When the revision that replaced this one was a merge, the revision both merged edits started from.
    public let replacingMergeAncestor: Int?

    private enum CodingKeys: String, CodingKey {
        case revision = "r", updated = "u", title = "t", tags = "g", deleted = "d", body = "b", delta = "x", origin = "o",
             mergeAncestor = "m"
    }

    /// A step of `x`: `[start, count]` or an inserted string.
    enum DeltaStep: Decodable, Equatable, Sendable {
        case copy(Int, Int)
        case insert(String)

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self = .insert(text)
                return
            }
            var pair = try decoder.unkeyedContainer()
            self = .copy(try pair.decode(Int.self), try pair.decode(Int.self))
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        revision = try container.decode(Int.self, forKey: .revision)
        updated = try container.decode(Int64.self, forKey: .updated)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        deleted = try container.decodeIfPresent(Int.self, forKey: .deleted) == 1
        body = try container.decodeIfPresent(String.self, forKey: .body)
        delta = try container.decodeIfPresent([DeltaStep].self, forKey: .delta)
        guard (body == nil) != (delta == nil) else {
            throw DecodingError.dataCorruptedError(forKey: .body, in: container, debugDescription: "a record has a body or a delta, one of them")
        }
        let origin = try container.decode(String.self, forKey: .origin)
        guard let known = RevisionOrigin(origin) else {
            throw DecodingError.dataCorruptedError(forKey: .origin, in: container, debugDescription: "unknown origin \(origin)")
        }
        replacingOrigin = known
        replacingMergeAncestor = try container.decodeIfPresent(Int.self, forKey: .mergeAncestor)
    }

    /// A record from its JSON (without the line end): read directly when it is in the form
    /// `encode` writes (a history of a thousand revisions is read on every `quill history`), else
    /// by `JSONDecoder`, whose errors then say what is wrong.
    public static func decode(_ line: String) throws -> RevisionRecord {
        var line = line
        if let record = line.withUTF8({ read(UnsafeRawBufferPointer($0)) }) { return record }
        return try JSONDecoder().decode(RevisionRecord.self, from: Data(line.utf8))
    }

    private init(revision: Int, updated: Int64, title: String?, tags: [String]?, deleted: Bool, body: String?,
                 delta: [DeltaStep]?, replacingOrigin: RevisionOrigin, replacingMergeAncestor: Int?) {
        self.revision = revision
        self.updated = updated
        self.title = title
        self.tags = tags
        self.deleted = deleted
        self.body = body
        self.delta = delta
        self.replacingOrigin = replacingOrigin
        self.replacingMergeAncestor = replacingMergeAncestor
    }

    /// The record in `encode`'s own form; `nil` for anything else.
    private static func read(_ bytes: UnsafeRawBufferPointer) -> RevisionRecord? {
        var reader = CanonicalJSONReader(bytes: bytes)
        guard reader.skip(#"{"r":"#), let revision = reader.integer(), reader.skip(#","u":"#), let updated = reader.integer()
        else { return nil }
        var title: String?
        if reader.skip(#","t":"#) {
            guard let text = reader.string() else { return nil }
            title = text
        }
        var tags: [String]?
        if reader.skip(#","g":["#) {
            guard let read = reader.tags() else { return nil }
            tags = read.map(\.rawValue)
        }
        let deleted = reader.skip(#","d":1"#)
        var body: String?
        var delta: [DeltaStep]?
        if reader.skip(#","b":"#) {
            guard let text = reader.string() else { return nil }
            body = text
        } else if reader.skip(#","x":["#) {
            var steps: [DeltaStep] = []
            if !reader.skip("]") {
                repeat {
                    if reader.skip("[") {
                        guard let start = reader.integer(), reader.skip(","), let count = reader.integer(), reader.skip("]") else { return nil }
                        steps.append(.copy(start, count))
                    } else {
                        guard let text = reader.string() else { return nil }
                        steps.append(.insert(text))
                    }
                } while reader.skip(",")
                guard reader.skip("]") else { return nil }
            }
            delta = steps
        } else {
            return nil
        }
        guard reader.skip(#","o":"#), let text = reader.string(), let origin = RevisionOrigin(text) else { return nil }
        var mergeAncestor: Int?
        if reader.skip(#","m":"#) {
            guard let ancestor = reader.integer() else { return nil }
            mergeAncestor = ancestor
        }
        guard reader.skip("}"), reader.isAtEnd else { return nil }
        return RevisionRecord(revision: revision, updated: Int64(updated), title: title, tags: tags, deleted: deleted, body: body,
                              delta: delta, replacingOrigin: origin, replacingMergeAncestor: mergeAncestor)
    }

    /// When the revision this record keeps was written.
    public var date: Date { Date(millisecondsSince1970: updated) }

    /// Whether this record keeps `note`'s revision: the same number written at the same time. (A
    /// number alone can come twice: offline edits count up locally, and the server numbers the
    /// pushed note from its base.)
    public func keeps(_ note: Note) -> Bool {
        revision == note.revision && updated == note.updated.millisecondsSince1970
    }

    /// The revision this record keeps, and its body's lines, rebuilt from `newer` and its body's
    /// lines; `nil` if the record does not fit it.
    public func note(before newer: Note, lines newerLines: [Substring]) -> (note: Note, lines: [Substring])? {
        let lines: [Substring]
        if let body {
            lines = LineDiff.lines(body)
        } else if let delta {
            let steps = delta.map { step -> LineDelta.Step in
                switch step {
                case .copy(let start, let count): .copy(start: start, count: count)
                case .insert(let inserted): .insert(inserted)
                }
            }
            guard let rebuilt = LineDelta(steps: steps).applied(toLines: newerLines) else { return nil }
            lines = rebuilt
        } else {
            return nil
        }
        guard let tags = try? (tags.map { try $0.map { try Tag($0) } } ?? newer.tags),
              let note = try? Note(id: newer.id, title: title ?? newer.title, body: lines.joined(), tags: tags, created: newer.created,
                                   updated: Date(millisecondsSince1970: updated), revision: revision, isDeleted: deleted)
        else { return nil }
        return (note, lines)
    }

    /// The record (JSON and a line end) that keeps `replaced`, which `replacing` (written with
    /// `origin`, merging two edits of `mergeAncestor` when it is given) replaces; its body whole if
    /// `whole`, else as a delta.
    public static func encode(_ replaced: Note, replacing: Note, origin: RevisionOrigin, mergeAncestor: Int?, whole: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.append(contentsOf: "{\"r\":\(replaced.revision),\"u\":\(replaced.updated.millisecondsSince1970)".utf8)
        if replaced.title != replacing.title {
            bytes.append(contentsOf: ",\"t\":".utf8)
            JSONText.appendString(replaced.title, to: &bytes)
        }
        if replaced.tags != replacing.tags {
            bytes.append(contentsOf: ",\"g\":[".utf8)
            for (index, tag) in replaced.tags.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONText.appendString(tag.rawValue, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        if replaced.isDeleted { bytes.append(contentsOf: ",\"d\":1".utf8) }
        if whole {
            bytes.append(contentsOf: ",\"b\":".utf8)
            JSONText.appendString(replaced.body, to: &bytes)
        } else {
            bytes.append(contentsOf: ",\"x\":[".utf8)
            for (index, step) in LineDelta(from: replacing.body, to: replaced.body).steps.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                switch step {
                case .copy(let start, let count): bytes.append(contentsOf: "[\(start),\(count)]".utf8)
                case .insert(let text): JSONText.appendString(text, to: &bytes)
                }
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(contentsOf: ",\"o\":".utf8)
        JSONText.appendString(origin.description, to: &bytes)
        if let mergeAncestor { bytes.append(contentsOf: ",\"m\":\(mergeAncestor)".utf8) }
        bytes.append(contentsOf: "}\n".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The records (oldest first, each with its line end) that keep every revision of `revisions`
    /// (a note's history, newest first) but the current one: the log a store writes for it.
    public static func log(of revisions: [NoteRevision]) -> String {
        var log = ""
        for (count, older) in revisions.indices.dropFirst().reversed().enumerated() {
            let newer = revisions[older - 1]
            log += encode(revisions[older].note, replacing: newer.note, origin: newer.origin, mergeAncestor: newer.mergeAncestor,
                          whole: (count + 1) % keyframeInterval == 0)
        }
        return log
    }

    /// Every revision of a note, newest first: `current`, then each of `records` (oldest first)
    /// rebuilt from the one after it; `nil` if a record does not fit the revision after it.
    public static func revisions(current: Note, records: [RevisionRecord]) -> [NoteRevision]? {
        var revisions = [NoteRevision(note: current, origin: records.last?.replacingOrigin ?? .created,
                                      mergeAncestor: records.last?.replacingMergeAncestor)]
        revisions.reserveCapacity(records.count + 1)
        var newer = current
        var newerLines = LineDiff.lines(current.body)
        for (index, record) in records.enumerated().reversed() {
            guard let older = record.note(before: newer, lines: newerLines) else { return nil }
            revisions.append(NoteRevision(note: older.note, origin: index > 0 ? records[index - 1].replacingOrigin : .created,
                                          mergeAncestor: index > 0 ? records[index - 1].replacingMergeAncestor : nil))
            newer = older.note
            newerLines = older.lines
        }
        return revisions
    }

    /// The note as it was at `revision`, rebuilt from `current` and the records of that revision
    /// and every later one (oldest first); `nil` if they do not hold it.
    public static func note(at revision: Int, current: Note, records: [RevisionRecord]) -> Note? {
        revisions(current: current, records: records)?.first { $0.number == revision }?.note
    }
}
