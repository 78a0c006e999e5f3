import Foundation

/// Dates as ISO 8601 in UTC (`2024-06-01T12:00:00Z`): they sort as text and do not
/// depend on the machine's zone. Made by hand, not by a formatter: `ls -l` and
/// `ls --json` write one per object.
public enum ISODate {
    /// `2024-06-01T12:00:00Z`.
    public static func format(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text = ""
        text.reserveCapacity(20)
        append(Int(parts.tm_year) + 1900, digits: 4, to: &text)
        text += "-"
        append(Int(parts.tm_mon) + 1, digits: 2, to: &text)
        text += "-"
        append(Int(parts.tm_mday), digits: 2, to: &text)
        text += "T"
        append(Int(parts.tm_hour), digits: 2, to: &text)
        text += ":"
        append(Int(parts.tm_min), digits: 2, to: &text)
        text += ":"
        append(Int(parts.tm_sec), digits: 2, to: &text)
        return text + "Z"
    }

    private static func append(_ value: Int, digits: Int, to text: inout String) {
        let number = String(value)
        if number.count < digits { text += String(repeating: "0", count: digits - number.count) }
        text += number
    }
}
