import QuillModels

/// The arguments of one call, read by name with a clear `ToolFailure` for a missing or
/// mistyped one.
public struct ToolArguments: Sendable {
    public let values: [String: ToolValue]

    public init(_ values: [String: ToolValue]) { self.values = values }

    /// A string argument; `nil` if absent and not `required`.
    public func string(_ name: String, required: Bool = false) throws(ToolFailure) -> String? {
        switch values[name] {
        case .string(let text)?: return text
        case nil, .null?:
            if required { throw ToolFailure("the argument '\(name)' is required: a string") }
            return nil
        default: throw ToolFailure("the argument '\(name)' must be a string")
        }
    }

    /// An integer argument within `range`; `nil` if absent.
    public func integer(_ name: String, in range: ClosedRange<Int>) throws(ToolFailure) -> Int? {
        let number: Int
        switch values[name] {
        case .integer(let value)?: number = value
        case .number(let value)? where value.rounded() == value && abs(value) < 1e15: number = Int(value)
        case nil, .null?: return nil
        default: throw ToolFailure("the argument '\(name)' must be an integer")
        }
        guard range.contains(number) else {
            throw ToolFailure("the argument '\(name)' must be from \(range.lowerBound) to \(range.upperBound), not \(number)")
        }
        return number
    }

    /// An array of strings; empty if absent.
    public func strings(_ name: String) throws(ToolFailure) -> [String] {
        switch values[name] {
        case .array(let items)?:
            return try items.map { item throws(ToolFailure) in
                guard case .string(let text) = item else { throw ToolFailure("the argument '\(name)' must be an array of strings") }
                return text
            }
        case nil, .null?: return []
        default: throw ToolFailure("the argument '\(name)' must be an array of strings")
        }
    }

    /// Refuses arguments the tool does not take, naming them (a misspelt name is a mistake to report, not to ignore).
    public func allowing(only names: Set<String>) throws(ToolFailure) -> ToolArguments {
        let unknown = values.keys.filter { !names.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw ToolFailure("unknown \(Counted.noun("argument", count: unknown.count)) \(unknown.map { "'\($0)'" }.joined(separator: ", ")); this tool takes \(names.sorted().joined(separator: ", "))")
        }
        return self
    }
}
