import Foundation
import Storage

extension RetryPolicy {
    /// The seconds a `Retry-After` header asks for: delta-seconds, or an HTTP date
    /// (IMF-fixdate, as RFC 9110 sends it) counted from `now` (seconds since 1970);
    /// a date already past asks for no wait. Nil for anything else.
    public static func retryAfterWait(_ header: String?, now: Double = Date().timeIntervalSince1970) -> Double? {
        if let seconds = retryAfterSeconds(header) { return seconds }
        guard let header, let date = ServerDates.http(header.trimmingSpaces()) else { return nil }
        return max(0, date.timeIntervalSince1970 - now)
    }
}
