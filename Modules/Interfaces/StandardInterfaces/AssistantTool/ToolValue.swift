/// A JSON value: a tool's input schema, the arguments an assistant calls it with, and what
/// it answers.
///
/// Exists so that the tools are written and tested without the protocol library that serves
/// them; the adapter converts to and from that library's own value type.
public indirect enum ToolValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([ToolValue])
    case object([String: ToolValue])
}

extension ToolValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(arrayLiteral elements: ToolValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, ToolValue)...) { self = .object(Dictionary(uniqueKeysWithValues: elements)) }
}
