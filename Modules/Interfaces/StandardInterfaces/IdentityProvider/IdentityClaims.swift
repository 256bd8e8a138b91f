/// The claims of an ID token or a userinfo answer: JSON values by name, with readers for the
/// shapes OpenID Connect gives them.
public struct IdentityClaims: Hashable, Sendable, Codable {
    public var values: [String: ClaimValue]

    public init(_ values: [String: ClaimValue] = [:]) {
        self.values = values
    }

    public init(from decoder: any Decoder) throws {
        values = try [String: ClaimValue](from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try values.encode(to: encoder)
    }

    public subscript(name: String) -> ClaimValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// A claim that is a string.
    public func string(_ name: String) -> String? {
        if case .string(let text) = values[name] { return text }
        return nil
    }

    /// A claim that is a string or a list of strings (`aud`, a groups claim), as a list.
    public func strings(_ name: String) -> [String] {
        switch values[name] {
        case .string(let text): [text]
        case .array(let items): items.compactMap { if case .string(let text) = $0 { text } else { nil } }
        default: []
        }
    }

    /// A claim that is a boolean; some providers send `"true"` as a string.
    public func bool(_ name: String) -> Bool? {
        switch values[name] {
        case .bool(let value): value
        case .string(let text): text == "true" ? true : text == "false" ? false : nil
        default: nil
        }
    }

    /// A claim that is a number (seconds since 1970 for `exp` and `iat`).
    public func number(_ name: String) -> Double? {
        if case .number(let value) = values[name] { return value }
        return nil
    }

    /// These claims, with those of `other` added where these lack them (the userinfo fallback).
    public func filling(from other: IdentityClaims) -> IdentityClaims {
        IdentityClaims(values.merging(other.values) { mine, _ in mine })
    }
}

/// One JSON value of a claim.
public enum ClaimValue: Hashable, Sendable, Codable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([ClaimValue])
    case object([String: ClaimValue])
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([ClaimValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: ClaimValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}
