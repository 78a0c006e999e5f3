import Foundation

extension RetryPolicy {
    /// The seconds a `Retry-After` header asks for: delta-seconds, or an HTTP date
    /// (IMF-fixdate, as RFC 9110 sends it) counted from `now` (seconds since 1970);
    /// a date already past asks for no wait. Nil for anything else.
    public static func retryAfterWait(_ header: String?, now: Double = Date().timeIntervalSince1970) -> Double? {
        if let seconds = retryAfterSeconds(header) { return seconds }
        guard let header, let date = imfFixdate(header.trimmingSpaces()) else { return nil }
        return max(0, date - now)
    }

    /// Seconds since 1970 of `Sun, 06 Nov 1994 08:49:37 GMT`; nil when it is not one.
    static func imfFixdate(_ text: String) -> Double? {
        let parts = text.split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT", let day = Int(parts[1]), (1...31).contains(day),
            let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3]), year >= 1970
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (0...23).contains(clock[0]), (0...59).contains(clock[1]), (0...60).contains(clock[2]) else { return nil }
        let days = daysSince1970(year: year, month: month + 1, day: day)
        return Double(days * 86_400 + clock[0] * 3_600 + clock[1] * 60 + clock[2])
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
