import StandardInterfaces
import Foundation
import NoteStoreInterface
import QuillModels
import SyncStateInterface
import SyncTransportInterface

/// Everything a person asks of sync (log in, sync, see the status, log out), over the
/// dependencies a composition root wires.
///
/// Exists so that the sync commands only call a service, as the notes commands call
/// `NoteService`: which engine runs, with which transport and state, is decided here.
public struct SyncService: Sendable {
    private let store: any SyncEngine.SyncedNoteStore
    /// Where the attachments synced notes refer to are kept; `nil`: notes only.
    private let attachments: (any AttachmentStoring)?
    private let clock: any WallClock
    let environment: SyncEnvironment

    public init(store: any SyncEngine.SyncedNoteStore, attachments: (any AttachmentStoring)?,
                clock: any WallClock, environment: SyncEnvironment) {
        self.store = store
        self.attachments = attachments
        self.clock = clock
        self.environment = environment
    }

    /// Pulls the server's changes and pushes local ones. Throws `SyncError.notLoggedIn`
    /// before reporting any progress if there are no credentials.
    public func sync(progress: @Sendable (SyncProgress) -> Void = { _ in }) async throws -> SyncReport {
        guard let credentials = try await environment.credentials.load() else { throw SyncError.notLoggedIn }
        let previous = try await stateFollowing(credentials.server)
        let engine = SyncEngine(
            store: store, transport: environment.makeTransport(credentials), state: environment.state,
            baseRevisions: environment.baseRevisions, clock: clock, sleeper: environment.sleeper, random: environment.random,
            attachments: attachments)
        var report = try await engine.sync(progress: progress)
        report.startedAfreshFrom = previous
        return report
    }

    /// Makes the home's sync state the one of `server`. A state made with another server is
    /// forgotten, as a login to another server forgets it, so that one server's cursor and base
    /// revisions are never used with another: the login is the user's (kept in the config
    /// directory) and the state the home's, so a second home's `quill login` elsewhere, or
    /// `QUILL_SERVER` naming another server, changes the server under this home's cursor, and the
    /// other server would never send what it held before that cursor. Returns the server
    /// forgotten. A state saved before the server was kept is taken as this server's.
    private func stateFollowing(_ server: URL) async throws -> URL? {
        var state = try await environment.state.load()
        if let previous = state.server, !ServerAddress.isSame(previous, server) {
            try await environment.state.reset()
            try await environment.baseRevisions.reset()
            try await environment.state.save(SyncState(server: server))
            return previous
        }
        if state.server == nil {
            state.server = server
            try await environment.state.save(state)
        }
        return nil
    }

    /// Syncs now, then whenever a note changes here or on the server, until the task is
    /// cancelled (`SyncWatcher`), as this home's one watcher. `report` hears where it syncs,
    /// each sync that moved anything, and each outage's start and end.
    public func watch(report: @escaping @Sendable (WatchEvent) -> Void) async throws {
        guard let credentials = try await environment.credentials.load() else { throw SyncError.notLoggedIn }
        let previous = try await stateFollowing(credentials.server)
        let transport = environment.makeTransport(credentials)
        let engine = SyncEngine(
            store: store, transport: transport, state: environment.state, baseRevisions: environment.baseRevisions, clock: clock,
            sleeper: environment.sleeper, random: environment.random, attachments: attachments)
        try await environment.watchers.whileWatching(started: clock.now()) {
            report(.started(server: credentials.server, startedAfreshFrom: previous))
            let watcher = SyncWatcher(
                engine: engine, transport: transport, store: store, state: environment.state, localChanges: try environment.localChanges(),
                sleeper: environment.sleeper, random: environment.random, report: report)
            try await watcher.run()
        }
    }

