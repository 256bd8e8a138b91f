import Crypto
import Foundation
import Hummingbird
import NIOCore
import QuillAPI
import QuillModels
import ServerStoreInterface

/// Attachments over HTTP (docs/attachments.md): `HEAD`, `PUT` and `GET /v1/attachments/{sha256}`
/// and `GET /v1/notes/{id}/attachments`.
///
/// An upload is resumable: each piece of the body is kept as it arrives (`ServerAttachmentRepository`),
/// `HEAD` says where an interrupted one stopped (`Upload-Offset`), and a `PUT` with
/// `Content-Range: bytes START-END/TOTAL` continues from there. Once every byte has arrived they
/// are read back and hashed: an attachment is whole only if they hash to its name, and bytes
/// that do not are dropped. A `PUT` of an attachment already whole is answered before its body is
/// read, so a duplicate costs no bytes. An upload over the largest size or the account's quota
/// (`AttachmentLimits`) is refused before any byte is read. Downloads honour `Range`, are never shown inline by a
/// browser (`Content-Disposition: attachment`, `nosniff`), and stream in constant memory.
struct AttachmentRoutes {
    let dependencies: ServerDependencies
    /// What the uploads now running will add, counted against the quota with what is stored.
    let reservations: AttachmentQuotaReservations

    /// Bytes kept per stored piece.
    static let pieceBytes = 1 << 20
    /// Bytes read per piece of a download: a few pieces in flight stay far below the memory
    /// target, and a piece is under the size from which the process maps each buffer afresh
    /// (`ProcessMemory`, 256 KiB), so every piece reuses memory the last one freed instead of
    /// faulting in and zeroing new pages.
    static let downloadPieceBytes = 128 << 10
    static let uploadOffset = HTTPFields.Element.Name("Upload-Offset")!
    static let contentTypeOptions = HTTPFields.Element.Name("X-Content-Type-Options")!

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.on(.attachmentState) { request, context in try await head(request, context) }
        group.on(.uploadAttachment) { request, context in try await put(request, context) }
        group.on(.downloadAttachment) { request, context in try await get(request, context) }
        group.on(.listNoteAttachments) { request, context in try await list(request, context) }
    }

    func head(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let hash = try Self.hash(context)
        guard let state = try await dependencies.attachments.attachment(hash, account: account.id) else {
            return Response(status: .notFound, headers: [Self.uploadOffset: "0"])
        }
        guard state.isComplete else { return Response(status: .notFound, headers: [Self.uploadOffset: String(state.received)]) }
        return Response(status: .ok, headers: [.contentLength: String(state.received), .acceptRanges: "bytes",
                                               .contentType: "application/octet-stream"])
    }

    func put(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let hash = try Self.hash(context)
        let repository = dependencies.attachments
        let state = try await repository.attachment(hash, account: account.id) ?? ServerAttachment(received: 0, isComplete: false)
        if state.isComplete {
            return try JSONBody.response(AttachmentUploadBody(sha256: hash.hex, received: state.received, complete: true))
        }
        let (offset, total) = try Self.extent(of: request)
        let limits = dependencies.attachmentLimits
        guard total <= limits.maximumBytes else {
            throw APIError(.contentTooLarge, code: "payload_too_large",
                           message: "an attachment may have at most \(limits.maximumBytes) bytes; this one has \(total)")
        }
        var reservation: UUID?
        defer { if let reservation { reservations.release(reservation, account: account.id) } }
        if let quota = limits.quotaBytes {
            // An upload that cannot fit even alone is refused before it reserves anything: its
            // reservation would make the account's other uploads, which fit, refused with it.
            let alone = try await repository.attachmentUsage(account: account.id) - state.received + total
            guard alone <= quota else {
                throw APIError(.contentTooLarge, code: "quota_exceeded", message: "the account's attachments would take \(alone) bytes; its quota is \(quota)")
            }
            // Reserved before the usage is read again: an upload that starts meanwhile counts this one.
            let (reserved, others) = reservations.reserve(total - state.received, account: account.id)
            reservation = reserved
            let used = try await repository.attachmentUsage(account: account.id) - state.received + others
            guard used + total <= quota else {
                throw APIError(.contentTooLarge, code: "quota_exceeded",
                               message: "the account's attachments would take \(used + total) bytes; its quota is \(quota)")
            }
        }
        guard offset == state.received else {
            throw APIError(.conflict, code: "upload_offset", message: ServerStoreError.attachmentOffset(received: state.received).description,
                           headers: [Self.uploadOffset: String(state.received)])
        }
        return try await receive(request, hash: hash, account: account.id, from: offset, total: total, reservation: reservation)
    }

    /// Keeps the body's bytes from `offset` on (updating the upload's quota `reservation`), and
    /// makes the attachment whole once all `total` are in.
    private func receive(_ request: Request, hash: AttachmentHash, account: AccountID, from offset: Int64, total: Int64,
                         reservation: UUID?) async throws -> Response {
        let repository = dependencies.attachments
        var received = offset
        var pending: [UInt8] = []
        pending.reserveCapacity(Self.pieceBytes)
        // A body that starts the attachment is hashed as it arrives; one that continues it is
        // checked by reading back what arrived before it.
        var arriving: SHA256? = offset == 0 ? SHA256() : nil
        for try await buffer in request.body {
            guard received + Int64(pending.count) + Int64(buffer.readableBytes) <= total else {
                throw APIError.badRequest("the body is longer than Content-Range or Content-Length says")
            }
            buffer.withUnsafeReadableBytes { arriving?.update(bufferPointer: $0) }
            pending.append(contentsOf: buffer.readableBytesView)
            if pending.count >= Self.pieceBytes {
                received = try await repository.appendAttachment(hash, account: account, offset: received, bytes: pending).received
                pending.removeAll(keepingCapacity: true)
                if let reservation { reservations.update(reservation, account: account, remaining: total - received) }
            }
        }
        // An empty attachment is appended too, so that the store holds it.
        if !pending.isEmpty || total == 0 {
            received = try await repository.appendAttachment(hash, account: account, offset: received, bytes: pending).received
        }
        guard received == total else {
            return try JSONBody.response(AttachmentUploadBody(sha256: hash.hex, received: received, complete: false), status: .accepted,
                                         headers: [Self.uploadOffset: String(received)])
        }
        let digest = if let arriving { AttachmentHash(digest: arriving.finalize()) } else {
            try await Self.digest(of: hash, size: total, account: account, repository: repository)
        }
        guard digest == hash else {
            try await repository.discardAttachment(hash, account: account)
            throw APIError(.unprocessableContent, code: "hash_mismatch",
                           message: "the bytes do not hash to \(hash.hex); they were dropped: upload them again from the start")
        }
        try await repository.completeAttachment(hash, account: account)
        await dependencies.changeSignals.announce(.attachment(sha256: hash.hex, size: total), to: account)
        return try JSONBody.response(AttachmentUploadBody(sha256: hash.hex, received: total, complete: true), status: .created)
    }

    func get(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let hash = try Self.hash(context)
        guard let state = try await dependencies.attachments.attachment(hash, account: account.id), state.isComplete else {
            throw APIError.notFound("this account has no attachment \(hash.hex)")
        }
        let size = state.received
        var headers: HTTPFields = [.contentType: "application/octet-stream", .acceptRanges: "bytes",
                                   .contentDisposition: "attachment", Self.contentTypeOptions: "nosniff"]
        var status = HTTPResponse.Status.ok
        var range: Range<Int64> = 0..<size
        if let text = request.headers[.range] {
            guard let requested = Self.byteRange(text, size: size) else {
                headers[.contentRange] = "bytes */\(size)"
                throw APIError(.rangeNotSatisfiable, code: "range_not_satisfiable", message: "the attachment has \(size) bytes", headers: headers)
            }
            range = requested
            status = .partialContent
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)"
        }
        headers[.contentLength] = String(range.count)
        return Response(status: status, headers: headers,
                        body: AttachmentDownload.body(hash, account: account.id, range: range, repository: dependencies.attachments,
                                                      connection: context.eventLoop))
    }

    func list(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try RequestInput.noteID(context)
        guard let note = try await dependencies.notes.note(id, account: account.id), !note.isDeleted else {
            throw APIError.notFound("no note with ID \(id)")
        }
        var seen = Set<AttachmentHash>()
        var bodies: [AttachmentBody] = []
        for reference in AttachmentReference.scan(note.body) where seen.insert(reference.hash).inserted {
            let state = try await dependencies.attachments.attachment(reference.hash, account: account.id)
            let whole = state?.isComplete == true
            bodies.append(AttachmentBody(sha256: reference.hash.hex, name: reference.name, type: AttachmentName.mediaType(of: reference.name),
                                         present: whole, size: whole ? state?.received : nil))
        }
        return try JSONBody.response(AttachmentListBody(attachments: bodies))
    }

    private static func hash(_ context: ServerRequestContext) throws -> AttachmentHash {
        let text = context.parameters.get("sha256") ?? ""
        guard let hash = AttachmentHash(text) else { throw APIError.badRequest("'\(text)' is not a SHA-256 (64 lowercase hexadecimal digits)") }
        return hash
    }

    /// Where the body's bytes go and the attachment's whole size: from `Content-Range: bytes
    /// START-END/TOTAL`, or from `Content-Length` (the whole attachment from its start).
    private static func extent(of request: Request) throws -> (offset: Int64, total: Int64) {
        if let text = request.headers[.contentRange] {
            let parts = text.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "/" }).map(String.init)
            guard parts.count == 4, parts[0] == "bytes", let start = Int64(parts[1]), let end = Int64(parts[2]), let total = Int64(parts[3]),
                  start >= 0, start <= end, end < total else {
                throw APIError.badRequest("Content-Range: '\(text)' is not 'bytes START-END/TOTAL'")
            }
            return (start, total)
        }
        guard let length = request.headers[.contentLength].flatMap(Int64.init), length >= 0 else {
            throw APIError(.lengthRequired, code: "length_required", message: "send Content-Length (or Content-Range) with the bytes")
        }
        return (0, length)
    }

    /// The one range of `bytes=A-B`, `bytes=A-` or `bytes=-N` within `size`; `nil` if none.
    private static func byteRange(_ text: String, size: Int64) -> Range<Int64>? {
        guard text.hasPrefix("bytes="), !text.contains(",") else { return nil }
        let spec = text.dropFirst("bytes=".count)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int64(parts[1]), suffix > 0, size > 0 else { return nil }
            return max(0, size - suffix)..<size
        }
        guard let start = Int64(parts[0]), start >= 0, start < size else { return nil }
        let end = parts[1].isEmpty ? size - 1 : Int64(parts[1]).map { min($0, size - 1) }
        guard let end, end >= start else { return nil }
        return start..<(end + 1)
    }

    /// The SHA-256 of the bytes that arrived, read back a piece at a time.
    private static func digest(of hash: AttachmentHash, size: Int64, account: AccountID,
                               repository: any ServerAttachmentRepository) async throws -> AttachmentHash? {
        var hasher = SHA256()
        var offset: Int64 = 0
        while offset < size {
            let bytes = try await repository.readAttachment(hash, account: account, offset: offset, count: pieceBytes)
            guard !bytes.isEmpty else { return nil }
            hasher.update(data: bytes)
            offset += Int64(bytes.count)
        }
        return AttachmentHash(digest: hasher.finalize())
    }
}

