import Foundation
import QuillAPI
import ServerFeature
import Testing

/// `APIRoute.all` is the one list of the API's operations in Swift: the server registers its
/// handlers by it and the sync client builds its requests from it. These tests hold it to
/// docs/openapi.yaml (every operation, with its method, path and operationId, and nothing else)
/// and to the routes the server's router answers.
@Suite struct APIRouteTableTests {
    /// The operations of docs/openapi.yaml's `paths`, as "operationId METHOD /path".
    static func specOperations() -> [String] {
        var operations: [String] = [], path = "", method = "", inPaths = false
        for line in OpenAPIDocument.load().lines {
            if !line.hasPrefix(" "), line.hasSuffix(":") { inPaths = line == "paths:" }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") { path = String(line.dropFirst(2).dropLast()) }
            if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") { method = String(line.dropFirst(4).dropLast()).uppercased() }
            if line.hasPrefix("      operationId: ") { operations.append("\(line.dropFirst(19)) \(method) \(path)") }
        }
        return operations
    }

    @Test func theTableIsExactlyTheOperationsOfTheDescription() {
        let spec = Self.specOperations()
        #expect(spec.count > 30, "docs/openapi.yaml read: \(spec)")
        let table = APIRoute.all.map { "\($0.operationID) \($0.method.rawValue) \($0.template)" }
        #expect(Set(table) == Set(spec), "only in the table: \(Set(table).subtracting(spec)); only in docs/openapi.yaml: \(Set(spec).subtracting(table))")
        #expect(Set(table).count == table.count && Set(APIRoute.all.map(\.operationID)).count == table.count, "each operation once")
    }

    @Test func theServerAnswersEveryRouteOfTheTableAndNoOther() async throws {
        let router = ServerApplication.router(try await TestServer.make().dependencies)
        let served = router.routes.map { route in
            "\(route.method.rawValue) " + route.path.description.split(separator: "/", omittingEmptySubsequences: false).map { segment in
                segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
            }.joined(separator: "/")
        }
        let table = APIRoute.all.map(\.description)
        #expect(Set(served) == Set(table), "only served: \(Set(served).subtracting(table)); only in the table: \(Set(table).subtracting(served))")
    }

    @Test func aPathFillsItsParametersInOrder() {
        #expect(APIRoute.getRevision.path("0123abcd", "7") == "/v1/notes/0123abcd/revisions/7")
        #expect(APIRoute.listNotes.path() == "/v1/notes")
        #expect(APIRoute.revokeShare.path(["s1"]) == "/v1/shares/s1")
    }
}
