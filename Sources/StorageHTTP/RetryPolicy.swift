/// When to try a request again: exponential backoff with full jitter, as
/// python-swiftclient does, with a server's `Retry-After` honoured.
public struct RetryPolicy: Sendable, Equatable {
    /// Tries in all, the first one included.
    public var maximumTries: Int
    /// The backoff ceiling before the first retry, in seconds; it doubles with each retry.
    public var initialBackoff: Double
    /// No wait is ever longer than this, `Retry-After` included.
    public var maximumBackoff: Double
    /// The waits of one request add up to at most this many seconds; then the last answer stands.
    public var maximumTotalWait: Double

    /// Five tries, starting at one second and capped at 32, like python-swiftclient,
    /// and at most 60 s of waiting in all.
    public init(maximumTries: Int = 5, initialBackoff: Double = 1, maximumBackoff: Double = 32, maximumTotalWait: Double = 60) {
        self.maximumTries = maximumTries
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.maximumTotalWait = maximumTotalWait
    }

    /// Whether an HTTP status is worth another try: 5xx (the server's trouble) and 429 (slow down).
    public static func isRetryable(status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }

    /// Seconds to wait after try number `failedTry` (1-based) failed, or nil when
    /// no try is left. `unitRandom` in 0..<1 picks the point in the jitter window;
    /// a `retryAfter` from the server replaces the jitter (still capped).
    public func delay(afterFailedTry failedTry: Int, retryAfter: Double?, unitRandom: Double) -> Double? {
        guard failedTry >= 1, failedTry < maximumTries else { return nil }
        if let retryAfter, retryAfter >= 0 { return min(retryAfter, maximumBackoff) }
        let ceiling = min(maximumBackoff, initialBackoff * Double(1 << min(failedTry - 1, 30)))
        return ceiling * min(max(unitRandom, 0), 1)
    }

    /// The seconds of a `Retry-After` header; HTTP dates are not used by Swift and are ignored.
    public static func retryAfterSeconds(_ header: String?) -> Double? {
        guard let header, let seconds = Double(header.trimmingSpaces()), seconds.isFinite, seconds >= 0 else { return nil }
        return seconds
    }
}

extension String {
    package func trimmingSpaces() -> String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
