import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import QuillAPI
import QuillModels
import ServerFeature
import Testing

/// `HEAD`, `PUT` and `GET /v1/attachments/{sha256}` and `GET /v1/notes/{id}/attachments`
/// (docs/attachments.md).
@Suite struct AttachmentRoutesTests {
    let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    var hash: String { AttachmentHash(digest: SHA256.hash(data: bytes))!.hex }

    @Test func anUploadIsWholeOnlyOnceItsBytesHashToItsName() async throws {
        try await TestServer.make().test { client in
            #expect(try await client.send(.head, "/v1/attachments/\(hash)").status == .notFound)
            let put = try await client.send(.put, "/v1/attachments/\(hash)", bytes: bytes)
            #expect(put.status == .created)
            #expect(try put.decoded(AttachmentUploadBody.self) == AttachmentUploadBody(sha256: hash, received: 3_000_000, complete: true))
            let head = try await client.send(.head, "/v1/attachments/\(hash)")
            #expect(head.status == .ok && head.headers[.contentLength] == "3000000")
            let again = try await client.send(.put, "/v1/attachments/\(hash)", bytes: bytes)
            #expect(again.status == .ok, "a duplicate is answered without storing it again")
            let got = try await client.send(.get, "/v1/attachments/\(hash)")
            #expect(got.status == .ok && Array(got.body.readableBytesView) == bytes)
            #expect(got.headers[.contentDisposition] == "attachment")
            #expect(try await client.send(.get, "/v1/attachments/\(hash)", as: client.bob).status == .notFound,
                    "another account does not see it")

            let wrong = String(repeating: "0", count: 64)
            let refused = try await client.send(.put, "/v1/attachments/\(wrong)", bytes: [1, 2, 3])
            #expect(refused.status == .unprocessableContent && refused.errorCode == "hash_mismatch")
            #expect(try await client.send(.head, "/v1/attachments/\(wrong)").headers[HTTPFields.Element.Name("Upload-Offset")!] == "0",
                    "bytes that did not match are dropped")
            #expect(try await client.send(.put, "/v1/attachments/not-a-hash", bytes: [1]).status == .badRequest)
        }
    }

    @Test func anEmptyFileIsAnAttachmentToo() async throws {
        let empty = AttachmentHash(digest: SHA256.hash(data: [UInt8]()))!.hex
        try await TestServer.make().test { client in
            #expect(try await client.send(.put, "/v1/attachments/\(empty)", bytes: []).status == .created)
            let head = try await client.send(.head, "/v1/attachments/\(empty)")
            #expect(head.status == .ok && head.headers[.contentLength] == "0")
            #expect(try await client.send(.put, "/v1/attachments/\(empty)", bytes: []).status == .ok, "held whole: not sent again")
        }
    }

    @Test func anInterruptedUploadContinuesWhereItStopped() async throws {
        try await TestServer.make().test { client in
            let first = try await client.send(.put, "/v1/attachments/\(hash)", bytes: Array(bytes[0..<1_234_567]),
                                              headers: [.contentRange: "bytes 0-1234566/3000000"])
            #expect(first.status == .accepted)
            let offset = HTTPFields.Element.Name("Upload-Offset")!
            #expect(try await client.send(.head, "/v1/attachments/\(hash)").headers[offset] == "1234567")
            let wrongPlace = try await client.send(.put, "/v1/attachments/\(hash)", bytes: Array(bytes[0..<10]),
                                                   headers: [.contentRange: "bytes 0-9/3000000"])
            #expect(wrongPlace.status == .conflict && wrongPlace.headers[offset] == "1234567")
            let rest = try await client.send(.put, "/v1/attachments/\(hash)", bytes: Array(bytes[1_234_567...]),
                                             headers: [.contentRange: "bytes 1234567-2999999/3000000"])
            #expect(rest.status == .created)
            let got = try await client.send(.get, "/v1/attachments/\(hash)")
            #expect(Array(got.body.readableBytesView) == bytes)
        }
    }

    /// A body that starts the attachment is hashed as it arrives; one that finishes an upload
    /// begun earlier is checked by reading back every byte. Both refuse bytes that do not match.
    @Test func bytesThatDoNotMatchAreDroppedHoweverTheyArrived() async throws {
        try await TestServer.make().test { client in
            let wrong = String(repeating: "ab", count: 32)
            let offset = HTTPFields.Element.Name("Upload-Offset")!
            let first = try await client.send(.put, "/v1/attachments/\(wrong)", bytes: Array(bytes[0..<1000]),
                                              headers: [.contentRange: "bytes 0-999/3000"])
            #expect(first.status == .accepted)
            let rest = try await client.send(.put, "/v1/attachments/\(wrong)", bytes: Array(bytes[1000..<3000]),
                                             headers: [.contentRange: "bytes 1000-2999/3000"])
            #expect(rest.status == .unprocessableContent && rest.errorCode == "hash_mismatch")
            #expect(try await client.send(.head, "/v1/attachments/\(wrong)").headers[offset] == "0")
        }
    }

    @Test func rangesAreHonoured() async throws {
        try await TestServer.make().test { client in
            try await client.send(.put, "/v1/attachments/\(hash)", bytes: bytes)
            for (range, expected, contentRange) in [
                ("bytes=0-9", bytes[0..<10], "bytes 0-9/3000000"), ("bytes=2999990-", bytes[2_999_990...], "bytes 2999990-2999999/3000000"),
                ("bytes=-5", bytes[2_999_995...], "bytes 2999995-2999999/3000000"),
                ("bytes=1048570-1048580", bytes[1_048_570...1_048_580], "bytes 1048570-1048580/3000000"),
            ] {
                let got = try await client.send(.get, "/v1/attachments/\(hash)", headers: [.range: range])
                #expect(got.status == .partialContent && got.headers[.contentRange] == contentRange, "\(range)")
                #expect(Array(got.body.readableBytesView) == Array(expected), "\(range)")
            }
            let outside = try await client.send(.get, "/v1/attachments/\(hash)", headers: [.range: "bytes=3000000-"])
            #expect(outside.status == .rangeNotSatisfiable && outside.headers[.contentRange] == "bytes */3000000")
        }
    }

    @Test func tooLargeIsRefusedBeforeAnyByteIsRead() async throws {
        try await TestServer.make().test { client in
            let refused = try await client.send(.put, "/v1/attachments/\(hash)", bytes: [1],
                                                headers: [.contentRange: "bytes 0-0/\(200 << 20)"])
            #expect(refused.status == .contentTooLarge && refused.errorCode == "payload_too_large")
        }
    }

    @Test func theLimitsAreSettingsAndTheQuotaCountsTheAccount() async throws {
        let made = try await TestServer.make()
        var dependencies = made.dependencies
        dependencies.attachmentLimits = AttachmentLimits(maximumBytes: 2 << 20, quotaBytes: 4 << 20)
        let server = TestServer(store: made.store, dependencies: dependencies, alice: made.alice, bob: made.bob)
        let pieces = (0..<3).map { index in Array(bytes[(index * 700_000)..<(index * 700_000 + 1_500_000)]) }
        let hashes = pieces.map { AttachmentHash(digest: SHA256.hash(data: $0))!.hex }
        try await server.test { client in
            #expect(try await client.send(.put, "/v1/attachments/\(hash)", bytes: bytes).status == .contentTooLarge, "3 MB > 2 MiB")
            #expect(try await client.send(.put, "/v1/attachments/\(hashes[0])", bytes: pieces[0]).status == .created)
            #expect(try await client.send(.put, "/v1/attachments/\(hashes[1])", bytes: pieces[1]).status == .created)
            let over = try await client.send(.put, "/v1/attachments/\(hashes[2])", bytes: pieces[2])
            #expect(over.status == .contentTooLarge && over.errorCode == "quota_exceeded", "4.5 MB > 4 MiB")
            #expect(try await client.send(.put, "/v1/attachments/\(hashes[0])", bytes: pieces[0]).status == .ok,
                    "what the account already holds is answered, quota or not")
            #expect(try await client.send(.put, "/v1/attachments/\(hashes[2])", bytes: pieces[2], as: client.bob).status == .created,
                    "the quota is each account's")
        }
    }

    @Test func aNotesAttachmentsSayWhichTheServerHolds() async throws {
        try await TestServer.make().test { client in
            try await client.send(.put, "/v1/attachments/\(hash)", bytes: bytes)
            let missing = String(repeating: "ab", count: 32)
            let body = "![board](attachments/\(hash)/board.png)\\n[doc](attachments/\(missing)/doc.pdf)\\n`[x](attachments/\(missing)/in-code.pdf)`"
            let created = try await client.send(.post, "/v1/notes", json: #"{"title":"With files","body":"\#(body)"}"#)
            let uri = try #require(created.headers[.location])
            let listed = try await client.send(.get, uri + "/attachments").decoded(AttachmentListBody.self)
            #expect(listed.attachments == [
                AttachmentBody(sha256: hash, name: "board.png", type: "image/png", present: true, size: 3_000_000),
                AttachmentBody(sha256: missing, name: "doc.pdf", type: "application/pdf", present: false, size: nil),
            ])
        }
    }
}
