/// One operation of the HTTP API: its method, its path template and its `operationId`, as
/// docs/openapi.yaml gives them.
///
/// Exists so that each endpoint is written once in Swift: the server registers its handlers by
/// these (ServerFeature's `on(_:mountedAt:use:)`), the sync client builds its requests from them
/// (`HTTPSyncTransport`), and a test checks that `all` is exactly the operations of
/// docs/openapi.yaml and the routes the server answers (`APIRouteTableTests`).
public struct APIRoute: Hashable, Sendable, CustomStringConvertible {
    /// The methods the API uses.
    public enum Method: String, Hashable, Sendable {
        case get = "GET", head = "HEAD", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
    }

    public let operationID: String
    public let method: Method
    /// The path as docs/openapi.yaml writes it, each parameter in braces: `/v1/notes/{id}`.
    public let template: String

    init(_ operationID: String, _ method: Method, _ template: String) {
        self.operationID = operationID
        self.method = method
        self.template = template
    }

    /// The path with its parameters, in order, replaced by `values` (which must be as many, each
    /// one path segment: IDs, hashes, numbers, slugs).
    public func path(_ values: String...) -> String {
        path(values)
    }

    /// `path(_:)` with the values as an array.
    public func path(_ values: [String]) -> String {
        var path = "", remaining = values[...]
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            path += rest[..<open]
            precondition(!remaining.isEmpty, "\(self): a value for \(rest[open...close]) is missing")
            path += remaining.removeFirst()
            rest = rest[rest.index(after: close)...]
        }
        precondition(remaining.isEmpty, "\(self): \(remaining.count) values too many")
        return path + rest
    }

    public var description: String { "\(method.rawValue) \(template)" }
}

extension APIRoute {
    public static let health = APIRoute("health", .get, "/healthz")
    public static let readiness = APIRoute("readiness", .get, "/readyz")
    public static let metrics = APIRoute("metrics", .get, "/metrics")
    public static let info = APIRoute("info", .get, "/v1/info")

    public static let listNotes = APIRoute("listNotes", .get, "/v1/notes")
    public static let createNote = APIRoute("createNote", .post, "/v1/notes")
    public static let getNote = APIRoute("getNote", .get, "/v1/notes/{id}")
    public static let replaceNote = APIRoute("replaceNote", .put, "/v1/notes/{id}")
    public static let patchNote = APIRoute("patchNote", .patch, "/v1/notes/{id}")
    public static let deleteNote = APIRoute("deleteNote", .delete, "/v1/notes/{id}")

    public static let listRevisions = APIRoute("listRevisions", .get, "/v1/notes/{id}/revisions")
    public static let getRevision = APIRoute("getRevision", .get, "/v1/notes/{id}/revisions/{revision}")
    public static let restoreNote = APIRoute("restoreNote", .post, "/v1/notes/{id}/restore")
    public static let listTrash = APIRoute("listTrash", .get, "/v1/trash")

    public static let listNoteAttachments = APIRoute("listNoteAttachments", .get, "/v1/notes/{id}/attachments")
    public static let attachmentState = APIRoute("attachmentState", .head, "/v1/attachments/{sha256}")
    public static let uploadAttachment = APIRoute("uploadAttachment", .put, "/v1/attachments/{sha256}")
    public static let downloadAttachment = APIRoute("downloadAttachment", .get, "/v1/attachments/{sha256}")

    public static let listNoteLinks = APIRoute("listNoteLinks", .get, "/v1/notes/{id}/links")
    public static let listNoteBacklinks = APIRoute("listNoteBacklinks", .get, "/v1/notes/{id}/backlinks")
    public static let listBrokenLinks = APIRoute("listBrokenLinks", .get, "/v1/links/broken")

    public static let createShare = APIRoute("createShare", .post, "/v1/notes/{id}/shares")
    public static let listShares = APIRoute("listShares", .get, "/v1/shares")
    public static let revokeShare = APIRoute("revokeShare", .delete, "/v1/shares/{shareID}")
    public static let createSite = APIRoute("createSite", .post, "/v1/sites")
    public static let listSites = APIRoute("listSites", .get, "/v1/sites")
    public static let unpublishSite = APIRoute("unpublishSite", .delete, "/v1/sites/{slug}")

    public static let startDeviceLogin = APIRoute("startDeviceLogin", .post, "/v1/device/code")
    public static let pollDeviceLogin = APIRoute("pollDeviceLogin", .post, "/v1/device/token")
    public static let listDevices = APIRoute("listDevices", .get, "/v1/devices")
    public static let revokeDevice = APIRoute("revokeDevice", .delete, "/v1/devices/{deviceID}")

    public static let changes = APIRoute("changes", .get, "/v1/changes")
    public static let events = APIRoute("events", .get, "/v1/events")
    public static let push = APIRoute("push", .post, "/v1/sync/push")
    public static let exportNotes = APIRoute("exportNotes", .get, "/v1/export")
    public static let importFile = APIRoute("importFile", .post, "/v1/imports")

    /// Every operation of the API.
    public static let all: [APIRoute] = [
        health, readiness, metrics, info,
        listNotes, createNote, getNote, replaceNote, patchNote, deleteNote,
        listRevisions, getRevision, restoreNote, listTrash,
        listNoteAttachments, attachmentState, uploadAttachment, downloadAttachment,
        listNoteLinks, listNoteBacklinks, listBrokenLinks,
        createShare, listShares, revokeShare, createSite, listSites, unpublishSite,
        startDeviceLogin, pollDeviceLogin, listDevices, revokeDevice,
        changes, events, push, exportNotes, importFile,
    ]
}
