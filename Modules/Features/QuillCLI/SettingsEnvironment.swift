import Foundation
import SettingsInterface

/// What resolving a setting needs: the saved settings, the process's environment variables
/// (`QUILL_COLOR`, `VISUAL`, `NO_COLOR`, …) and the time zone local dates are shown in.
///
/// One value, so `CLIEnvironment` gains one field and each root wires settings as a unit:
/// the JSON file in production, memory in preview and tests.
public struct SettingsEnvironment: Sendable {
    public var store: any SettingsStoring
    public var variables: [String: String]
    public var timeZone: TimeZone

    public init(store: any SettingsStoring, variables: [String: String], timeZone: TimeZone) {
        self.store = store
        self.variables = variables
        self.timeZone = timeZone
    }
}