    /// Sets aside the damaged notes of this home among `ids` (every note when empty), each
    /// replaced by the server's newest revision when logged in; without a login they are only
    /// set aside (`DamagedNoteRecovery`). Every note is read, a catalog page at a time.
    public func repair(_ ids: [NoteID]) async throws -> RepairReport {
        var serverCopy: (@Sendable (NoteID) async throws -> Note?)?
        if let credentials = try await environment.credentials.load() {
            _ = try await stateFollowing(credentials.server)
            let transport = environment.makeTransport(credentials)
            serverCopy = { id in try await DamagedNoteRecovery.newestRevision(of: id, from: transport) }
        }
        let recovery = DamagedNoteRecovery(store: store, serverCopy: serverCopy, baseRevisions: environment.baseRevisions)
        var report = RepairReport()
        func check(_ chunk: [NoteID]) async throws {
            report.checked += chunk.count
            report.damaged += try await recovery.readableNotes(chunk).damaged
        }
        guard ids.isEmpty else {
            try await check(ids)
            return report
        }
        var after: NoteID?, unlisted = Set<NoteID>()
        repeat {
            let page = try await store.catalog(NoteQuery(includeDeleted: true), after: after, limit: 1000)
            try await check(page.ids)
            // A damaged note the store could not list (its index rebuilt without it).
            unlisted.formUnion(page.problems.compactMap(\.note))
            after = page.resumeAfter
        } while after != nil
        if !unlisted.isEmpty { try await check(unlisted.sorted()) }
        return report
    }

    /// Every revision the server keeps of the note, newest first: the history every device has
    /// sent it (`quill history --server`), asked for when wanted rather than pulled with each sync.
    public func serverHistory(of id: NoteID) async throws -> [NoteRevision] {
        guard let credentials = try await environment.credentials.load() else { throw SyncError.notLoggedIn }
        return try await environment.makeTransport(credentials).history(of: id)
    }

    /// Saves the credentials, asking the server first whether it speaks this client's API and
    /// accepts the token (unless `verify` is false). Another server than before starts afresh:
    /// a cursor and base revisions mean nothing to it.
    public func login(_ credentials: Credentials, verify: Bool) async throws {
        if verify {
            try SyncEngine.checkCompatible(try await environment.makeTransport(credentials).serverInfo())
        }
        if let previous = try await environment.credentials.load(), !ServerAddress.isSame(previous.server, credentials.server) {
            try await environment.state.reset()
            try await environment.baseRevisions.reset()
        }
        try await environment.credentials.save(credentials)
    }

    /// Forgets the server, the token and the sync state; local notes and their pending marks
    /// stay. A token the server issued to this device (`quill login` without `--token`) is first
    /// revoked there; a server that cannot be told does not stop the logout.
    public func logout() async throws -> LogoutOutcome {
        let credentials = try await environment.credentials.load()
        var outcome = credentials == nil ? LogoutOutcome.notLoggedIn : .loggedOut
        if let credentials, credentials.issuedToThisDevice, let id = BearerToken(parsing: credentials.token)?.id {
            do {
                try await environment.makeDeviceLoginTransport(credentials).revokeDevice(id.rawValue)
                outcome = .loggedOutAndRevoked
            } catch .unauthorized {
                outcome = .loggedOutAndRevoked // revoked already (on the Devices page, say)
            } catch {
                outcome = .loggedOutButNotRevoked(error.description)
            }
        }
        try await environment.credentials.remove()
        try await environment.state.reset()
        try await environment.baseRevisions.reset()
        return outcome
    }

    /// The largest attachment the server this device syncs with keeps, as it said at the last
    /// successful sync; `nil` when there is no server or it did not say.
    public func serverMaximumAttachmentBytes() async throws -> Int64? {
        guard try await environment.credentials.load() != nil else { return nil }
        return try await environment.state.load().serverMaximumAttachmentBytes
    }

    /// The notes whose latest local change a server this device syncs with has not received yet;
    /// none when it syncs with no server.
    public func unsentChanges() async throws -> Set<NoteID> {
        guard try await environment.credentials.load() != nil else { return [] }
        return Set(try await store.pendingChanges())
    }

    /// The server, the notes waiting to be pushed (the first `listing` of them in full) and
    /// the last successful sync.
    public func status(listing: Int) async throws -> SyncStatus {
        let server = try await environment.credentials.load()?.server
        let pending = try await store.pendingChanges()
        var listed: [Note] = []
        for id in pending.prefix(listing) {
            if let note = try await store.note(id: id) { listed.append(note) }
        }
        let state = try await environment.state.load()
        return SyncStatus(server: server, pendingCount: pending.count, pendingNotes: listed,
                          lastSuccessfulSync: state.lastSuccessfulSync, watcher: try await environment.watchers.current())
    }
}

/// What `SyncService.status` reports: `quill status`.
public struct SyncStatus: Sendable {
    /// The server logged in to; `nil` if none.
    public let server: URL?
    public let pendingCount: Int
    /// The first pending notes, in the order first written.
    public let pendingNotes: [Note]
    public let lastSuccessfulSync: Date?
    /// The `quill sync --watch` running on this home, if any.
    public let watcher: WatcherRecord?
}
