import QuillModels
/// The keys `quill config` knows, each with its type, its validation and its environment variable.
///
/// The one list of keys: `config get|set|unset|list`, the settings file and the environment
/// all go through it, so a key cannot be valid in one and refused in another.
public enum SettingKey: String, CaseIterable, Sendable {
    case color
    case dates
    case editor
    case exportLevel = "export.level"
    case listLimit = "list.limit"
    case historyKeep = "history.keep"

    /// The environment variable that overrides the saved value (`QUILL_EXPORT_LEVEL`, …).
    public var environmentVariable: String {
        "QUILL_" + String(rawValue.uppercased().map { $0 == "." ? "_" : $0 })
    }

    /// What values the key takes, for help and error messages.
    public var allowedValues: String {
        switch self {
        case .color: "auto, always or never"
        case .dates: "utc or local"
        case .editor: "a command line, e.g. 'vim' or 'code -w'"
        case .exportLevel: "1 (fastest) to 9 (smallest)"
        case .listLimit: "'all' or a count of zero or more"
        case .historyKeep: "'all', a number of revisions per note (e.g. 100), or a span (e.g. 90d, 26w, 1y)"
        }
    }

    /// Parses and validates `text`, then stores it in `settings`.
    public func set(_ text: String, in settings: inout Settings) throws(InvalidSettingValue) {
        let invalid = InvalidSettingValue(key: self, value: text)
        switch self {
        case .color:
            guard let value = ColorChoice(rawValue: text) else { throw invalid }
            settings.color = value
        case .dates:
            guard let value = DateDisplay(rawValue: text) else { throw invalid }
            settings.dates = value
        case .editor:
            guard !text.allSatisfy(\.isWhitespace) else { throw invalid }
            settings.editor = text
        case .exportLevel:
            guard let value = Int(text), (1...9).contains(value) else { throw invalid }
            settings.exportLevel = value
        case .listLimit:
            guard let value = ListLimit(text) else { throw invalid }
            settings.listLimit = value
        case .historyKeep:
            guard let value = HistoryRetention(text) else { throw invalid }
            settings.historyKeep = value
        }
    }

    /// The saved value as text, `nil` when not set.
    public func value(in settings: Settings) -> String? {
        switch self {
        case .color: settings.color?.rawValue
        case .dates: settings.dates?.rawValue
        case .editor: settings.editor
        case .exportLevel: settings.exportLevel.map(String.init)
        case .listLimit: settings.listLimit?.description
        case .historyKeep: settings.historyKeep?.description
        }
    }

    public func remove(from settings: inout Settings) {
        switch self {
        case .color: settings.color = nil
        case .dates: settings.dates = nil
        case .editor: settings.editor = nil
        case .exportLevel: settings.exportLevel = nil
        case .listLimit: settings.listLimit = nil
        case .historyKeep: settings.historyKeep = nil
        }
    }
}

/// A value a key does not accept, with what it would accept.
public struct InvalidSettingValue: Error, Equatable, Sendable, CustomStringConvertible {
    public let key: SettingKey
    public let value: String

    public var description: String { "'\(value)' is not a valid \(key.rawValue): expected \(key.allowedValues)" }
}