/// Streams a stored attachment's bytes in constant memory: the API's downloads and the web
/// reader's pictures alike.
public enum AttachmentDownload {
    /// Pieces written before the download waits for the connection to have taken them.
    static let piecesAhead = 4

    /// The bytes of `range`, read a piece at a time as the client takes them, each into the
    /// buffer the connection sends (the last one's memory, once the connection has let it go).
    ///
    /// A write returns once the piece is queued for `connection`, and the queue is bounded only
    /// when the connection runs and finds the socket full: while the machine is busy elsewhere,
    /// reading from the page cache would queue pieces far faster than they leave. So every
    /// `piecesAhead` pieces the download waits for the connection's event loop to have run what
    /// was queued before it, which keeps at most that many pieces in memory.
    ///
    /// `stillAllowed`, asked at every such wait, ends the download early (the connection is
    /// closed, short of the length announced) once it says no: a shared page's attachment stops
    /// when its share is revoked.
    public static func body(_ hash: AttachmentHash, account: AccountID, range: Range<Int64>,
                            repository: any ServerAttachmentRepository, connection: any EventLoop,
                            stillAllowed: (@Sendable () async throws -> Bool)? = nil) -> ResponseBody {
        ResponseBody(contentLength: range.count) { writer in
            let reader = try await repository.openAttachment(hash, account: account)
            var offset = range.lowerBound
            var piece = ByteBuffer()
            var written = 0
            while offset < range.upperBound {
                piece.clear()
                let count = try await reader.read(at: offset, count: Int(min(Int64(AttachmentRoutes.downloadPieceBytes), range.upperBound - offset)),
                                                  appendingTo: &piece)
                guard count > 0 else { break }
                try await writer.write(piece)
                offset += Int64(count)
                written += 1
                if written % piecesAhead == 0 {
                    try await connection.submit {}.get()
                    if let stillAllowed, try await !stillAllowed() { throw DownloadWithdrawn() }
                }
            }
            try await writer.finish(nil)
        }
    }
}

/// A download ended because what allowed it was withdrawn (`AttachmentDownload.body`'s `stillAllowed`).
public struct DownloadWithdrawn: Error {}

extension ByteBuffer: AttachmentBuffer {
    public mutating func append(upTo count: Int, _ fill: (UnsafeMutableRawBufferPointer) throws -> Int) rethrows -> Int {
        try writeWithUnsafeMutableBytes(minimumWritableBytes: count) { try fill(UnsafeMutableRawBufferPointer(rebasing: $0.prefix(count))) }
    }
}
