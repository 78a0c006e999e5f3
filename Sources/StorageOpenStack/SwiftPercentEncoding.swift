/// Percent-encoding of names for Swift API URLs, written out rather than left to
/// Foundation so that exactly RFC 3986's unreserved bytes stay as they are.
///
/// Object names may hold anything but NUL: spaces, UTF-8, `?`, `#`, `%`, `+`, `&`.
/// Every byte that is not unreserved is sent as `%XX` (upper-case hex), so the
/// server reads back the exact bytes of the name.
public enum SwiftPercentEncoding {
    /// Encodes a path segment; with `keepingSlashes`, `/` stays as the separator
    /// of an object name's pseudo-folders.
    public static func encode(_ text: String, keepingSlashes: Bool = false) -> String {
        var encoded = [UInt8]()
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// A query string from name/value pairs, each side encoded with nothing kept.
    public static func query(_ items: [(name: String, value: String)]) -> String {
        items.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    /// RFC 3986 section 2.3: ALPHA / DIGIT / "-" / "." / "_" / "~".
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
