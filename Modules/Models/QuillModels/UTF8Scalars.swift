/// Scalars read straight from UTF-8 bytes, for the code that reads text as bytes for speed
/// (`SearchText.indexable`, snippets): one decoder, which also takes bytes that are not UTF-8
/// (a lead byte cut off at the end ends with the bytes).
enum UTF8Scalars {
    /// The scalar whose lead byte (not ASCII) is at `index`, `nil` where the bytes are not one,
    /// and how many bytes it takes.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar?, length: Int) {
        let lead = bytes[index]
        let length = min(lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2, bytes.count - index)
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (Unicode.Scalar(value), length)
    }
}
