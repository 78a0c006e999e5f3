/// How a store talks to its HTTP server, apart from where and as whom.
public struct HTTPStoreOptions: Sendable {
    /// Seconds to wait for a TCP (and TLS) connection.
    public var connectTimeout: Double
    /// Seconds a response may stall, with no byte arriving (or an upload, with no byte
    /// taken), before the request fails.
    public var readTimeout: Double
    /// Retries of connection breaks, 5xx and 429 answers.
    public var retry: RetryPolicy
    /// The most bytes a listing or error body may have: 16 MiB holds Swift's longest
    /// page (10,000 rows of 1,024-byte names, about 12 MB in JSON) and keeps a hostile
    /// endless answer under 64 MiB of resident memory, buffers included.
    public var maximumResponseBytes: Int

    /// Connect within 5 s, stall at most 30 s, five tries.
    public init(
        connectTimeout: Double = 5, readTimeout: Double = 30, retry: RetryPolicy = RetryPolicy(),
        maximumResponseBytes: Int = 16 << 20
    ) {
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.retry = retry
        self.maximumResponseBytes = maximumResponseBytes
    }
}
