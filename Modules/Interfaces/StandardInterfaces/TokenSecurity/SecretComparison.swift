/// Compares secrets sent by a client (a form token, a sign-in's nonce or state) with the expected
/// ones in time that does not depend on where they first differ, so that timing reveals nothing.
public enum SecretComparison {
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
