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
        let token = try await ServerUnderTest.createAccount("ann", storage: ["--data-dir", data])
        let server = try await ServerUnderTest.start(storage: ["--data-dir", data, "--max-attachment-size", "1M", "--attachment-quota", "500K"])
        defer { server.terminate() }
        let ann = try QuillHome()
        defer { ann.remove() }
        _ = try await ann.succeed(["login", "--server", server.url, "--token", token])

        let id = try await ann.succeed(["add", "Files", "--body", "three files"])
        var files: [String] = []
        for (name, size) in [("big.bin", 2_000_000), ("over-quota.bin", 900_000), ("small.bin", 100_000)] {
            let path = ann.root + "/" + name
            try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ name.count) }).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        _ = try await ann.succeed(["attach", id] + files)

        for round in 1...2 {
            let synced = try await ann.run(["sync"])
            #expect(synced.status == 0, "round \(round): \(synced.errors)")
            #expect(synced.errors.contains("the server refused an attachment: an attachment may have at most 1048576 bytes; this one has 2000000"),
                    "round \(round): \(synced.errors)")
            #expect(synced.errors.contains("--max-attachment-size or QUILL_SERVER_MAX_ATTACHMENT_SIZE raises the limit"))
            #expect(synced.errors.contains("the server refused an attachment: the account's attachments would take"), "round \(round): \(synced.errors)")
            #expect(synced.errors.contains("raise --attachment-quota"))
            #expect(!synced.errors.contains("the next sync tries again"), "round \(round): \(synced.errors)")
            if round == 1 { #expect(synced.output.contains("attachments sent 1"), "\(synced.output)") }
        }

        // Now that a sync has heard the server's limit, quill attach warns before it takes a file in.
        let attached = try await ann.run(["attach", id, files[0], files[2]])
        #expect(attached.status == 0, "\(attached.errors)")
        #expect(attached.errors == "quill: warning: \(files[0]) is 2.0 MB, and the sync server keeps attachments of at most 1.0 MB: "
            + "it stays on this device, and 'quill sync' cannot send it until the server's --max-attachment-size "
            + "(QUILL_SERVER_MAX_ATTACHMENT_SIZE) is raised\n")
    }
}
