import ArgumentParser
import Foundation
import NotesFeature
import QuillModels

/// `quill attach ID FILE…`: keeps each file and appends a reference to it to the note.
public struct AttachCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "attach", abstract: "Add files to a note.",
        discussion: "Each file is kept once under its SHA-256, and the note gets a Markdown reference to it: an image is shown inline, any other file is a link.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it.") var id: String
    @Argument(help: "The files to attach.") var files: [String]
    @Option(help: "Refuse a file larger than this (e.g. 50M, 1G; default 256M, as an import's largest attachment).") var maxAttachmentSize: String?

    public init() {}

    public func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one file to attach") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        if let limit = try await environment.sync.serverMaximumAttachmentBytes() {
            for file in files {
                let path = TextInput.absolute(file, in: environment)
                guard let size = try? environment.inputFiles.metadata(of: path).size, size > limit else { continue }
                environment.console.writeError(Self.tooLargeWarning(file, size: size, limit: limit) + "\n")
            }
        }
        let maximumBytes = try ArchiveLimitOptions.maximumAttachmentBytes(maxAttachmentSize)
        for file in files {
            // A file known to be too large is refused before any is read.
            let path = TextInput.absolute(file, in: environment)
            if let size = try? environment.inputFiles.metadata(of: path).size, size > maximumBytes {
                throw AttachmentServiceError.tooLarge(file, limit: maximumBytes)
            }
        }
        let sources = try files.map { file in
            (name: file, source: try environment.byteStreams.openForReading(TextInput.absolute(file, in: environment)))
        }
        let (note, markdown) = try await environment.attachments.attach(id, files: sources, maximumBytes: maximumBytes)
        environment.console.write(markdown.map { $0 + "\n" }.joined())
        environment.console.write("updated \(note.id.short)  \(note.title)  (revision \(note.revision))\n")
    }

    /// What `quill attach` says, before it takes the file in, of a file larger than the server keeps.
    static func tooLargeWarning(_ file: String, size: Int64, limit: Int64) -> String {
        "quill: warning: \(file) is \(ByteCount.text(size)), and the sync server keeps attachments of at most \(ByteCount.text(limit)): "
            + "it stays on this device, and 'quill sync' cannot send it until the server's --max-attachment-size "
            + "(QUILL_SERVER_MAX_ATTACHMENT_SIZE) is raised"
    }
}

/// `quill detach ID NAME`: removes the note's references to an attachment.
public struct DetachCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "detach", abstract: "Remove an attachment from a note.",
        discussion: "The bytes stay on this device until 'quill gc' finds nothing refers to them, in any note or kept revision.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it.") var id: String
    @Argument(help: "The attachment's name, or its hash (a prefix of four or more digits will do).") var name: String

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let (note, removed) = try await environment.attachments.detach(id, name: name)
        environment.console.write("removed \(Counted.text(removed, "reference")) to \(name)\n")
        environment.console.write("updated \(note.id.short)  \(note.title)  (revision \(note.revision))\n")
    }
}
