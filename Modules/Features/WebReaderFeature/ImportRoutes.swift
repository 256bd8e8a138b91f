import ByteStreamInterface
import Hummingbird
import QuillAPI
import QuillModels
import ServerFeature

/// `/import`: a file of any format `quill import` reads, sent from a browser's form and imported
/// into the account by the one server-side import (`AccountImport`, as `POST /v1/imports`); the
/// page says what it did, or with "Check only" what it would do (docs/web.md, docs/import.md).
extension WebRoutes {
    func importForm(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        return pages.page("import", title: "Import", values: ["maximum": ByteCount.text(ImportUpload.maximumBytes(dependencies.server))],
                          signedIn: signedIn)
    }

    func importFile(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.requireWriter(request, context)
        let upload = try await readImportForm(request, signedIn)
        do {
            let report = try await AccountImport.run(upload.file.readBack(), name: upload.name, account: signedIn.account.id,
                                                     dryRun: upload.checkOnly, dependencies: dependencies.server)
            return pages.page("imported", title: report.applied ? "Imported" : "Import checked", values: Self.values(report), signedIn: signedIn)
        } catch {
            guard let refusal = AccountImport.refusal(error) else { throw error }
            return pages.page("import", title: "Import", values: ["maximum": ByteCount.text(ImportUpload.maximumBytes(dependencies.server))],
                              signedIn: signedIn, status: refusal.status, error: Self.sentence(refusal.message))
        }
    }

    /// The import form as sent: the file (kept in scratch storage as it arrives, up to the
    /// largest size an import takes), its name, and whether only to check it. The form token comes
    /// before the file in the form; no byte is kept without it.
    private func readImportForm(_ request: Request, _ signedIn: SignedIn) async throws -> (file: any ScratchFile, name: String?, checkOnly: Bool) {
        let maximum = ImportUpload.maximumBytes(dependencies.server)
        let tooLarge = WebPageError(status: .contentTooLarge,
                                    message: "The file is larger than this server imports (\(ByteCount.text(maximum))). Nothing was imported.")
        guard let boundary = MultipartFormReader.boundary(ofContentType: request.headers[.contentType] ?? "") else {
            throw WebPageError(status: .badRequest, message: "The form came without its file. Choose a file and send the form again.")
        }
        if let length = request.headers[.contentLength].flatMap(Int64.init), length > maximum + Int64(FormFields.maximumBodyBytes) + Self.multipartSlack {
            throw tooLarge
        }
        var reader = MultipartFormReader(boundary: boundary, maximumFieldBytes: FormFields.maximumBodyBytes)
        var fields = FormFields()
        var file: (any ScratchFile)?
        var name: String?
        var inFile = false
        do {
            for try await buffer in request.body {
                for event in try reader.read(buffer.readableBytesView) {
                    switch event {
                    case .field(let field, let value):
                        fields.add(field, value)
                    case .fileBegins(let field, let filename):
                        try FormProtection.check(request, form: fields, expected: signedIn.session.formToken)
                        inFile = field == "file" && !filename.isEmpty && file == nil
                        if inFile {
                            file = try dependencies.server.scratch.makeScratchFile()
                            name = String(filename.split(separator: "/").last ?? "")
                        }
                    case .fileBytes(let bytes):
                        guard inFile, let file else { continue }
                        guard file.count + Int64(bytes.count) <= maximum else { throw tooLarge }
                        try ImportUpload.append(bytes, to: file)
                    case .fileEnds:
                        inFile = false
                    }
                }
            }
            try reader.finish()
        } catch MultipartFormReader.Failure.fieldsTooLarge {
            throw WebPageError(status: .contentTooLarge, message: "The form's text is larger than this server accepts. Nothing was imported.")
        } catch MultipartFormReader.Failure.malformed(let reason) {
            throw WebPageError(status: .badRequest, message: "The form could not be read: \(reason). Nothing was imported.")
        }
        try FormProtection.check(request, form: fields, expected: signedIn.session.formToken)
        guard let file else { throw WebPageError(status: .badRequest, message: "No file was chosen. Choose the file to import.") }
        return (file, name, fields["dry_run"] != nil)
    }

    /// The report as the page shows it.
    static func values(_ report: ImportResultBody) -> [String: Any] {
        var values: [String: Any] = [
            "heading": report.applied ? "Imported \(Counted.text(report.added, "note"))" : "Would import \(Counted.text(report.added, "note"))",
            "applied": report.applied,
            "counts": [
                "\(Counted.text(report.added, "note")) \(report.applied ? "added" : "to add")",
                "\(Counted.text(report.unchanged, "note")) already here, left as they are",
                "\(Counted.text(report.updated, "note")) \(report.applied ? "updated" : "to update") (changed in the other app since the last import)",
                "\(Counted.text(report.copied, "note")) \(report.applied ? "kept as copies" : "to keep as copies") (a different note had the same ID)",
                "\(Counted.text(report.attachments, "attachment")) \(report.applied ? "kept" : "to keep")",
                "\(Counted.text(report.resolvedLinks, "link")) between the notes found their note",
            ],
            "skipped": report.skipped, "hasSkipped": !report.skipped.isEmpty,
            "notices": (report.notices + report.unresolvedLinks).map { ["entry": $0.entry, "message": $0.message] },
            "hasNotices": !(report.notices + report.unresolvedLinks).isEmpty,
        ]
        if let format = report.foreignFormat { values["format"] = format }
        return values
    }

    /// The API's message as a sentence on the page.
    private static func sentence(_ message: String) -> String {
        (message.prefix(1).uppercased() + message.dropFirst()) + "."
    }
}
