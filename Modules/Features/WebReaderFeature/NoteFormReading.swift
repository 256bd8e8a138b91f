import Hummingbird
import QuillModels
import ServerFeature

/// Reads a note form as a browser sends it, its form token checked: a plain form, or one with
/// files (`multipart/form-data`), whose files are kept as the account's attachments while they
/// arrive and referred to at the end of the body (docs/web.md).
///
/// A file is kept before the note is written, so that nothing a person sent is lost when the
/// note is refused or changed meanwhile: the form comes back with the references in its text,
/// and the bytes are already on the server.
extension WebRoutes {
    /// The form's fields, and the Markdown of the files it brought (already in `note.body`).
    struct ReadNoteForm {
        let fields: FormFields
        let note: NoteForm
    }

    /// Slack over a file's size for the rest of a multipart body (the text fields are counted apart).
    static let multipartSlack: Int64 = 64 * 1024

    func readNoteForm(_ request: Request, _ signedIn: SignedIn) async throws -> ReadNoteForm {
        guard let boundary = MultipartFormReader.boundary(ofContentType: request.headers[.contentType] ?? "") else {
            let fields = try await FormFields.body(request)
            try FormProtection.check(request, form: fields, expected: signedIn.session.formToken)
            return ReadNoteForm(fields: fields, note: NoteForm(fields))
        }
        let limits = dependencies.server.attachmentLimits
        let length = request.headers[.contentLength].flatMap(Int64.init)
        if let length, length > limits.maximumBytes + Int64(FormFields.maximumBodyBytes) + Self.multipartSlack {
            throw Self.pageError(AttachmentReceiver.Failure.tooLarge(maximumBytes: limits.maximumBytes), file: nil)
        }
        var reader = MultipartFormReader(boundary: boundary, maximumFieldBytes: FormFields.maximumBodyBytes)
        var fields = FormFields()
        var references: [String] = []
        // The file arriving: its name, and where its bytes go.
        var file: (name: String, receiver: AttachmentReceiver?)?
        var read: Int64 = 0
        do {
            for try await buffer in request.body {
                // What is left of the body from this piece on: at most what a file in it can still bring.
                let left = length.map { $0 - read }
                read += Int64(buffer.readableBytes)
                for event in try reader.read(buffer.readableBytesView) {
                    switch event {
                    case .field(let name, let value):
                        fields.add(name, value)
                    case .fileBegins(_, let filename):
                        // The form token comes before the files in the form; no byte is kept without it.
                        try FormProtection.check(request, form: fields, expected: signedIn.session.formToken)
                        file = (filename, nil)
                        // A file input left empty sends a part with no file name and no bytes.
                        if !filename.isEmpty { file?.receiver = try await receiver(signedIn, left: left) }
                    case .fileBytes(let bytes):
                        if file?.receiver == nil { file?.receiver = try await receiver(signedIn, left: left) }
                        try await file?.receiver?.receive(bytes)
                    case .fileEnds:
                        if let name = file?.name, var receiver = file?.receiver {
                            let stored = try await receiver.finish()
                            references.append(Self.reference(stored.hash, name: name))
                        }
                        file = nil
                    }
                }
            }
            try reader.finish()
        } catch {
            await file?.receiver?.abandon()
            throw Self.pageError(error, file: file?.name)
        }
        try FormProtection.check(request, form: fields, expected: signedIn.session.formToken)
        var note = NoteForm(fields)
        note.body = AttachmentReference.appending(references, to: note.body)
        return ReadNoteForm(fields: fields, note: note)
    }

    /// Where a file's bytes go; refused at once when what is `left` of the body, less all the text
    /// a form may hold, cannot fit (otherwise the bytes are counted as they arrive).
    private func receiver(_ signedIn: SignedIn, left: Int64?) async throws -> AttachmentReceiver {
        let receiver = try await AttachmentReceiver(account: signedIn.account.id, dependencies: dependencies.server)
        if let left, let refusal = receiver.refusal(adding: left - Int64(FormFields.maximumBodyBytes) - Self.multipartSlack) { throw refusal }
        return receiver
    }

    private static func reference(_ hash: AttachmentHash, name: String) -> String {
        let safe = AttachmentName.safe(name)
        return AttachmentReference.markdown(hash: hash, name: safe, embedded: AttachmentName.isImage(safe))
    }

    /// A failure while reading the form, said for the person.
    private static func pageError(_ error: any Error, file: String?) -> any Error {
        let named = file.map { "“\(AttachmentName.safe($0))”" } ?? "The file"
        switch error {
        case AttachmentReceiver.Failure.tooLarge(let maximum):
            return WebPageError(status: .contentTooLarge,
                                message: "\(named) is larger than this server accepts (\(ByteCount.text(maximum))). Nothing was saved.")
        case AttachmentReceiver.Failure.overQuota(let quota):
            return WebPageError(status: .contentTooLarge,
                                message: "\(named) would take the account's attachments over their quota (\(ByteCount.text(quota))). Nothing was saved.")
        case AttachmentReceiver.Failure.stagingLost:
            return WebPageError(status: .serviceUnavailable, message: "\(named) was lost on the server while it arrived. Nothing was saved; send it again.")
        case MultipartFormReader.Failure.fieldsTooLarge:
            return WebPageError(status: .contentTooLarge, message: "The form's text is larger than this server accepts (4 MiB). Nothing was saved.")
        case MultipartFormReader.Failure.malformed(let reason):
            return WebPageError(status: .badRequest, message: "The form could not be read: \(reason). Nothing was saved.")
        default:
            return error
        }
    }
}
