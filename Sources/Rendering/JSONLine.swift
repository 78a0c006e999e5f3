/// One JSON object written on one line, for JSON Lines output (`--json`).
///
/// Fields keep the order they are added in. Strings are escaped so that the line is
/// valid JSON and safe on a terminal: besides `"` and `\`, every control character
/// (C0, DEL, C1) and every bidirectional control is written as `\uXXXX`, so a name
/// from a server can never move the cursor or reorder what a terminal shows. A JSON
/// parser reads the exact name back.
public struct JSONLine: Sendable {
    // UTF-8 bytes, not a String: `ls --json` makes one per object, and appending bytes
    // costs a third of appending strings.
    private var text: [UInt8] = [UInt8(ascii: "{")]
    private var hasFields = false

    public init() {}

    /// The finished object, without a newline.
    public var line: String { String(decoding: bytes, as: UTF8.self) }

    /// The finished object's UTF-8 bytes, without a newline.
    public var bytes: [UInt8] { text + [UInt8(ascii: "}")] }

    /// Appends the finished object and a newline to `page`, for writing many at once.
    public func append(to page: inout [UInt8]) {
        page.append(contentsOf: text)
        page.append(UInt8(ascii: "}"))
        page.append(UInt8(ascii: "\n"))
    }

    /// A string field; nothing is written for nil.
    public mutating func add(_ field: JSONField, _ value: String?) {
        guard let value else { return }
        appendKey(field.rawValue)
        Self.appendQuoted(value, to: &text)
    }

    /// A number field; nothing is written for nil.
    public mutating func add(_ field: JSONField, _ value: Int64?) {
        guard let value else { return }
        appendKey(field.rawValue)
        text.append(contentsOf: String(value).utf8)
    }

    public mutating func add(_ field: JSONField, _ value: Int?) {
        add(field, value.map(Int64.init))
    }

    public mutating func add(_ field: JSONField, _ value: Bool?) {
        guard let value else { return }
        appendKey(field.rawValue)
        text.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// An object of strings, its keys sorted by their UTF-8 bytes; nothing for nil.
    public mutating func add(_ field: JSONField, _ value: [String: String]?) {
        guard let value else { return }
        appendKey(field.rawValue)
        var object = JSONLine()
        for (name, entry) in value.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            object.appendKey(name)
            Self.appendQuoted(entry, to: &object.text)
        }
        object.text.append(UInt8(ascii: "}"))
        text.append(contentsOf: object.text)
    }

    private mutating func appendKey(_ key: String) {
        if hasFields { text.append(UInt8(ascii: ",")) }
        hasFields = true
        Self.appendQuoted(key, to: &text)
        text.append(UInt8(ascii: ":"))
    }

    /// `value` as a JSON string, quotes included.
    public static func quoted(_ value: String) -> String {
        var result: [UInt8] = []
        appendQuoted(value, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    static func appendQuoted(_ value: String, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "\""))
        // Most names need no escape at all: copy their bytes whole.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            text.append(contentsOf: value.utf8)
        } else {
            var escaped = ""
            for scalar in value.unicodeScalars { appendEscaped(scalar, to: &escaped) }
            text.append(contentsOf: escaped.utf8)
        }
        text.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ scalar: Unicode.Scalar, to text: inout String) {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case "\n": text += "\\n"
        case "\t": text += "\\t"
        case "\r": text += "\\r"
        default:
            if needsEscape(scalar.value) {
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
    }

    /// C0, DEL, C1, and the bidirectional controls (all in the BMP, so one `\uXXXX` each).
    static func needsEscape(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x061C || value == 0x200E || value == 0x200F
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
