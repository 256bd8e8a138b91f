import Foundation
import Hummingbird
import HummingbirdTesting
import OIDCIdentityProvider
import Testing

/// `TestOpenIDProvider` served on a free port of this machine, and the live adapter pointed at it.
/// The provider answers from this process's task pool, which a busy test run can hold up for
/// seconds: the adapter waits up to a minute, so that a slow answer is not taken for a failure.
enum LiveProvider {
    static let clientSecret = "s3cret:+&-0123456789abcdefghijklmnopqrstuv"

    static func run(keyRefetchInterval: Duration = .zero, _ body: @escaping @Sendable (TestOpenIDProvider, OIDCIdentityProvider) async throws -> Void) async throws {
        let live = await TestOpenIDProvider()
        let application = Application(router: live.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let port = try #require(client.port)
            let provider = OIDCIdentityProvider(issuer: "http://127.0.0.1:\(port)", clientID: "quill-web", clientSecret: clientSecret, timeout: 60,
                                                keyRefetchInterval: keyRefetchInterval)
            try await body(live, provider)
        }
    }
}
