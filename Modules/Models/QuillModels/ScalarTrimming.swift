extension String {
    /// This string without the Unicode scalars at either end that match `isTrimmed`.
    ///
    /// Exists because Foundation's `trimmingCharacters(in: .whitespaces)` trims a set that differs
    /// between platforms (on Linux it includes U+200B ZERO WIDTH SPACE, which is not white space),
    /// so the rule a note's text obeys could not be written down exactly (docs/openapi.yaml).
    func trimmingUnicodeScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        if start == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return self }
        return String(scalars[start...last])
    }
}

extension Unicode.Scalar {
    /// Unicode White_Space that is not a line break: the tab and the space separators (Zs).
    var isSpaceWithinALine: Bool {
        self == "\t" || properties.generalCategory == .spaceSeparator
    }
}
