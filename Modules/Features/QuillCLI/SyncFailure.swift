import SyncTransportInterface

/// How sync errors are shown: the cause, and what the user can do about it.
enum SyncFailure {
    static func cli(_ error: any Error) -> any Error {
        guard let error = error as? SyncError else { return error }
        switch error {
        case .notLoggedIn:
            return CLIFailure("not logged in to a sync server",
                              hint: "run 'quill login --server URL --token TOKEN' (or set QUILL_SERVER and QUILL_TOKEN)")
        case .unauthorized:
            return CLIFailure("the sync server refused the token", hint: "run 'quill login --server URL --token TOKEN' again")
        case .unreachable, .timedOut:
            return CLIFailure(error.description,
                              hint: "check the server address ('quill status') and your network; nothing was lost, sync again later")
        case .incompatibleAPIVersion, .serverError, .rejected, .badResponse, .requestIDReused:
            return CLIFailure(error.description)
        }
    }

    /// Runs `body`, turning a `SyncError` into a `CLIFailure` with a hint.
    static func reporting<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw cli(error) }
    }
}
