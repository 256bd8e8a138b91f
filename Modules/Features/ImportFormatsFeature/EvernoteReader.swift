import ByteStreamInterface
import Crypto
import Foundation
import QuillModels

/// Reads an Evernote export (ENEX) as it streams: each `<note>` becomes a `ForeignNote` as soon
/// as its end is read, its resources decoded from base64 piece by piece and checked, so that
/// memory holds one note and its attachments, never the export.
///
/// What each field becomes is in `docs/import.md`: title, dates and tags as the note's own; the
/// author, source URL and the other note attributes as front matter; the notebook (the file's
/// name) as a tag and a front-matter key. ENEX carries no note IDs, so a note's identity in
/// Quill is its notebook, title and creation time.
public struct EvernoteReader {
    public let maximumAttachmentBytes: Int64
    /// A note's ENML may be at most this large (Evernote's own limit is far below).
    static let maximumContentBytes = 64 << 20
    static let maximumFieldBytes = 1 << 20

    public init(maximumAttachmentBytes: Int64) {
        self.maximumAttachmentBytes = maximumAttachmentBytes
    }

    /// - Parameters:
    ///   - file: the export's name, for the report and as the notebook.
    ///   - notebook: the notebook's name (the file's name without `.enex`), or `nil`.
    public func read(_ source: any ByteSource, file: String, notebook: String?, receive: (ForeignNote) async throws -> Void) async throws {
        let xml = XMLPullReader(source: source, dialect: .xml)
        var parser = Parser(file: file, notebook: notebook, reader: self)
        do {
            while let event = try xml.next() {
                if let note = try parser.take(event) { try await receive(note) }
                if case .start("content", _) = event, parser.isInNote {
                    // Read raw: Evernote writes CDATA sections nested inside it, which XML forbids.
                    let raw = try xml.rawContent(of: "content", limit: Self.maximumContentBytes)
                    _ = try parser.take(.text(try Self.enml(raw)))
                    _ = try parser.take(.end(name: "content"))
                }
            }
        } catch let error as XMLFormatError {
            throw ForeignFormatError.xml(entry: parser.entry, error)
        }
        guard parser.sawExport else { throw ForeignFormatError.notTheFormat(entry: file, expected: "an Evernote export (<en-export>)") }
    }

    /// The ENML in a `<content>` as written: one CDATA section (from its first start to its
    /// last end, so that sections nested inside it stay in the ENML), or escaped text.
    static func enml(_ raw: [UInt8]) throws(XMLFormatError) -> [UInt8] {
        let start = Array("<![CDATA[".utf8), end = Array("]]>".utf8)
        guard let first = raw.firstIndex(where: { !XMLPullReader.isSpace($0) }),
              let last = raw.lastIndex(where: { !XMLPullReader.isSpace($0) }) else { return [] }
        let trimmed = raw[first...last]
        if trimmed.starts(with: start), trimmed.count >= start.count + end.count, trimmed.suffix(end.count).elementsEqual(end) {
            return Array(trimmed.dropFirst(start.count).dropLast(end.count))
        }
        return try XMLEntities.decode(trimmed, html: false)
    }

    /// The state of reading one export: where in it the reader is, and the note being read.
    private struct Parser {
        let file: String
        let notebook: String?
        let reader: EvernoteReader
        var sawExport = false
        var noteIndex = 0
        var path: [String] = []
        var note = NoteFields()
        var resource = ResourceFields(index: 0)
        var task = ENMLConverter.Task()
        /// The text of the field being read (any element but a resource's data).
        var text: [UInt8] = []

        /// Inside a `<note>`, where its `<content>` is read raw.
        var isInNote: Bool { path.count == 3 && path[1] == "note" }

        var entry: String { noteIndex == 0 ? file : "\(file)#\(noteIndex)" + (note.title.isEmpty ? "" : " (\(note.title))") }

