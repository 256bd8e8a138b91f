import SettingsInterface

/// Decides each setting's value: a flag beats an environment variable, which beats the
/// settings file, which beats the default (docs/cli.md, "Settings").
///
/// The file is read only when a key the command needs is not decided by a flag or the
/// environment, so commands that need no settings never read it, and a corrupt file stops
/// only the commands that would have used it.
struct SettingsResolver: Sendable {
    let environment: SettingsEnvironment

    /// The values of `keys`, taking `flags` (as typed on the command line) first.
    func resolve(_ keys: [SettingKey], flags: [SettingKey: String] = [:]) async throws -> EffectiveSettings {
        var effective = EffectiveSettings(defaultsFrom: environment.variables)
        var saved: Settings?
        for key in keys {
            if let flag = flags[key] {
                effective.take(key, from: try parse(key, flag, from: "--\(key.flagName)"), source: .flag)
            } else if let variable = environment.variables[key.environmentVariable], !variable.isEmpty {
                effective.take(key, from: try parse(key, variable, from: "$" + key.environmentVariable),
                               source: .environment(variable: key.environmentVariable))
            } else {
                if saved == nil { saved = try await load() }
                effective.take(key, from: saved ?? Settings(), source: .settings)
            }
        }
        return effective
    }

    /// The saved settings, as the user sees a failure to read them.
    func load() async throws -> Settings {
        do {
            return try await environment.store.load()
        } catch {
            throw SettingsFailure.from(error)
        }
    }

    private func parse(_ key: SettingKey, _ text: String, from origin: String) throws -> Settings {
        var layer = Settings()
        do {
            try key.set(text, in: &layer)
        } catch {
            throw CLIFailure("\(origin): \(error)", status: origin.hasPrefix("--") ? .usage : .failure)
        }
        return layer
    }
}

extension SettingKey {
    /// The flag that overrides the key on the commands that take it.
    var flagName: String {
        switch self {
        case .color: "color"
        case .dates: "dates"
        case .editor: "editor"
        case .exportLevel: "level"
        case .listLimit: "limit"
        case .historyKeep: "keep"
        }
    }
}

/// How a settings error reaches the user: the cause names the file; the hint says what to do.
enum SettingsFailure {
    static func from(_ error: SettingsError) -> CLIFailure {
        switch error {
        case .corrupt(let path, _):
            CLIFailure(error.description, hint: "fix \(path) or remove it (commands that need no settings still work)")
        case .unavailable:
            CLIFailure(error.description, hint: "check that XDG_CONFIG_HOME or HOME points to a writable directory")
        }
    }
}
