import Foundation

/// Counts what in a stream of bytes would act on a terminal instead of showing: C0
/// controls but line feed and tab, DEL, C1 controls, bidirectional overrides, isolates
/// and marks, line and paragraph separators, and bytes that are not UTF-8. objsh's own
/// sequences (the progress line's "return, erase line") are told apart and not counted;
/// the names that tests seed carry none of them.
struct ControlByteScan {
    /// The sequences objsh itself writes at a terminal.
    static let ownSequences: [[UInt8]] = [Array("\r\u{1B}[K".utf8)]

    private(set) var scanned = 0
    private(set) var leaks: [String] = []

    /// Scans `bytes`, noting each leak with the bytes around it (escaped) to find its source.
    mutating func scan(_ bytes: Data, _ label: String) {
        let bytes = [UInt8](bytes)
        scanned += bytes.count
        var index = 0
        while index < bytes.count {
            if let own = Self.ownSequences.first(where: { bytes[index...].starts(with: $0) }) {
                index += own.count
                continue
            }
            let (scalar, length) = Self.decode(bytes, at: index)
            if scalar.map(Self.acts) ?? true {
                leaks.append("\(label): \(Self.context(bytes, index))")
            }
            index += length
        }
    }

    /// Adds another scan's counts to this one's.
    mutating func merge(_ other: ControlByteScan) {
        scanned += other.scanned
        leaks += other.leaks
    }

    /// Whether a scalar acts on a terminal rather than shows.
    static func acts(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The scalar at `index` and its length in bytes; nil (length 1) for a byte that starts no valid UTF-8.
    static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar?, Int) {
        var decoder = UTF8()
        var iterator = bytes[index...].makeIterator()
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): return (scalar, String(scalar).utf8.count)
        case .error, .emptyInput: return (nil, 1)
        }
    }

    /// Up to 40 bytes either side of `index`, every byte outside printable ASCII as \xHH.
    static func context(_ bytes: [UInt8], _ index: Int) -> String {
        bytes[max(0, index - 40)..<min(bytes.count, index + 40)].map { byte in
            (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
        }.joined()
    }
}
