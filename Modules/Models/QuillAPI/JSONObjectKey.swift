/// Any key of a JSON object, so a strict body type can see every key a client sent.
struct JSONObjectKey: CodingKey, Hashable {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where Key == JSONObjectKey {
    /// Throws for the first key (in sorted order) that is not `allowed`: a misspelt field
    /// ("tag" for "tags") must be an error, never silently dropped with what it carried.
    func rejectUnknownKeys(allowed: Set<String>, _ explanation: String) throws {
        guard let unknown = allKeys.map(\.stringValue).filter({ !allowed.contains($0) }).sorted().first else { return }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [JSONObjectKey(unknown)],
                                                debugDescription: "unknown field; \(explanation)"))
    }
}
