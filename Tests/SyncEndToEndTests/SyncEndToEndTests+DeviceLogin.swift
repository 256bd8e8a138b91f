import Foundation
import ChildProcesses
import Testing

extension SyncEndToEndTests {
    /// `quill login` without a token, as a person does it: the real `quill` prints a code and waits,
    /// the person signs into the web reader of the last server (another process, on PostgreSQL)
    /// with a token and approves the code there, and `quill` gets its own token and syncs with it.
    /// A second login is denied and ends with status 1; the Devices page revokes the first token,
    /// which the API then refuses.
    func deviceLoginTravels(token: String, servers: [ListeningServer]) async throws {
        let laptop = try QuillHome()
        defer { laptop.remove() }
        let approved = try await login(laptop, polling: servers[0], approvingAt: servers[servers.count - 1], with: token, decision: "approve")
        #expect(approved.status == 0, "\(approved.errors)")
        #expect(approved.output.contains("Signed in to \(servers[0].url) as "), "\(approved.output)")
        let status = try await laptop.succeed(["status"])
        #expect(status.contains("signed in: token ") && status.contains("read-write"), "\(status)")
        _ = try await laptop.succeed(["add", "From the laptop", "--body", "signed in through the browser"])
        #expect(try await laptop.succeed(["sync"]).contains("pushed 1"))

        let denied = try await login(laptop, polling: servers[0], approvingAt: servers[0], with: token, decision: "deny")
        #expect(denied.status == 1 && denied.errors.contains("denied"), "\(denied.errors)")

        // The laptop's token, revoked on the Devices page of the other server, is refused at once.
        let jar = try await signIn(at: servers[servers.count - 1], with: token)
        let devices = try await curl(["-b", jar, "-c", jar, servers[servers.count - 1].url + "/devices"])
        let mine = try #require(status.firstMatch(of: /token ([0-9a-f]+)/)).1
        let csrf = try #require(devices.firstMatch(of: /name="csrf" value="([^"]+)"/)).1
        _ = try await curl(["-b", jar, "-c", jar, "--data-urlencode", "csrf=\(csrf)", servers[servers.count - 1].url + "/devices/\(mine)/revoke"])
        let refused = try await laptop.run(["sync"])
        #expect(refused.status == 1 && refused.errors.contains("refused the token"), "\(refused.errors)")

        // `quill logout` revokes the token the server issued to this device.
        let phone = try QuillHome()
        defer { phone.remove() }
        #expect(try await login(phone, polling: servers[0], approvingAt: servers[0], with: token, decision: "approve").status == 0)
        let saved = try String(contentsOfFile: phone.root + "/config/quill/credentials.json", encoding: .utf8)
        let issued = try #require(saved.firstMatch(of: /"token":"(quill_[0-9a-f]+_[0-9a-z]+)"/)).1
        #expect(try await curl(["-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer \(issued)", servers[0].url + "/v1/notes"]) == "200")
        #expect(try await phone.succeed(["logout"]).contains("revoked on the server"))
        let after = try await curl(["-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer \(issued)",
                              servers[servers.count - 1].url + "/v1/notes"])
        #expect(after == "401", "the logged-out device's token is refused on every server")
    }

    /// Runs `quill login --server` (polling `polling`) until it prints its code, then decides it in
    /// the web reader of `approvingAt`, signed in with `token`; returns how `quill` ended.
    private func login(_ home: QuillHome, polling: ListeningServer, approvingAt web: ListeningServer, with token: String,
                       decision: String) async throws -> (status: Int32, output: String, errors: String) {
        let printed = home.root + "/login-\(decision).out"
        let environment = home.environment
        // `quill login` waits for the decision this test makes (`ChildProcess.run` waits on a thread of its own).
        let login = Task {
            try await ChildProcess.run("/bin/sh", ["-c", #"exec "$0" login --server "$1" > "$2""#, Binaries.quill, polling.url, printed],
                                       environment: environment)
        }
        var code = ""
        try await BoundedWait.until("quill login prints a code", within: .seconds(30), checkingEvery: .milliseconds(50)) {
            let text = (try? String(contentsOfFile: printed, encoding: .utf8)) ?? ""
            code = text.firstMatch(of: /\ {4}([A-Z]{4}-[A-Z]{4})\n/).map { String($0.1) } ?? ""
            return !code.isEmpty
        }
        let jar = try await signIn(at: web, with: token)
        let page = try await curl(["-b", jar, "-c", jar, web.url + "/device?code=\(code)"])
        #expect(page.contains("quill on "), "the device's name is shown")
        let csrf = try #require(page.firstMatch(of: /name="csrf" value="([^"]+)"/)).1
        let hidden = try #require(page.firstMatch(of: /name="code" value="([A-Z]+)"/)).1
        _ = try await curl(["-b", jar, "-c", jar, "--data-urlencode", "csrf=\(csrf)", "--data", "code=\(hidden)&scope=full&lifetime=0&decision=\(decision)",
                      web.url + "/device"])
        let result = try await login.value
        let output = (try? String(contentsOfFile: printed, encoding: .utf8)) ?? ""
        return (result.status, output, result.errors)
    }

    /// A cookie jar signed into the web reader of `server` with `token`.
    private func signIn(at server: ListeningServer, with token: String) async throws -> String {
        let jar = try temporaryDirectory("jar") + "/cookies"
        let form = try await curl(["-b", jar, "-c", jar, server.url + "/login"])
        let csrf = try #require(form.firstMatch(of: /name="csrf" value="([^"]+)"/)).1
        _ = try await curl(["-b", jar, "-c", jar, "--data-urlencode", "csrf=\(csrf)", "--data-urlencode", "token=\(token)", server.url + "/login"])
        return jar
    }

    private func curl(_ arguments: [String]) async throws -> String {
        let result = try await ChildProcess.run("/usr/bin/curl", ["-s"] + arguments, environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "curl \(arguments.last ?? ""): \(result.errors)")
        return result.output
    }
}
