import Foundation
import Glibc

/// The date formats object stores send, parsed by hand: a listing page holds up to
/// 10,000 of them, and Foundation's formatters are slow (two `ISO8601DateFormatter`s
/// an entry made an S3 listing of 100,000 objects spend 15 s of CPU) and locale-bound.
public enum ServerDates {
    /// ISO 8601 in UTC with optional fractions and an optional `Z`: Swift's listings
    /// (`2024-01-31T12:34:56.789012`) and S3's (`2009-02-03T16:45:09.000Z`).
    public static func iso8601(_ text: String) -> Date? {
        var bytes = Array(text.utf8)
        if bytes.last == UInt8(ascii: "Z") { bytes.removeLast() }
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]), let second = number(bytes[17..<19])
        else { return nil }
        var fraction = 0.0
        if bytes.count > 19 {
            // At most nanoseconds: more digits than an Int holds would only come from a broken server.
            guard (21...29).contains(bytes.count), bytes[19] == UInt8(ascii: "."), let digits = number(bytes[20...]) else { return nil }
            fraction = Double(digits) / pow(10, Double(bytes.count - 20))
        }
        return utc(year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction)
    }

    /// `Wed, 31 Jan 2024 12:34:56 GMT` (RFC 7231 IMF-fixdate, as `Last-Modified` gives it).
    public static func http(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]),
            let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        return utc(year: year, month: month + 1, day: day, hour: clock[0], minute: clock[1], second: clock[2], fraction: 0)
    }

    /// `1706704496.78901` (seconds since 1970, as `X-Timestamp` gives it).
    public static func timestamp(_ text: String) -> Date? {
        guard let seconds = Double(text), seconds.isFinite else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return digits.isEmpty ? nil : value
    }

    private static func utc(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, fraction: Double) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        fields.tm_hour = Int32(hour)
        fields.tm_min = Int32(minute)
        fields.tm_sec = Int32(second)
        return Date(timeIntervalSince1970: Double(timegm(&fields)) + fraction)
    }
}
