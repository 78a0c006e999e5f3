/// Makes raw strings from storage safe to print on a terminal.
///
/// Rules, per Unicode scalar:
/// - `\n`, `\t`, `\r` become the two-character sequences `\n`, `\t`, `\r`; ESC becomes `\e`.
/// - Other C0 controls (U+0000–U+001F) and DEL (U+007F) become `\xHH` (two uppercase hex digits).
/// - C1 controls (U+0080–U+009F) become `\u{85}` style (uppercase hex, no leading zeros), so they
///   cannot be mistaken for the UTF-8 bytes `\xC2\x85` of the same scalar.
/// - Bidi embedding/override/isolate controls (U+202A–U+202E, U+2066–U+2069), plus the
///   implicit marks U+200E, U+200F, U+061C and the separators U+2028/U+2029, become
///   `\u{202E}` style, because they can reorder or break what the user sees.
/// - Everything else, including backslash, is passed through unchanged (names are shown, not parsed).
/// - A byte that is not UTF-8 (`escape(bytes:)`, for local names) becomes `\xHH`.
public enum TerminalEscaping {
    /// Returns `s` with every control and reordering character replaced by a visible escape.
    public static func escape(_ s: String) -> String {
        // Fast path: most names need no escaping.
        if !s.unicodeScalars.contains(where: needsEscape) { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if needsEscape(scalar) {
                out.append(contentsOf: replacement(for: scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A name's bytes as text to show: each byte that begins no UTF-8 character as `\xFF`
    /// (a local file's name need not be UTF-8), the rest as `escape` shows it.
    public static func escape(bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self) { return escape(text) }
        var out = ""
        var index = 0
        while index < bytes.count {
            var decoder = UTF8()
            var iterator = bytes[index...].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                out += escape(String(scalar))
                index += String(scalar).utf8.count
            } else {
                out += "\\x" + hex(UInt32(bytes[index]), minDigits: 2)
                index += 1
            }
        }
        return out
    }

    /// Whether `s` shows as it is: `escape` would leave it unchanged. Completion inserts
    /// only such names into a line the terminal echoes.
    public static func isPlain(_ s: String) -> Bool {
        !s.unicodeScalars.contains(where: needsEscape)
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func replacement(for scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0A: return "\\n"
        case 0x09: return "\\t"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        case 0x00...0x1F, 0x7F:
            return "\\x" + hex(scalar.value, minDigits: 2)
        default:
            return "\\u{" + hex(scalar.value, minDigits: 1) + "}"
        }
    }

    private static func hex(_ value: UInt32, minDigits: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, minDigits - digits.count)) + digits
    }
}
