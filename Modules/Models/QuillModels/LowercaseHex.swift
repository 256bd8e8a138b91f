/// Bytes as lowercase hexadecimal digits, two per byte.
///
/// The one encoder of digests as Quill writes them: attachment hashes, archive manifests, push
/// digests.
public enum LowercaseHex {
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var hex: [UInt8] = []
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static let digits = Array("0123456789abcdef".utf8)
}
