import Foundation
import Hummingbird
import HummingbirdTesting
import QuillAPI
import QuillModels
import Testing
@testable import ServerFeature

/// A write whose `If-Match` names an older revision is merged with the note as it is now when
/// the two edits change different lines (200, `Quill-Merge-Ancestor`), and refused (412) when they
/// overlap: by `PUT` (whole note or draft), by `PATCH`, and by a push that asks for merges.
@Suite struct MergingWriteRoutesTests {
    static let mergeAncestor = HTTPFields.Element.Name("Quill-Merge-Ancestor")!

    @Test func aStalePutOfOtherLinesIsMerged() async throws {
        try await TestServer.make().test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note(body: #"one\ntwo\nthree\n"#))
            let theirs = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(body: #"one\ntwo\nTHREE\n"#), headers: [.ifMatch: "\"1\""])
            #expect(theirs.status == .ok && theirs.headers[Self.mergeAncestor] == nil)

            let merged = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(body: #"ONE\ntwo\nthree\n"#), headers: [.ifMatch: "\"1\""])
            #expect(merged.status == .ok && merged.headers[.eTag] == "\"3\"" && merged.headers[Self.mergeAncestor] == "1")
            #expect(try merged.decoded(NoteDocument.self).body == "ONE\ntwo\nTHREE\n")

            let overlapping = try await client.send(.put, "/v1/notes/a1", json: JSONSamples.note(body: #"one\ntwo\nthree!\n"#),
                                                    headers: [.ifMatch: "\"1\""])
            #expect(overlapping.status == .preconditionFailed && overlapping.errorCode == "revision_mismatch")

            let draft = try await client.send(.put, "/v1/notes/a1", json: #"{"title":"Hello","body":"one\ntwo\nTHREE\nfour\n","tags":["x"]}"#,
                                              headers: [.ifMatch: "\"2\""])
            #expect(draft.status == .ok && draft.headers[Self.mergeAncestor] == "2")
            #expect(try draft.decoded(NoteDocument.self).body == "ONE\ntwo\nTHREE\nfour\n")

            let history = try await client.send(.get, "/v1/notes/a1/revisions")
            #expect(history.text.contains(#""mergeAncestor":2"#), "\(history.text)")
        }
    }

    @Test func aStalePatchOfOtherLinesIsMerged() async throws {
        try await TestServer.make().test { client in
            let uri = try #require(try await client.send(.post, "/v1/notes", json: #"{"title":"List","body":"milk\neggs\nbread\n"}"#).headers[.location])
            _ = try await PatchRoutesTests.patch(client, uri, #"{"body":"milk\neggs\nrye bread\n"}"#, ifMatch: "\"1\"")
            let merged = try await PatchRoutesTests.patch(client, uri, #"{"body":"oat milk\neggs\nbread\n"}"#, ifMatch: "\"1\"")
            #expect(merged.status == .ok && merged.headers[Self.mergeAncestor] == "1")
            #expect(try merged.decoded(NoteDocument.self).body == "oat milk\neggs\nrye bread\n")
            let retitled = try await PatchRoutesTests.patch(client, uri, #"{"title":"Shopping"}"#, ifMatch: "\"1\"")
            #expect(retitled.status == .ok && retitled.headers[Self.mergeAncestor] == "1")
            #expect(try retitled.decoded(NoteDocument.self).title == "Shopping")
            #expect(try retitled.decoded(NoteDocument.self).body == "oat milk\neggs\nrye bread\n")
        }
    }
}
