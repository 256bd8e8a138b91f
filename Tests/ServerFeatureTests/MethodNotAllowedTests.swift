import Hummingbird
import HummingbirdTesting
import ServerFeature
import Testing

/// A path the API serves, asked with a method it does not serve, is 405 with `Allow`.
@Suite struct MethodNotAllowedTests {
    static let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options, .trace,
                                                HTTPRequest.Method("PROPFIND")!]

    @Test func everyRouteAnswersItsOtherMethods405WithAllow() async throws {
        let server = try await TestServer.make()
        var served: [String: Set<String>] = [:]
        for route in ServerApplication.router(server.dependencies).routes {
            served[route.path.description.replacingOccurrences(of: "{id}", with: "a1"), default: []].insert(route.method.rawValue)
        }
        #expect(served["/v1/notes/a1"] == ["GET", "PUT", "PATCH", "DELETE"])
        let routes = served
        try await server.test { client in
            for (path, allowed) in routes {
                for method in Self.methods where !allowed.contains(method.rawValue) {
                    let response = try await client.send(method, path)
                    #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                    #expect(response.headers[.allow] == allowed.sorted().joined(separator: ", "), "\(method) \(path)")
                    if method != .head { #expect(response.errorCode == "method_not_allowed", "\(method) \(path)") }
                }
            }
        }
    }

    @Test func unknownPathsStay404() async throws {
        try await TestServer.make().test { client in
            for (method, path) in [(HTTPRequest.Method.get, "/nope"), (.patch, "/v1/notes/a1/extra"), (.get, "/v1"), (.post, "/v1/notes/a1/b")] {
                let response = try await client.send(method, path)
                #expect(response.status == .notFound && response.headers[.allow] == nil, "\(method) \(path)")
            }
        }
    }

    @Test func withoutAToken405StillSaysWhatIsAllowed() async throws {
        try await TestServer.make().test { client in
            let response = try await client.send(.patch, "/v1/notes", as: .some(nil))
            #expect(response.status == .methodNotAllowed && response.headers[.allow] == "GET, POST")
        }
    }
}
