import Foundation
import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerFeature
import StandardTesting
import Testing

/// `POST /v1/notes` and `PUT /v1/notes/{id}` with the small shape a script writes
/// (`{"title": …, "body": …, "tags": […]}`), the server keeping ID, timestamps and revision.
@Suite struct DraftRoutesTests {
    static let firstID = "00000000000000000000000000000001"

    @Test func aTitleAndABodyMakeANote() async throws {
        try await TestServer.make().test { client in
            let created = try await client.send(.post, "/v1/notes", json: #"{"title":"x","body":"y"}"#)
            #expect(created.status == .created, "\(created.text)")
            #expect(created.headers[.location] == "/v1/notes/\(Self.firstID)")
            #expect(created.headers[.eTag] == "\"1\"")
            let note = try created.decoded(NoteDocument.self)
            #expect(note.id.rawValue == Self.firstID && note.title == "x" && note.body == "y" && note.tags.isEmpty)
            #expect(note.revision == 1 && !note.deleted && note.format == NoteJSON.currentFormat)
            #expect(note.created.date == TestServer.now.roundedToMilliseconds && note.updated == note.created)
            let read = try await client.send(.get, try #require(created.headers[.location]))
            #expect(try read.decoded(NoteDocument.self) == note)
        }
    }

    @Test func bodyAndTagsAreOptionalAndTagsAreNormalized() async throws {
        try await TestServer.make().test { client in
            let bare = try await client.send(.post, "/v1/notes", json: #"{"title":"  Only a title "}"#).decoded(NoteDocument.self)
            #expect(bare.title == "Only a title" && bare.body == "" && bare.tags.isEmpty)
            let nulls = try await client.send(.post, "/v1/notes", json: #"{"title":"t","body":null,"tags":null}"#).decoded(NoteDocument.self)
            #expect(nulls.body == "" && nulls.tags.isEmpty)
            let tagged = try await client.send(.post, "/v1/notes", json: #"{"title":"t","tags":["Work","home","work"]}"#)
            #expect(try tagged.decoded(NoteDocument.self).tags.map(\.rawValue) == ["home", "work"])
        }
    }

    @Test func aClientMayStillChooseTheID() async throws {
        try await TestServer.make().test { client in
            let created = try await client.send(.post, "/v1/notes", json: #"{"id":"ab","title":"x"}"#)
            #expect(created.status == .created && created.headers[.location] == "/v1/notes/ab")
            let again = try await client.send(.post, "/v1/notes", json: #"{"id":"ab","title":"y"}"#)
            #expect(again.status == .conflict && again.errorCode == "already_exists")
        }
    }

    @Test func aServerChosenIDThatIsTakenIsSkipped() async throws {
        try await TestServer.make().test { client in
            #expect(try await client.send(.post, "/v1/notes", json: #"{"id":"\#(Self.firstID)","title":"mine"}"#).status == .created)
            let created = try await client.send(.post, "/v1/notes", json: #"{"title":"server's"}"#)
            #expect(created.status == .created)
            #expect(try created.decoded(NoteDocument.self).id.rawValue == "00000000000000000000000000000002")
        }
    }

    @Test(arguments: [
        (nil, HTTPResponse.Status.created),
        ("application/json", .created),
        ("application/json; charset=utf-8", .created),
        ("application/x-www-form-urlencoded", .created),  // what `curl -d` sends
        ("application/merge-patch+json", .created),
        ("text/plain", .unsupportedMediaType),
        ("multipart/form-data; boundary=x", .unsupportedMediaType),
        ("application/xml", .unsupportedMediaType),
    ])
    func jsonIsReadUnlessLabelledAsSomethingElse(_ contentType: String?, _ status: HTTPResponse.Status) async throws {
        try await TestServer.make().test { client in
            var headers: HTTPFields = [.authorization: "Bearer \(client.alice)"]
            if let contentType { headers[.contentType] = contentType }
            let response = try await client.base.execute(uri: "/v1/notes", method: .post, headers: headers,
                                                         body: ByteBuffer(string: #"{"title":"x"}"#))
            #expect(response.status == status, "\(response.text)")
            if status == .unsupportedMediaType {
                #expect(response.errorCode == "unsupported_media_type" && response.text.contains("application/json"))
                #expect(try await client.send(.get, "/v1/notes").decoded(NotePage.self).notes.isEmpty)
            }
        }
    }

    @Test(arguments: [
        (#"{"body":"y"}"#, "title: missing field"),
        (#"{"title":5}"#, "title: expected a string"),
        (#"{"title":null}"#, "title: expected a string, found null"),
        (#"{"title":""}"#, "title: the title is empty"),
        (#"{"title":"a\nb"}"#, "title: the title contains a line break"),
        (#"{"title":"x","body":7}"#, "body: expected a string"),
        (#"{"title":"x","tags":"home"}"#, "tags: expected an array"),
        (#"{"title":"x","tags":["a b"]}"#, "tags[0]"),
        (#"{"title":"x","tags":[""]}"#, "tags[0]"),
        (#"{"title":"x","tag":["home"]}"#, "tag: unknown field"),
        (#"{"title":"x","created":"2026-01-01T00:00:00.000Z"}"#, "created: unknown field"),
        (#"{"id":"NOT-HEX","title":"x"}"#, "id"),
        (#"{"format":1,"title":"x"}"#, "missing field"),
        ("[]", "body: expected an object"),
        (#"title=x&body=y"#, "malformed JSON"),
    ])
    func badDraftsAre400AndStoreNothing(_ json: String, _ mentions: String) async throws {
        try await TestServer.make().test { client in
            let response = try await client.send(.post, "/v1/notes", json: json)
            #expect(response.status == .badRequest && response.errorCode == "bad_request", "\(response.text)")
            #expect(response.text.contains(mentions), "\(response.text)")
            #expect(try await client.send(.get, "/v1/notes").decoded(NotePage.self).notes.isEmpty)
        }
    }

    @Test func tooManyTagsAndTooLargeABodyAre400() async throws {
        try await TestServer.make().test { client in
            let tags = (0...NoteLimits.maximumTags).map { "\"t\($0)\"" }.joined(separator: ",")
            let many = try await client.send(.post, "/v1/notes", json: #"{"title":"x","tags":[\#(tags)]}"#)
            #expect(many.status == .badRequest && many.text.contains("tags: 65 tags"), "\(many.text)")
            let large = try await client.send(.post, "/v1/notes", json: #"{"title":"x","body":"\#(String(repeating: "b", count: NoteLimits.maximumBodyBytes + 1))"}"#)
            #expect(large.status == .badRequest && large.text.contains("body: "), "\(large.text)")
        }
    }

    @Test func putReplacesTitleBodyAndTagsAndKeepsTheRest() async throws {
        try await TestServer.make(clock: SteppingClock(start: TestServer.now)).test { client in
            let created = try await client.send(.post, "/v1/notes", json: #"{"title":"old","body":"b","tags":["t"]}"#).decoded(NoteDocument.self)
            let uri = "/v1/notes/\(created.id)"
            let replaced = try await client.send(.put, uri, json: #"{"title":"new"}"#, headers: [.ifMatch: "\"1\""])
            #expect(replaced.status == .ok && replaced.headers[.eTag] == "\"2\"", "\(replaced.text)")
            let note = try replaced.decoded(NoteDocument.self)
            #expect(note.title == "new" && note.body == "" && note.tags.isEmpty && note.revision == 2)
            #expect(note.created == created.created && note.updated.date > created.updated.date)

            let same = try await client.send(.put, uri, json: #"{"id":"\#(created.id)","title":"new"}"#, headers: [.ifMatch: "\"2\""])
            #expect(same.status == .ok && same.headers[.eTag] == "\"2\"", "an unchanged note is not written again")
        }
    }

    @Test func putNeedsTheCurrentIfMatchAndALiveNote() async throws {
        try await TestServer.make().test { client in
            let created = try await client.send(.post, "/v1/notes", json: #"{"title":"old"}"#).decoded(NoteDocument.self)
            let uri = "/v1/notes/\(created.id)"
            let missing = try await client.send(.put, uri, json: #"{"title":"new"}"#)
            #expect(missing.status == .preconditionRequired && missing.errorCode == "precondition_required")
            let stale = try await client.send(.put, uri, json: #"{"title":"new"}"#, headers: [.ifMatch: "\"7\""])
            #expect(stale.status == .preconditionFailed && stale.errorCode == "revision_mismatch")
            let otherID = try await client.send(.put, uri, json: #"{"id":"ab","title":"new"}"#, headers: [.ifMatch: "\"1\""])
            #expect(otherID.status == .badRequest && otherID.text.contains("differs"))
            let unknown = try await client.send(.put, uri, json: #"{"title":"new","revision":1}"#, headers: [.ifMatch: "\"1\""])
            #expect(unknown.status == .badRequest && unknown.text.contains("revision: unknown field"))
            let invalid = try await client.send(.put, uri, json: #"{"title":" "}"#, headers: [.ifMatch: "\"1\""])
            #expect(invalid.status == .badRequest && invalid.text.contains("title: the title is empty"))
            #expect(try await client.send(.get, uri).decoded(NoteDocument.self).title == "old")

            let absent = try await client.send(.put, "/v1/notes/ff", json: #"{"title":"new"}"#, headers: [.ifMatch: "\"1\""])
            #expect(absent.status == .notFound)
            #expect(try await client.send(.delete, uri, headers: [.ifMatch: "\"1\""]).status == .ok)
            let deleted = try await client.send(.put, uri, json: #"{"title":"new"}"#, headers: [.ifMatch: "\"2\""])
            #expect(deleted.status == .notFound && deleted.text.contains("deleted"), "\(deleted.text)")
        }
    }
}
