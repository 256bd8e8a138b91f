import ArchiveFeature
import ByteStreamInterface
import Hummingbird
import ImportFormatsFeature
import NoteStoreInterface
import QuillAPI
import QuillModels
import ServerStoreInterface

/// `POST /v1/imports`: a file of any format `quill import` reads (a Quill archive, a `.tar.gz` of
/// Markdown, an Evernote export, another app's zipped or JSON export), imported into the account
/// (`AccountImport`); `?dry_run=true` says what it would do and writes nothing, `?name=` gives the
/// file's name (an Evernote export's notebook). The body is kept in scratch storage as it
/// arrives, up to the largest attachment the server keeps (docs/import.md).
struct ImportRoutes {
    let dependencies: ServerDependencies

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.on(.importFile) { request, context in try await importFile(request, context) }
    }

    func importFile(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let query = request.uri.queryParameters
        let dryRun = try RequestInput.flag("dry_run", query)
        let name = try Self.fileName(query.get("name"))
        let source = try await ImportUpload.receive(request.body, declaredLength: request.headers[.contentLength].flatMap(Int64.init),
                                                    dependencies: dependencies)
        do {
            return try JSONBody.response(try await AccountImport.run(source, name: name, account: account.id, dryRun: dryRun,
                                                                     dependencies: dependencies))
        } catch {
            throw AccountImport.refusal(error).map { APIError($0.status, code: $0.code, message: $0.message) } ?? error
        }
    }

    /// The file's name as given: at most 255 characters, no control characters, no folders.
    private static func fileName(_ text: String?) throws -> String? {
        guard let text else { return nil }
        guard !text.isEmpty, text.unicodeScalars.count <= 255, !text.contains("/"),
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw APIError.badRequest("name: a file's name of 1 to 255 characters, without '/' or control characters")
        }
        return text
    }
}

/// An import's upload, kept in scratch storage as it arrives: for the API and the web reader.
public enum ImportUpload {
    /// The largest file an import takes: the largest attachment the server keeps.
    public static func maximumBytes(_ dependencies: ServerDependencies) -> Int64 { dependencies.attachmentLimits.maximumBytes }

    /// Keeps `body` and returns it to be read back; 413 (`payload_too_large`) past the largest size.
    static func receive(_ body: RequestBody, declaredLength: Int64?, dependencies: ServerDependencies) async throws -> any ByteSource {
        let limit = maximumBytes(dependencies)
        if let declaredLength, declaredLength > limit { throw tooLarge(limit) }
        let file = try dependencies.scratch.makeScratchFile()
        for try await buffer in body {
            guard file.count + Int64(buffer.readableBytes) <= limit else { throw tooLarge(limit) }
            try append(buffer.readableBytesView, to: file)
        }
        return try file.readBack()
    }

    /// Appends bytes to the scratch file: for the web reader's form, which hands the file over in pieces.
    public static func append(_ bytes: some Collection<UInt8>, to file: any ScratchFile) throws {
        let result = Array(bytes).withUnsafeBytes { buffer in Result { () throws(ByteStreamError) in try file.append(buffer) } }
        try result.get()
    }

    static func tooLarge(_ limit: Int64) -> APIError {
        APIError(.contentTooLarge, code: "payload_too_large",
                 message: "an import may have at most \(limit) bytes (the server's --max-attachment-size)")
    }
}

extension AccountImport {
    /// A refusal a person can act on, for an error an import threw: the file is not one an import
    /// reads or breaks a limit (400), an attachment in it is over the largest size or the quota
    /// (413), a note changed meanwhile (409). `nil` for a failure of the server (the store), which
    /// is answered as every route answers it.
    public static func refusal(_ error: any Error) -> (status: HTTPResponse.Status, code: String, message: String)? {
        switch error {
        case let error as ArchiveError:
            switch error {
            case .stream, .files, .unreadableStore, .damagedAttachment: nil
            case .unknownFormat:
                // The command's words name a folder too, which an upload cannot be.
                (.badRequest, "import_refused", "import refused: not a format an import reads (a Quill export or a .tar.gz of Markdown files, "
                    + "an Evernote export .enex, a zipped export of Google Keep, Bear, Notion or Simplenote, Simplenote's notes.json, "
                    + "a Standard Notes backup, a Joplin export .jex, a zipped Logseq graph or Dendron workspace, a Roam Research JSON export, a TiddlyWiki); nothing was imported")
            default: (.badRequest, "import_refused", "import refused: \(error); nothing was imported")
            }
        case let error as ForeignFormatError: (.badRequest, "import_refused", "export refused: \(error); nothing was imported")
        case let error as ZipArchive.Failure: (.badRequest, "import_refused", "export refused: \(error); nothing was imported")
        case let error as NoteValidationError: (.badRequest, "import_refused", "import refused: invalid note: \(error); nothing was imported")
        case AttachmentReceiver.Failure.tooLarge(let maximum):
            (.contentTooLarge, "payload_too_large", "an attachment in the file is larger than this server keeps (\(maximum) bytes); nothing was imported")
        case AttachmentReceiver.Failure.overQuota(let quota):
            (.contentTooLarge, "quota_exceeded", "the file's attachments would take the account over its quota (\(quota) bytes); nothing was imported")
        case let error as Failure: (.conflict, "changed_meanwhile", error.description)
        case NoteStoreError.alreadyExists(let id): (.conflict, "changed_meanwhile", Failure.changedMeanwhile(id).description)
        default: nil
        }
    }
}

extension ImportResultBody {
    init(_ report: ImportReport) {
        self.init(applied: report.applied, foreignFormat: report.foreignFormat, added: report.addedCount, unchanged: report.unchangedCount,
                  updated: report.updatedCount, copied: report.copiedCount, attachments: report.attachmentCount, skipped: report.skippedEntries,
                  notices: report.notices.map { Notice(entry: $0.entry, message: $0.message) },
                  resolvedLinks: report.resolvedLinkCount,
                  unresolvedLinks: report.unresolvedLinks.map { Notice(entry: $0.entry, message: $0.message) })
    }
}
