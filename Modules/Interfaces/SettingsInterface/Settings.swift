import QuillModels

/// What the user saved with `quill config set`: every key optional, `nil` meaning "not set".
///
/// Its JSON form is the settings file (keys as `quill config` names them). Decoding validates
/// every value, so a hand-edited file with `"export.level": 12` is refused, not obeyed; keys
/// this version does not know are ignored, so an older `quill` reads a newer one's file.
public struct Settings: Codable, Equatable, Sendable {
    public var editor: String?
    public var exportLevel: Int?
    public var listLimit: ListLimit?
    public var dates: DateDisplay?
    public var color: ColorChoice?
    /// How much history `quill history prune` keeps; nothing is pruned without it.
    public var historyKeep: HistoryRetention?

    public init(
        editor: String? = nil, exportLevel: Int? = nil, listLimit: ListLimit? = nil,
        dates: DateDisplay? = nil, color: ColorChoice? = nil, historyKeep: HistoryRetention? = nil
    ) {
        self.historyKeep = historyKeep
        self.editor = editor
        self.exportLevel = exportLevel
        self.listLimit = listLimit
        self.dates = dates
        self.color = color
    }

    enum CodingKeys: String, CodingKey {
        case editor
        case exportLevel = "export.level"
        case listLimit = "list.limit"
        case dates
        case color
        case historyKeep = "history.keep"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var settings = Settings()
        for key in SettingKey.allCases {
            guard let codingKey = CodingKeys(rawValue: key.rawValue), container.contains(codingKey) else { continue }
            if try container.decodeNil(forKey: codingKey) { continue }
            let text: String
            if let number = try? container.decode(Int.self, forKey: codingKey) {
                text = String(number)
            } else if let string = try? container.decode(String.self, forKey: codingKey) {
                text = string
            } else {
                throw DecodingError.dataCorruptedError(
                    forKey: codingKey, in: container, debugDescription: "\(key.rawValue) must be a string or a number")
            }
            do {
                try key.set(text, in: &settings)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: codingKey, in: container, debugDescription: error.description)
            }
        }
        self = settings
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(editor, forKey: .editor)
        try container.encodeIfPresent(exportLevel, forKey: .exportLevel)
        try container.encodeIfPresent(listLimit, forKey: .listLimit)
        try container.encodeIfPresent(dates, forKey: .dates)
        try container.encodeIfPresent(color, forKey: .color)
        switch historyKeep {
        case .revisions(let count): try container.encode(count, forKey: .historyKeep)
        case let retention?: try container.encode(retention.description, forKey: .historyKeep)
        case nil: break
        }
    }
}
