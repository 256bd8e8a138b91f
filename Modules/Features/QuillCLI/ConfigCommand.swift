import ArgumentParser
import Foundation
import SettingsInterface

/// `quill config get|set|unset|list`: the user's settings, saved as JSON in the config directory.
public struct ConfigCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Show or change settings.",
        discussion: """
            Keys: \(SettingKey.allCases.map { "\($0.rawValue) (\($0.allowedValues))" }.joined(separator: "; ")).

            A flag beats an environment variable (\(SettingKey.allCases.map(\.environmentVariable).joined(separator: ", "))), \
            which beats the settings file ($XDG_CONFIG_HOME/quill/settings.json, else ~/.config/quill/settings.json), \
            which beats the default.
            """,
        subcommands: [ConfigGetCommand.self, ConfigSetCommand.self, ConfigUnsetCommand.self, ConfigListCommand.self])

    public init() {}
}

/// `quill config get KEY [--json]`: the value a command would use, and where it came from.
public struct ConfigGetCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print a setting's value (from the environment, the settings file or the default).")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The key, e.g. list.limit.") var key: String
    @Flag(help: "Print JSON: key, value and source (see docs/cli.md).") var json = false

    public init() {}

    public func validate() throws { _ = try ConfigKeyArgument.parse(key) }

    public func run(in environment: CLIEnvironment) async throws {
        let key = try ConfigKeyArgument.parse(key)
        let effective = try await SettingsResolver(environment: environment.settings).resolve([key])
        let entry = ConfigEntry(key: key, effective: effective)
        environment.console.write(json ? try ConfigEntry.json(entry) : entry.value.text + "\n")
    }
}

/// `quill config set KEY VALUE`: validates, then saves atomically.
public struct ConfigSetCommand: QuillCommand {
    public static let configuration = CommandConfiguration(commandName: "set", abstract: "Save a setting.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The key, e.g. list.limit.") var key: String
    @Argument(help: "The value, e.g. 20.") var value: String

    public init() {}

    public func validate() throws {
        var settings = Settings()
        do {
            try ConfigKeyArgument.parse(key).set(value, in: &settings)
        } catch let error as InvalidSettingValue {
            throw ValidationError(error.description)
        }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let key = try ConfigKeyArgument.parse(key)
        var parsed = Settings()
        try key.set(value, in: &parsed)
        let layer = parsed
        try await ConfigStore(environment).update { key.set(from: layer, in: &$0) }
    }
}

/// `quill config unset KEY`: back to the default (or the environment's value).
public struct ConfigUnsetCommand: QuillCommand {
    public static let configuration = CommandConfiguration(commandName: "unset", abstract: "Remove a saved setting.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The key, e.g. list.limit.") var key: String

    public init() {}

    public func validate() throws { _ = try ConfigKeyArgument.parse(key) }

    public func run(in environment: CLIEnvironment) async throws {
        let key = try ConfigKeyArgument.parse(key)
        try await ConfigStore(environment).update { key.remove(from: &$0) }
    }
}

/// `quill config list [--json]`: every key with its value and where it came from.
public struct ConfigListCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print every setting, its value and where the value came from.")

    @OptionGroup public var global: GlobalOptions
    @Flag(help: "Print JSON: an array of key, value and source (see docs/cli.md).") var json = false

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let effective = try await SettingsResolver(environment: environment.settings).resolve(SettingKey.allCases)
        let entries = SettingKey.allCases.map { ConfigEntry(key: $0, effective: effective) }
        if json { return environment.console.write(try ConfigEntry.json(entries)) }
        let width = SettingKey.allCases.map(\.rawValue.count).max() ?? 0
        let valueWidth = entries.map(\.value.text.count).max() ?? 0
        environment.console.write(entries.map { entry in
            entry.key.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + entry.value.text.padding(toLength: valueWidth, withPad: " ", startingAt: 0) + "  (\(entry.explanation))\n"
        }.joined())
    }
}

/// A key typed on the command line, refused with the list of keys when unknown.
enum ConfigKeyArgument {
    static func parse(_ text: String) throws -> SettingKey {
        guard let key = SettingKey(rawValue: text) else {
            throw ValidationError("unknown key '\(text)': expected one of \(SettingKey.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return key
    }
}

/// Saving settings, as the user sees a failure to.
struct ConfigStore {
    let environment: CLIEnvironment

    init(_ environment: CLIEnvironment) { self.environment = environment }

    func update(_ change: @escaping @Sendable (inout Settings) -> Void) async throws {
        do {
            try await environment.settings.store.update(change)
        } catch {
            throw SettingsFailure.from(error)
        }
    }
}

extension SettingKey {
    /// Copies this key's value from `layer` into `settings`.
    func set(from layer: Settings, in settings: inout Settings) {
        guard let text = value(in: layer) else { return }
        try? set(text, in: &settings)
    }
}
