#if canImport(Glibc)
import Glibc
#endif

/// The entities `XMLPullReader` knows: XML's five and character references, and for the
/// `html` dialect the named entities notes written in HTML use.
///
/// Exists so that no entity is ever defined by the document itself (see `XMLPullReader`).
enum XMLEntities {
    /// `bytes` with their entities and character references replaced.
    static func decode(_ bytes: ArraySlice<UInt8>, html: Bool) throws(XMLFormatError) -> [UInt8] {
        let ampersand = UInt8(ascii: "&"), semicolon = UInt8(ascii: ";")
        let hasEntity = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, Int32(ampersand), buffer.count) != nil } ?? false
        }
        guard hasEntity else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == ampersand else {
                result.append(byte)
                index += 1
                continue
            }
            let limit = min(bytes.endIndex, index + 40)
            guard let semicolonIndex = bytes[index..<limit].firstIndex(of: semicolon) else {
                if html { result.append(byte); index += 1; continue }
                throw .malformed("a '&' that starts no entity (write &amp;)")
            }
            let name = String(decoding: bytes[(index + 1)..<semicolonIndex], as: UTF8.self)
            if let scalar = value(of: name, html: html) {
                result.append(contentsOf: Array(String(scalar).utf8))
            } else if html {
                result.append(contentsOf: bytes[index...semicolonIndex])
            } else {
                throw .undefinedEntity(name)
            }
            index = semicolonIndex + 1
        }
        return result
    }

    static func value(of name: String, html: Bool) -> Unicode.Scalar? {
        if name.hasPrefix("#") { return characterReference(name.dropFirst()) }
        if let scalar = xml[name] { return scalar }
        return html ? htmlNames[name].flatMap(Unicode.Scalar.init) : nil
    }

    private static func characterReference(_ digits: Substring) -> Unicode.Scalar? {
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return scalar
    }

    private static let xml: [String: Unicode.Scalar] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]

    /// HTML's named entities that notes (Evernote's ENML, web clips) are seen to use.
    private static let htmlNames: [String: UInt32] = [
        "nbsp": 0xA0, "iexcl": 0xA1, "cent": 0xA2, "pound": 0xA3, "curren": 0xA4, "yen": 0xA5, "brvbar": 0xA6, "sect": 0xA7,
        "uml": 0xA8, "copy": 0xA9, "ordf": 0xAA, "laquo": 0xAB, "not": 0xAC, "shy": 0xAD, "reg": 0xAE, "macr": 0xAF, "deg": 0xB0,
        "plusmn": 0xB1, "sup2": 0xB2, "sup3": 0xB3, "acute": 0xB4, "micro": 0xB5, "para": 0xB6, "middot": 0xB7, "cedil": 0xB8,
        "sup1": 0xB9, "ordm": 0xBA, "raquo": 0xBB, "frac14": 0xBC, "frac12": 0xBD, "frac34": 0xBE, "iquest": 0xBF,
        "Agrave": 0xC0, "Aacute": 0xC1, "Acirc": 0xC2, "Atilde": 0xC3, "Auml": 0xC4, "Aring": 0xC5, "AElig": 0xC6, "Ccedil": 0xC7,
        "Egrave": 0xC8, "Eacute": 0xC9, "Ecirc": 0xCA, "Euml": 0xCB, "Igrave": 0xCC, "Iacute": 0xCD, "Icirc": 0xCE, "Iuml": 0xCF,
        "ETH": 0xD0, "Ntilde": 0xD1, "Ograve": 0xD2, "Oacute": 0xD3, "Ocirc": 0xD4, "Otilde": 0xD5, "Ouml": 0xD6, "times": 0xD7,
        "Oslash": 0xD8, "Ugrave": 0xD9, "Uacute": 0xDA, "Ucirc": 0xDB, "Uuml": 0xDC, "Yacute": 0xDD, "THORN": 0xDE, "szlig": 0xDF,
        "agrave": 0xE0, "aacute": 0xE1, "acirc": 0xE2, "atilde": 0xE3, "auml": 0xE4, "aring": 0xE5, "aelig": 0xE6, "ccedil": 0xE7,
        "egrave": 0xE8, "eacute": 0xE9, "ecirc": 0xEA, "euml": 0xEB, "igrave": 0xEC, "iacute": 0xED, "icirc": 0xEE, "iuml": 0xEF,
        "eth": 0xF0, "ntilde": 0xF1, "ograve": 0xF2, "oacute": 0xF3, "ocirc": 0xF4, "otilde": 0xF5, "ouml": 0xF6, "divide": 0xF7,
        "oslash": 0xF8, "ugrave": 0xF9, "uacute": 0xFA, "ucirc": 0xFB, "uuml": 0xFC, "yacute": 0xFD, "thorn": 0xFE, "yuml": 0xFF,
        "OElig": 0x152, "oelig": 0x153, "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178, "fnof": 0x192, "circ": 0x2C6, "tilde": 0x2DC,
        "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009, "zwnj": 0x200C, "zwj": 0x200D, "lrm": 0x200E, "rlm": 0x200F,
        "ndash": 0x2013, "mdash": 0x2014, "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D,
        "bdquo": 0x201E, "dagger": 0x2020, "Dagger": 0x2021, "bull": 0x2022, "hellip": 0x2026, "permil": 0x2030, "prime": 0x2032,
        "Prime": 0x2033, "lsaquo": 0x2039, "rsaquo": 0x203A, "euro": 0x20AC, "trade": 0x2122, "larr": 0x2190, "uarr": 0x2191,
        "rarr": 0x2192, "darr": 0x2193, "harr": 0x2194, "rArr": 0x21D2, "hArr": 0x21D4, "minus": 0x2212, "le": 0x2264, "ge": 0x2265,
        "ne": 0x2260, "infin": 0x221E, "check": 0x2713, "hearts": 0x2665,
    ]
}
