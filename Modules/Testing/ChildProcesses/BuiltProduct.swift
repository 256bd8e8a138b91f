import Foundation

/// Finds the package's own executables for integration tests.
public enum BuiltProduct {
    /// The executable `name` that SwiftPM built next to the running test bundle, or the path
    /// in the environment variable `override` (e.g. `QUILL_BINARY`) when it is set.
    public static func path(_ name: String, override variable: String) -> String {
        if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty { return path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