        init(file: String, notebook: String?, reader: EvernoteReader) {
            self.file = file
            self.notebook = notebook
            self.reader = reader
        }

        mutating func take(_ event: XMLEvent) throws -> ForeignNote? {
            switch event {
            case .start(let name, _):
                path.append(name)
                text = []
                if path.count == 1 {
                    guard name == "en-export" else { throw ForeignFormatError.notTheFormat(entry: file, expected: "an Evernote export (<en-export>)") }
                    sawExport = true
                } else if path.count == 2, name == "note" {
                    noteIndex += 1
                    note = NoteFields()
                } else if path.count == 3, path[1] == "note", name == "resource" {
                    note.resourceCount += 1
                    resource = ResourceFields(index: note.resourceCount)
                } else if path.count == 3, path[1] == "note", name == "task" {
                    task = ENMLConverter.Task()
                }
                return nil
            case .text(let bytes):
                if path.count == 4, path[2] == "resource", path[3] == "data" {
                    try resource.decode(bytes, entry: entry, limit: reader.maximumAttachmentBytes)
                } else {
                    let limit = path.count == 3 && path[2] == "content" ? EvernoteReader.maximumContentBytes : EvernoteReader.maximumFieldBytes
                    guard text.count + bytes.count <= limit else { throw ForeignFormatError.textTooLarge(entry: entry, limit: limit) }
                    text += bytes
                }
                return nil
            case .end:
                defer { path.removeLast(); text = [] }
                return try end()
            }
        }

        private mutating func end() throws -> ForeignNote? {
            let value = String(decoding: text, as: UTF8.self)
            switch path.count {
            case 2 where path[1] == "note":
                return try note.foreignNote(entry: entry, file: file, notebook: notebook)
            case 3 where path[1] == "note":
                switch path[2] {
                case "title": note.title = value.trimmingSpaces()
                case "content": note.content = text
                case "created": note.created = value
                case "updated": note.updated = value
                case "tag": note.tags.append(value.trimmingSpaces())
                case "resource": try note.add(resource, entry: entry)
                case "task": note.tasks.append(task)
                default: break
                }
            case 4 where path[1] == "note" && path[2] == "note-attributes":
                note.attributes.append((path[3], value.trimmingSpaces()))
            case 4 where path[1] == "note" && path[2] == "resource":
                switch path[3] {
                case "mime": resource.mime = value.trimmingSpaces()
                default: break
                }
            case 5 where path[1] == "note" && path[2] == "resource" && path[3] == "resource-attributes":
                if path[4] == "file-name" { resource.fileName = value.trimmingSpaces() }
            case 4 where path[1] == "note" && path[2] == "task":
                switch path[3] {
                case "title": task.title = value
                case "taskStatus": task.completed = value.trimmingSpaces() == "completed"
                case "taskGroupNoteLevelID": task.group = value.trimmingSpaces()
                case "sortWeight": task.sortWeight = value
                default: break
                }
            default:
                break
            }
            return nil
        }
    }

    /// A `<resource>` being read: its bytes decoded as they stream, hashed as they come.
    private struct ResourceFields {
        /// Its place among the note's resources, from 1.
        let index: Int
        var decoder = Base64StreamDecoder()
        var mime = ""
        var fileName = ""

        init(index: Int) {
            self.index = index
        }

        /// How errors name it: by its file name once read (it comes after the data), else by its place.
        var label: String { fileName.isEmpty ? "attachment \(index)" : "attachment '\(fileName)'" }

        mutating func decode(_ bytes: [UInt8], entry: String, limit: Int64) throws {
            do { try decoder.take(bytes) } catch { throw ForeignFormatError.invalidBase64(entry: entry, resource: label) }
            guard Int64(decoder.output.count) <= limit else { throw ForeignFormatError.attachmentTooLarge(entry: entry, name: label, limit: limit) }
        }
    }

