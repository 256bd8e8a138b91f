import SettingsInterface

/// Settings that fail the test when read or saved: for proving that a command needs none.
public struct UnimplementedSettings: SettingsStoring {
    public init() {}

    public func load() async throws(SettingsError) -> Settings {
        throw Self.failure(unimplemented("SettingsStoring.load"))
    }

    @discardableResult
    public func update(_ change: @Sendable (inout Settings) -> Void) async throws(SettingsError) -> Settings {
        throw Self.failure(unimplemented("SettingsStoring.update"))
    }

    /// The protocol throws only `SettingsError`, so the recorded failure travels as one.
    private static func failure(_ error: Unimplemented) -> SettingsError {
        .unavailable(path: "(unimplemented settings)", reason: error.description)
    }
}
