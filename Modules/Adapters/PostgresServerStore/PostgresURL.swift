import Foundation
import PostgresNIO

/// Reads `postgres://user:password@host:port/database?sslmode=disable|prefer|require`
/// (or `postgresql://`) into postgres-nio's configuration.
enum PostgresURL {
    struct Invalid: Error, CustomStringConvertible {
        let reason: String
        var description: String { "invalid PostgreSQL URL: \(reason)" }
    }

    static func configuration(_ text: String) throws(Invalid) -> PostgresClient.Configuration {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? "") else {
            throw Invalid(reason: "expected postgres://user:password@host:port/database")
        }
        guard let user = components.user, !user.isEmpty else { throw Invalid(reason: "no user name") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        let mode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "disable"
        let tls: PostgresClient.Configuration.TLS
        switch mode {
        case "disable": tls = .disable
        case "prefer": tls = .prefer(.makeClientConfiguration())
        case "require": tls = .require(.makeClientConfiguration())
        default: throw Invalid(reason: "sslmode '\(mode)' (use disable, prefer or require)")
        }
        if let socketDirectory = components.queryItems?.first(where: { $0.name == "host" })?.value, socketDirectory.hasPrefix("/") {
            let port = components.port ?? 5432
            return .init(unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user,
                         password: components.password, database: database.isEmpty ? nil : database)
        }
        guard let host = components.host, !host.isEmpty else { throw Invalid(reason: "no host") }
        return .init(host: host, port: components.port ?? 5432, username: user, password: components.password,
                     database: database.isEmpty ? nil : database, tls: tls)
    }
}
