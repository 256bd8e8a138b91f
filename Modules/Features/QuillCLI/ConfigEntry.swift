import Foundation
import SettingsInterface

/// One line of `quill config get|list`: a key, its value and where the value came from.
/// Its JSON shape is documented in docs/cli.md.
struct ConfigEntry: Encodable {
    /// A value as JSON shows it: numbers for `export.level` and a `list.limit` count, text otherwise.
    enum Value: Encodable {
        case number(Int)
        case text(String)

        var text: String {
            switch self {
            case .number(let number): String(number)
            case .text(let text): text
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .text(let text): try container.encode(text)
            }
        }
    }

    let key: String
    let value: Value
    let source: String
    /// Which environment variable gave the value, when one did.
    let variable: String?
    let explanation: String

    init(key: SettingKey, effective: EffectiveSettings) {
        let text = effective.text(key)
        let source = effective.sources[key] ?? .defaultValue
        self.key = key.rawValue
        self.value = switch key {
        case .exportLevel, .listLimit, .historyKeep: Int(text).map(Value.number) ?? .text(text)
        default: .text(text)
        }
        self.source = source.description
        if case .environment(let variable) = source { self.variable = variable } else { self.variable = nil }
        self.explanation = source.explanation
    }

    enum CodingKeys: String, CodingKey {
        case key, value, source, variable
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
