import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// Builds the HTTP API from its dependencies: the one place routes and middleware are wired.
public enum ServerApplication {
    /// The router with every route of docs/openapi.yaml.
    public static func router(_ dependencies: ServerDependencies) -> Router<ServerRequestContext> {
        router(dependencies, requestLogFields: true, adding: { _ in })
    }

    /// The router with every route of docs/openapi.yaml, and the routes `pages` adds (the web reader's);
    /// `requestLogFields`: whether each request's log line carries its parts as metadata fields too
    /// (`RequestLogMiddleware`).
    public static func router(
        _ dependencies: ServerDependencies, requestLogFields: Bool = true, pages: (Router<ServerRequestContext>) throws -> Void
    ) throws -> Router<ServerRequestContext> {
        try router(dependencies, requestLogFields: requestLogFields, adding: pages)
    }

    private static func router(
        _ dependencies: ServerDependencies, requestLogFields: Bool, adding pages: (Router<ServerRequestContext>) throws -> Void
    ) rethrows -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: RequestLogMiddleware(fields: requestLogFields))
        router.add(middleware: RequestMetricsMiddleware(metrics: dependencies.metrics))
        router.add(middleware: ErrorMiddleware())

        let operations = OperationsRoutes(dependencies: dependencies)
        operations.register(on: router)

        let v1 = router.group("v1").add(middleware: BearerAuthMiddleware(
            accounts: dependencies.accounts, hasher: dependencies.hasher, clock: dependencies.clock, trustedProxies: dependencies.trustedProxies,
            cache: dependencies.tokenCache, addressGuesses: GuessLimiter(allowed: dependencies.wrongTokenLimit)))
        operations.registerInfo(on: v1)
        NoteRoutes(dependencies: dependencies).register(on: v1)
        NoteHistoryRoutes(dependencies: dependencies).register(on: v1)
        AttachmentRoutes(dependencies: dependencies, reservations: AttachmentQuotaReservations()).register(on: v1)
        LinkRoutes(dependencies: dependencies).register(on: v1)
        ShareRoutes(dependencies: dependencies).register(on: v1)
        DeviceRoutes(dependencies: dependencies).register(on: v1)
        DeviceLoginRoutes(dependencies: dependencies, guesses: GuessLimiter(allowed: dependencies.wrongTokenLimit)).register(on: router)
        SiteRoutes(dependencies: dependencies).register(on: v1)
        SyncRoutes(dependencies: dependencies).register(on: v1)
        EventRoutes(dependencies: dependencies).register(on: v1)
        ExportRoutes(dependencies: dependencies).register(on: v1)
        ImportRoutes(dependencies: dependencies).register(on: v1)
        try pages(router)
        // Last, so that it sees every route and wraps only the "no route" responder.
        router.add(middleware: MethodNotAllowedMiddleware(routes: router.routes))
        return router
    }

    /// How long nothing may move on a connection before it is closed, unless set (`--idle-timeout`).
    public static let defaultIdleTimeout: Duration = .seconds(60)

    /// The connections a process may hold open with `descriptors` files allowed: a quarter of
    /// them, and at least 64, are kept for everything else.
    ///
    /// Every connection holds a descriptor, and so does every file a request opens (an upload,
    /// an attachment, SQLite's) and every timer libdispatch makes: connections that took them all
    /// (a crowd that sends nothing) made an upload fail with "Too many open files", and could
    /// make the process trap. At the cap the server stops accepting (Hummingbird's
    /// `MaximumAvailableConnections`, counted as each is accepted), the kernel's backlog keeps
    /// the clients, and it accepts again as connections close, which `IdleConnectionHandler` sees
    /// to for those that send nothing.
    public static func maximumConnections(descriptorLimit descriptors: Int) -> Int {
        max(1, descriptors - max(64, descriptors / 4))
    }

    /// The application on `host:port` (port 0 picks a free one), closing a connection on which
    /// nothing moves for `idleTimeout` (`IdleConnectionHandler`), holding at most
    /// `maximumConnections` at once (`nil`: as many as descriptors allow), running `services`
    /// (e.g. a database pool) alongside, `beforeServerStarts` (e.g. migrations) once they run and
    /// before the port opens, and reporting the bound port through `onServerRunning`.
    public static func application(
        router: Router<ServerRequestContext>, host: String, port: Int, idleTimeout: Duration = defaultIdleTimeout,
        maximumConnections: Int? = nil, logger: Logger,
        services: [any Service] = [],
        beforeServerStarts: @escaping @Sendable () async throws -> Void = {},
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var application = Application(
            router: router,
            server: .http1(configuration: .init(additionalChannelHandlers: [IdleConnectionHandler(timeout: TimeAmount(idleTimeout))])),
            configuration: .init(address: .hostname(host, port: port), serverName: "quill-server",
                                 availableConnectionsDelegate: maximumConnections.map { MaximumAvailableConnections($0, logger: logger) }),
            services: services,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        application.beforeServerStarts(perform: beforeServerStarts)
        return application
    }
}
