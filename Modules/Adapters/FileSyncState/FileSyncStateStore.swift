import Foundation
import QuillAPI
import QuillModels
import SyncStateInterface
import SyncTransportInterface

/// Keeps the sync state in `state.json` next to the notes it describes, replaced atomically,
/// and each push in flight in a file of its own beside it (`push-<hex of its ID>.json`).
///
/// The state belongs to a note store, not to the user: a cursor saved for one `quill` home
/// must never be used with another, so it lives in the data directory. A push in flight is a
/// request of up to a MiB, saved before it is sent and unchanged until its answer is applied:
/// written once in a file of its own, it is not copied again with every save while it is in the
/// air (a first push of 100,000 notes saves the state 250 times). `state.json` names those files
/// in order; a file it does not name is left from a save that a crash cut short, and goes.
public struct FileSyncStateStore: SyncStateStoring {
    private struct FileShape: Codable {
        /// Hashes, absent from files written before attachments.
        var attachmentsToFetch: [String]?
        var attachmentsToSend: [String]?
        var cursor: SyncCursor?
        /// Milliseconds since 1970: exact, unlike a formatted date.
        var lastSuccessfulSyncMilliseconds: Int64?
        /// The files of the in-flight pushes, oldest first, each the API's body of one request.
        var inFlightPushFiles: [String]?
        /// The in-flight pushes as the API's bodies, oldest first, notes in their versioned JSON
        /// form: in files written before each push had a file of its own.
        var inFlightPushes: [PushRequestBody]?
        /// The one in-flight push of files written before two could be in flight. (Older files may
        /// hold an `inFlightPushID` without its changes; it is ignored: see docs/sync.md.)
        var inFlightPush: PushRequestBody?
        /// The server's largest attachment at the last sync; absent from files written before it was kept.
        var serverMaxAttachmentBytes: Int64?
        /// The server the state was made with; absent from files written before it was kept.
        var server: String?
    }

    public let path: String
    private let directory: String

    public init(directory: String) {
        self.directory = directory
        path = directory + "/state.json"
    }

    public func load() async throws -> SyncState {
        guard let data = try DurableFile.read(path) else { return SyncState() }
        let unreadable = DurableFile.Failure(path: path, reason: "unreadable sync state; remove it to sync from the beginning")
        guard let shape = try? JSONDecoder().decode(FileShape.self, from: data) else { throw unreadable }
        let pushes: [PushRequest]
        do {
            let inFiles = try (shape.inFlightPushFiles ?? []).map { name in
                guard Self.isPushFileName(name), let data = try DurableFile.read(directory + "/" + name) else { throw unreadable }
                return try JSONDecoder().decode(PushRequestBody.self, from: data)
            }
            pushes = try ((shape.inFlightPush.map { [$0] } ?? []) + (shape.inFlightPushes ?? []) + inFiles).map { stored in
                PushRequest(requestID: stored.requestID, changes: try stored.changes.map {
                    OutgoingChange(note: try $0.note.note(), baseRevision: $0.baseRevision)
                }, since: stored.since.map(SyncCursor.init), asksAppliedByRevision: stored.appliedAs == .revision,
                   asksMerge: stored.merge == true)
            }
        } catch {
            throw unreadable
        }
        let toSend = try (shape.attachmentsToSend ?? []).map { (text) throws -> AttachmentHash in
            guard let hash = AttachmentHash(text) else { throw unreadable }
            return hash
        }
        let toFetch = try (shape.attachmentsToFetch ?? []).map { (text) throws -> AttachmentHash in
            guard let hash = AttachmentHash(text) else { throw unreadable }
            return hash
        }
        return SyncState(server: shape.server.flatMap(URL.init(string:)), cursor: shape.cursor, lastSuccessfulSync: shape.lastSuccessfulSyncMilliseconds.map(Date.init(millisecondsSince1970:)),
                         inFlightPushes: pushes, attachmentsToSend: toSend, attachmentsToFetch: toFetch,
                         serverMaximumAttachmentBytes: shape.serverMaxAttachmentBytes)
    }

    /// Writes each push in flight that has no file yet, then `state.json` naming them, then removes
    /// the files of pushes no longer in flight. A push file cut short by a crash is named by no
    /// `state.json` (that is written after the push file is synced), and the next save removes it. `state.json` is written by hand: the bytes
    /// `NoteJSON.encoder` would write for the file's shape.
    public func save(_ state: SyncState) async throws {
        var names: [String] = []
        for request in state.inFlightPushes {
            let name = Self.pushFileName(request.requestID)
            // Named by `state.json`, replaced below in the same directory: its sync makes this name durable too.
            if !DurableFile.exists(directory + "/" + name) { try DurableFile.createNamedLater(directory + "/" + name, with: request.bodyJSON) }
            names.append(name)
        }
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        func field(_ key: String) {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            JSONText.appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }
        func strings(_ values: [String]) {
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONText.appendString(value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        for (key, hashes) in [("attachmentsToFetch", state.attachmentsToFetch), ("attachmentsToSend", state.attachmentsToSend)] where !hashes.isEmpty {
            field(key)
            strings(hashes.map(\.hex))
        }
        if let cursor = state.cursor {
            field("cursor")
            JSONText.appendString(cursor.rawValue, to: &bytes)
        }
        if !names.isEmpty {
            field("inFlightPushFiles")
            strings(names)
        }
        if let milliseconds = state.lastSuccessfulSync?.millisecondsSince1970 {
            field("lastSuccessfulSyncMilliseconds")
            bytes.append(contentsOf: String(milliseconds).utf8)
        }
        if let server = state.server {
            field("server")
            JSONText.appendString(server.absoluteString, to: &bytes)
        }
        if let limit = state.serverMaximumAttachmentBytes {
            field("serverMaxAttachmentBytes")
            bytes.append(contentsOf: String(limit).utf8)
        }
        bytes.append(UInt8(ascii: "}"))
        try DurableFile.replace(path, with: bytes)
        for name in try DurableFile.names(in: directory) where Self.isPushFileName(name) && !names.contains(name) {
            try DurableFile.remove(directory + "/" + name)
        }
    }

    /// Removes `state.json` first: push files it no longer names are ignored, should this stop part way.
    public func reset() async throws {
        try DurableFile.remove(path)
        for name in try DurableFile.names(in: directory) where Self.isPushFileName(name) {
            try DurableFile.remove(directory + "/" + name)
        }
    }

    /// The file of the push with `requestID`: the ID's UTF-8 in hex, so that any ID makes one safe name.
    static func pushFileName(_ requestID: String) -> String {
        "push-" + LowercaseHex.encode(Array(requestID.utf8)) + ".json"
    }

    static func isPushFileName(_ name: String) -> Bool {
        name.hasPrefix("push-") && name.hasSuffix(".json") && name.count > 10
            && name.dropFirst(5).dropLast(5).allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
