/// Keeps the user's settings (`quill config`) between runs.
///
/// Exists so that the commands, which only need the values, never know where or how they are
/// kept: a JSON file in the config directory in production, memory in previews and tests.
public protocol SettingsStoring: Sendable {
    /// The saved settings; empty when none were ever saved.
    func load() async throws(SettingsError) -> Settings
    /// Applies `change` to the saved settings and saves the result in one atomic step, so two
    /// `quill config set` at once both land. Returns what was saved.
    @discardableResult
    func update(_ change: @Sendable (inout Settings) -> Void) async throws(SettingsError) -> Settings
}
