import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ChildProcesses

/// The built `quill-server` executable, run as a person would run it.
enum QuillServer {
    /// The `quill-server` built next to this test bundle (override with `$QUILL_SERVER_BINARY`).
    static var binary: String { BuiltProduct.path("quill-server", override: "QUILL_SERVER_BINARY") }

    /// Starts `quill-server ARGUMENTS` and waits until it says which port it listens on.
    static func start(_ arguments: [String]) async throws -> ListeningServer {
        try await ListeningServer(binary, arguments)
    }

    /// Runs a short `quill-server` command to completion.
    static func run(_ arguments: [String]) async throws -> ProcessOutput {
        try await ChildProcess.run(binary, arguments)
    }
}

struct BadPath: Error, CustomStringConvertible {
    let path: String
    var description: String { "bad path \(path)" }
}

extension ListeningServer {
    /// One HTTP request to this server: (status, body).
    func request(_ method: String, _ path: String, token: String?, json: String? = nil,
                 headers: [String: String] = [:]) async throws -> (status: Int, body: String) {
        guard let url = URL(string: url + path) else { throw BadPath(path: path) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}

enum NoteJSONSample {
    static func note(_ id: String, title: String = "Hello", body: String = "text") -> String {
        """
        {"body":"\(body)","created":"2026-01-01T00:00:00.000Z","deleted":false,"format":1,"id":"\(id)",\
        "revision":1,"tags":[],"title":"\(title)","updated":"2026-01-01T00:00:00.000Z"}
        """
    }
}
