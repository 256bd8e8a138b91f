import SettingsInterface

/// Settings kept in memory: what the preview root uses (so `quill --preview config set` touches
/// nothing), and what tests seed. `failure`, when given, is thrown by every call, to test how
/// commands treat an unreadable or corrupt settings file.
public actor InMemorySettings: SettingsStoring {
    private var settings: Settings
    private let failure: SettingsError?

    public init(_ settings: Settings = Settings(), failure: SettingsError? = nil) {
        self.settings = settings
        self.failure = failure
    }

    public func load() async throws(SettingsError) -> Settings {
        if let failure { throw failure }
        return settings
    }

    @discardableResult
    public func update(_ change: @Sendable (inout Settings) -> Void) async throws(SettingsError) -> Settings {
        if let failure { throw failure }
        change(&settings)
        return settings
    }
}
