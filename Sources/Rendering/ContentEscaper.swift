/// Makes an object's bytes safe to show on a terminal, chunk by chunk, as `less` does:
/// lines and tabs stay, other control characters show in caret notation (`^[` for
/// ESC, `^?` for DEL), C1 and bidirectional controls as `\u{202E}`, and bytes that are
/// not UTF-8 as `<FF>`. A character split between two chunks is kept for the next one.
public struct ContentEscaper: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The printable form of `chunk`, holding back an unfinished UTF-8 sequence at its end.
    public mutating func escape(_ chunk: some Sequence<UInt8>) -> String {
        var bytes = pending
        bytes.append(contentsOf: chunk)
        let cut = Self.completePrefixLength(bytes)
        pending = Array(bytes[cut...])
        return Self.printable(bytes[..<cut])
    }

    /// What is left at the end of the content: an unfinished sequence, as bytes.
    public mutating func finish() -> String {
        defer { pending = [] }
        return pending.map(Self.byteText).joined()
    }

    /// How much of `bytes` ends on a whole character (an unfinished lead sequence of at
    /// most 3 bytes at the end waits for the next chunk).
    public static func completePrefixLength(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return length > back ? bytes.count - back : bytes.count
            }
        }
        return bytes.count
    }

    static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        var out = ""
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = bytes.startIndex
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                out += text(of: scalar)
                offset += String(scalar).utf8.count
            case .error:
                // One byte that starts no valid character; the decoder skipped it.
                out += byteText(bytes[offset])
                offset += 1
                iterator = bytes[offset...].makeIterator()
                decoder = UTF8()
            case .emptyInput:
                return out
            }
        }
    }

    static func text(of scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0A, 0x09: String(scalar)
        case 0x00...0x1F: "^" + String(UnicodeScalar(UInt8(scalar.value) + 0x40))
        case 0x7F: "^?"
        default: TerminalEscaping.needsEscape(scalar) ? TerminalEscaping.escape(String(scalar)) : String(scalar)
        }
    }

    static func byteText(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "<" + (digits.count == 1 ? "0" : "") + digits + ">"
    }
}
