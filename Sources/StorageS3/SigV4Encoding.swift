/// Percent-encoding as AWS Signature Version 4 defines it (`UriEncode`), which is not
/// Foundation's: only `A-Z a-z 0-9 - . _ ~` stay as they are, every other UTF-8 byte
/// becomes `%XX` with upper-case hex digits (a space is `%20`, never `+`), and `/`
/// stays only in an object key's path.
public enum SigV4Encoding {
    /// `text` encoded; with `keepingSlashes`, `/` stays (a key in the path).
    public static func encode(_ text: String, keepingSlashes: Bool = false) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 0x0F)]
            }
        }
        return encoded
    }

    /// A query's canonical form: names and values encoded, pairs sorted by encoded
    /// name and then value, joined with `&` (a name without value keeps its `=`).
    public static func canonicalQuery(_ items: [(name: String, value: String)]) -> String {
        let encoded: [(name: String, value: String)] = items.map { (encode($0.name), encode($0.value)) }
        let sorted = encoded.sorted { left, right in left.name == right.name ? left.value < right.value : left.name < right.name }
        return sorted.map { pair in pair.name + "=" + pair.value }.joined(separator: "&")
    }

    private static let hexDigits = Array("0123456789ABCDEF").map(String.init)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
