import Foundation

/// Counts what in a stream of bytes would act on a terminal instead of showing: C0
/// controls but line feed and tab, DEL, C1 controls, bidirectional overrides, isolates
/// and marks, line and paragraph separators, and bytes that are not UTF-8. objsh's own
/// sequences (the progress line's "return, erase line") are told apart and not counted;
/// so are, for an interactive session, the line editor's and the live screen's cursor
/// motions and erasures (CSI with numbers, ending in A B C D G H J or K, after a return
/// or not) and a return before a line feed. The names that tests seed carry none of
/// them: a name's return, SGR colour, OSC title or C1 CSI is counted.
public struct ControlByteScan {
    /// The sequences objsh itself writes at a terminal.
    public static let ownSequences: [[UInt8]] = [Array("\r\u{1B}[K".utf8)]

    public private(set) var scanned = 0
    public private(set) var leaks: [String] = []
    /// The sequences told apart as the writer's own: `ownSequences`, or a line editor's too.
    private let own: [[UInt8]]
    /// Whether cursor motions and erasures are the writer's own (a line editor's).
    private let allowsCursorMotion: Bool

    /// A scan that tells `own` apart, and with `cursorMotion` an interactive session's motions too.
    public init(own: [[UInt8]] = ownSequences, cursorMotion: Bool = false) {
        self.own = own
        allowsCursorMotion = cursorMotion
    }

    /// Scans `bytes`, noting each leak with the bytes around it (escaped) to find its source.
    public mutating func scan(_ bytes: Data, _ label: String) {
        let bytes = [UInt8](bytes)
        scanned += bytes.count
        var index = 0
        while index < bytes.count {
            if let own = own.first(where: { bytes[index...].starts(with: $0) }) {
                index += own.count
                continue
            }
            if allowsCursorMotion, let length = Self.cursorMotion(bytes, at: index) {
                index += length
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
    public mutating func merge(_ other: ControlByteScan) {
        scanned += other.scanned
        leaks += other.leaks
    }

    /// The length of a cursor motion or erasure at `index` (`\r` before a line feed, or
    /// `[\r]ESC [ digits;digits X` with X one of A B C D G H J K); nil for anything else.
    public static func cursorMotion(_ bytes: [UInt8], at index: Int) -> Int? {
        var end = index
        if bytes[end] == 0x0D {
            end += 1
            if end < bytes.count && bytes[end] == 0x0A { return 1 }
        }
        guard end + 1 < bytes.count, bytes[end] == 0x1B, bytes[end + 1] == UInt8(ascii: "[") else { return nil }
        end += 2
        while end < bytes.count, bytes[end] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[end]) { end += 1 }
        guard end < bytes.count, "ABCDGHJK".utf8.contains(bytes[end]) else { return nil }
        return end + 1 - index
    }

    /// Whether a scalar acts on a terminal rather than shows.
    public static func acts(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The scalar at `index` and its length in bytes; nil (length 1) for a byte that starts no valid UTF-8.
    public static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar?, Int) {
        var decoder = UTF8()
        var iterator = bytes[index...].makeIterator()
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): return (scalar, String(scalar).utf8.count)
        case .error, .emptyInput: return (nil, 1)
        }
    }

    /// Up to 40 bytes either side of `index`, every byte outside printable ASCII as \xHH.
    public static func context(_ bytes: [UInt8], _ index: Int) -> String {
        bytes[max(0, index - 40)..<min(bytes.count, index + 40)].map { byte in
            (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
        }.joined()
    }
}
