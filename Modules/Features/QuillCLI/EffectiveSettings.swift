import CompressionInterface
import QuillModels
import SettingsInterface

/// Every setting's value as a command uses it, and where each came from.
///
/// Built by `SettingsResolver`; starts from the defaults and takes each key from the highest
/// layer that sets it.
struct EffectiveSettings: Sendable {
    private(set) var values: Settings
    private(set) var sources: [SettingKey: SettingSource]

    /// The defaults: `$VISUAL`, else `$EDITOR`, else `vi`; level 6; all notes; UTC dates;
    /// colour on a terminal unless `$NO_COLOR` is set (https://no-color.org); every revision kept.
    init(defaultsFrom variables: [String: String]) {
        let nonEmpty = { (name: String) in variables[name].flatMap { $0.isEmpty ? nil : $0 } }
        values = Settings(
            editor: nonEmpty("VISUAL") ?? nonEmpty("EDITOR") ?? "vi",
            exportLevel: CompressionLevel.standard.value, listLimit: .all, dates: .utc,
            color: nonEmpty("NO_COLOR") == nil ? .auto : .never, historyKeep: .all)
        sources = Dictionary(uniqueKeysWithValues: SettingKey.allCases.map { ($0, .defaultValue) })
    }

    /// Takes `key`'s value from `layer` (already validated), recording where it came from.
    mutating func take(_ key: SettingKey, from layer: Settings, source: SettingSource) {
        guard let text = key.value(in: layer) else { return }
        try? key.set(text, in: &values)
        sources[key] = source
    }

    func text(_ key: SettingKey) -> String { key.value(in: values) ?? "" }

    // Always set: the defaults fill every key.
    var editor: String { values.editor ?? "vi" }
    var exportLevel: Int { values.exportLevel ?? CompressionLevel.standard.value }
    var listLimit: ListLimit { values.listLimit ?? .all }
    var dates: DateDisplay { values.dates ?? .utc }
    var color: ColorChoice { values.color ?? .auto }
    var historyKeep: HistoryRetention { values.historyKeep ?? .all }
}
