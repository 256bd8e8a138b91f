/// How dates are shown to people (JSON output is always UTC).
public enum DateDisplay: String, Codable, CaseIterable, Sendable {
    case utc
    case local
}

/// When output is coloured: `auto` colours only a terminal.
public enum ColorChoice: String, Codable, CaseIterable, Sendable {
    case auto
    case always
    case never
}

/// How many notes `quill list` shows when `--limit` is not given: all, or at most a count.
public enum ListLimit: Equatable, Sendable, Codable, CustomStringConvertible {
    case all
    case atMost(Int)

    /// `all`, or a count of zero or more; `nil` for anything else.
    public init?(_ text: String) {
        if text == "all" {
            self = .all
        } else if let count = Int(text), count >= 0 {
            self = .atMost(count)
        } else {
            return nil
        }
    }

    public var count: Int? {
        switch self {
        case .all: nil
        case .atMost(let count): count
        }
    }

    public var description: String { count.map(String.init) ?? "all" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let number = try? container.decode(Int.self)
        let text = try number.map(String.init) ?? container.decode(String.self)
        guard let limit = ListLimit(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not 'all' or a count")
        }
        self = limit
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .all: try container.encode("all")
        case .atMost(let count): try container.encode(count)
        }
    }
}
