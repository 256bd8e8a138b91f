import QuillModels
import Hummingbird
import Logging
import QuillServerCLI
import ServerFeature
import ServiceLifecycle
import WebReaderFeature

/// Runs an assembled server: serve until SIGTERM/SIGINT, or do one administrative task.
public enum ServerRunner {
    /// Serves until SIGTERM or SIGINT, then stops accepting, lets in-flight requests finish,
    /// stops the services and closes the store. Returns normally on a signal (exit status 0).
    public static func serve(
        _ environment: ServerEnvironment, configuration: ServerConfiguration, logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        if let oidc = environment.web.oidc {
            do throws(OIDCSignInFailure) { try await oidc.checkProvider() } catch {
                await environment.close()
                throw ServerCommandFailure.unavailable(
                    "cannot use the identity provider \(oidc.settings.issuer): \(OIDCSignInFailure.reason(error))",
                    hint: "check \(ServerSetting.oidcIssuer.flagName) (it must be the issuer its discovery document names) and that the provider "
                        + "answers from this machine")
            }
        }
        let application = ServerApplication.application(
            router: try ServerApplication.router(environment.dependencies, requestLogFields: configuration.logFormat == .json,
                                                 pages: { try WebReader.register(on: $0, environment.web) }),
            host: configuration.host, port: configuration.port, idleTimeout: configuration.idleTimeout,
            maximumConnections: ServerApplication.maximumConnections(descriptorLimit: DescriptorLimit.current()), logger: logger,
            services: environment.services, beforeServerStarts: environment.prepare, onServerRunning: onServerRunning)
        do {
            try await application.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        } catch {
            await environment.close()
            throw ServerBindFailure.failure(for: error, host: configuration.host, port: configuration.port) ?? error
        }
        await environment.close()
    }

    /// Runs one administrative task on accounts, tokens and web sessions (after migrating the
    /// schema), then stops the services and closes the store.
    public static func administer<Value: Sendable>(
        _ environment: ServerEnvironment, issuer: String?, _ task: @escaping @Sendable (AccountAdministration) async throws -> Value
    ) async throws -> Value {
        try await withServices(environment) {
            try await environment.prepare()
            return try await task(AccountAdministration(
                registration: environment.registration, accounts: environment.dependencies.accounts, sessions: environment.web.server.sessions,
                revocations: environment.dependencies.revocations, identityLinks: environment.identityLinks,
                issuer: issuer))
        }
    }

    /// Prunes every account's note histories (after migrating the schema), then stops the
    /// services and closes the store.
    public static func pruneHistory(_ environment: ServerEnvironment, keeping retention: HistoryRetention, dryRun: Bool) async throws -> PrunedHistory {
        try await withServices(environment) {
            try await environment.prepare()
            return try await environment.dependencies.notes.pruneHistory(retention, now: environment.dependencies.clock.now(), dryRun: dryRun)
        }
    }

    /// Collects every account's unreferenced attachments (after migrating the schema), then
    /// stops the services and closes the store.
    public static func collectAttachments(_ environment: ServerEnvironment, dryRun: Bool) async throws -> CollectedAttachments {
        try await withServices(environment) {
            try await environment.prepare()
            let dependencies = environment.dependencies
            return try await AttachmentCollection(notes: dependencies.notes, attachments: dependencies.attachments)
                .collect(accounts: dependencies.accounts, dryRun: dryRun)
        }
    }

    /// Runs `body` while the environment's services run, then stops them and closes the store.
    static func withServices<Value: Sendable>(_ environment: ServerEnvironment, _ body: @Sendable () async throws -> Value) async throws -> Value {
        let result: Result<Value, any Error> = await withTaskGroup(of: Void.self) { group in
            for service in environment.services { group.addTask { try? await service.run() } }
            let result: Result<Value, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            group.cancelAll()
            return result
        }
        await environment.close()
        return try result.get()
    }
}
