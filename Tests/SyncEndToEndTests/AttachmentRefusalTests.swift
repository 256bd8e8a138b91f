import ChildProcesses
import Foundation
import Testing

/// An attachment the server will not take, with the real binaries: too large for the server's
/// limit, or over the account's quota, is told as that refusal with what changes it, each sync,
/// never as "the next sync tries again"; an attachment that fits is sent beside them.
@Suite("Attachment refusals with the real binaries")
struct AttachmentRefusalTests {
    @Test func eachRefusalIsToldAsWhatItIsAndTheAttachmentStays() async throws {
        let data = try temporaryDirectory("refusals")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let token = try ServerUnderTest.createAccount("ann", storage: ["--data-dir", data])
        let server = try await ServerUnderTest.start(storage: ["--data-dir", data, "--max-attachment-size", "1M", "--attachment-quota", "500K"])
        defer { server.terminate() }
        let ann = try QuillHome()
        defer { ann.remove() }
        _ = try ann.succeed(["login", "--server", server.url, "--token", token])

        let id = try ann.succeed(["add", "Files", "--body", "three files"])
        var files: [String] = []
        for (name, size) in [("big.bin", 2_000_000), ("over-quota.bin", 900_000), ("small.bin", 100_000)] {
            let path = ann.root + "/" + name
            try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ name.count) }).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        _ = try ann.succeed(["attach", id] + files)

        for round in 1...2 {
            let synced = try ann.run(["sync"])
            #expect(synced.status == 0, "round \(round): \(synced.errors)")
            #expect(synced.errors.contains("the server refused an attachment: an attachment may have at most 1048576 bytes; this one has 2000000"),
                    "round \(round): \(synced.errors)")
            #expect(synced.errors.contains("--max-attachment-size or QUILL_SERVER_MAX_ATTACHMENT_SIZE raises the limit"))
            #expect(synced.errors.contains("the server refused an attachment: the account's attachments would take"), "round \(round): \(synced.errors)")
            #expect(synced.errors.contains("raise --attachment-quota"))
            #expect(!synced.errors.contains("the next sync tries again"), "round \(round): \(synced.errors)")
            if round == 1 { #expect(synced.output.contains("attachments sent 1"), "\(synced.output)") }
        }
    }
}
