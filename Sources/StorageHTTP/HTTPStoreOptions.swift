/// How a store talks to its HTTP server, apart from where and as whom.
public struct HTTPStoreOptions: Sendable {
    /// Seconds to wait for a TCP (and TLS) connection.
    public var connectTimeout: Double
    /// Seconds a response may stall, with no byte arriving (or an upload, with no byte
    /// taken), before the request fails.
    public var readTimeout: Double
    /// Retries of connection breaks, 5xx and 429 answers.
    public var retry: RetryPolicy
    /// The most bytes a listing or error body may have; Swift's pages are far smaller.
    public var maximumResponseBytes: Int

    /// Connect within 5 s, stall at most 30 s, five tries.
    public init(
        connectTimeout: Double = 5, readTimeout: Double = 30, retry: RetryPolicy = RetryPolicy(),
        maximumResponseBytes: Int = 64 << 20
    ) {
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.retry = retry
        self.maximumResponseBytes = maximumResponseBytes
    }
}