    /// The fields of a `<note>` read so far.
    private struct NoteFields {
        var title = ""
        var content: [UInt8] = []
        var created: String?
        var updated: String?
        var tags: [String] = []
        var attributes: [(String, String)] = []
        var resources: [String: ENMLConverter.Resource] = [:]
        var resourceOrder: [String] = []
        var resourceCount = 0
        var tasks: [ENMLConverter.Task] = []
        var notices: [String] = []

        mutating func add(_ fields: ResourceFields, entry: String) throws {
            var decoder = fields.decoder
            let bytes: [UInt8]
            do { bytes = try decoder.finish() } catch { throw ForeignFormatError.invalidBase64(entry: entry, resource: fields.label) }
            guard !bytes.isEmpty else {
                notices.append("an empty attachment\(fields.fileName.isEmpty ? "" : " '\(fields.fileName)'") left out")
                return
            }
            let md5 = Insecure.MD5.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            guard let hash = AttachmentHash(digest: SHA256.hash(data: bytes)) else { return }
            let name = AttachmentName.safe(fields.fileName.isEmpty ? "attachment" + Self.fileExtension(for: fields.mime) : fields.fileName)
            if resources[md5] == nil { resourceOrder.append(md5) }
            resources[md5] = ENMLConverter.Resource(attachment: ForeignAttachment(name: name, hash: hash, bytes: bytes),
                                                    isImage: fields.mime.lowercased().hasPrefix("image/"))
        }

        private static func fileExtension(for mime: String) -> String {
            switch mime.lowercased() {
            case "image/png": ".png"
            case "image/jpeg", "image/jpg": ".jpg"
            case "image/gif": ".gif"
            case "image/svg+xml": ".svg"
            case "application/pdf": ".pdf"
            case "audio/mpeg": ".mp3"
            case "audio/wav", "audio/x-wav": ".wav"
            default: ""
            }
        }

        func foreignNote(entry: String, file: String, notebook: String?) throws -> ForeignNote {
            let converter = ENMLConverter(resources: resources, tasks: tasks)
            let converted: ENMLConverter.Result
            do { converted = try converter.convert(content) } catch { throw ForeignFormatError.xml(entry: entry, error) }
            var body = converted.markdown
            let unplaced = resourceOrder.filter { !converted.placed.contains($0) }.compactMap { resources[$0] }
            body = AttachmentReference.appending(unplaced.map {
                AttachmentReference.markdown(hash: $0.attachment.hash, name: $0.attachment.name, embedded: $0.isImage)
            }, to: body)
            let title = title.isEmpty ? "Untitled" : String(title.prefix(NoteLimits.maximumTitleCharacters))
            var note = ForeignNote(sourceID: "evernote:" + [notebook ?? "", title, created ?? ""].joined(separator: "\u{1F}"),
                                   entry: entry, title: title, body: body)
            note.tags = tags.filter { !$0.isEmpty } + (notebook.map { [$0] } ?? [])
            note.notices = notices + converted.notices
            note.linkedTitles = converted.linkedTitles
            note.attachments = resourceOrder.compactMap { resources[$0]?.attachment }
            for (name, text) in [("created", created), ("updated", updated)] {
                guard let text, !text.trimmingSpaces().isEmpty else { continue }
                if let date = EvernoteDate.parse(text) {
                    if name == "created" { note.created = date } else { note.updated = date }
                } else {
                    note.properties.append(("evernote-\(name)", text.trimmingSpaces()))
                    note.notices.append("the \(name) date '\(text.trimmingSpaces())' is not a date; kept in the text")
                }
            }
            if let notebook { note.properties.append(("notebook", notebook)) }
            for (key, value) in attributes where !value.isEmpty {
                switch key {
                case "source-url": note.properties.append(("source", value))
                case "author": note.properties.append(("author", value))
                default: note.properties.append(("evernote-" + key, value))
                }
            }
            return note
        }
    }
}
