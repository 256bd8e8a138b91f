/// Which layer decided a setting's value: flag > environment > settings file > default.
enum SettingSource: Equatable, Sendable, CustomStringConvertible {
    case flag
    case environment(variable: String)
    case settings
    case defaultValue

    var description: String {
        switch self {
        case .flag: "flag"
        case .environment: "environment"
        case .settings: "settings"
        case .defaultValue: "default"
        }
    }

    /// The longer form `config list` prints beside a value.
    var explanation: String {
        switch self {
        case .flag: "from the command line"
        case .environment(let variable): "from $\(variable)"
        case .settings: "from the settings file"
        case .defaultValue: "default"
        }
    }
}
