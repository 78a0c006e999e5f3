/// The connections that every transfer of one cluster session shares: each request that
/// moves an object's bytes (a read, a put, a segment, a server-side copy) holds one while
/// it runs, so commands and background jobs running at once stay within `limit`
/// together, each keeping its own width (`--parallel`) as the most it asks for.
/// Waiters are served in turn. Listings and lookups take none, so browsing never
/// waits behind a transfer. A task within `ConnectionBudget.$exempt` (a command whose
/// `--parallel` pinned its width) takes none either.
public final class ConnectionBudget: Sendable {
    /// 64: the connections the HTTP client keeps open to one server at most (its soft
    /// limit a host, `ServerLoad.connectionsPerHost`), so two transfers at the default
    /// width of 32 run at full speed together and more share without queueing behind the
    /// pool. (Workers sits below Storage, so the number is written here again.)
    public static let defaultLimit = 64

    /// `OBJSH_CONNECTIONS`, which sets the limit of every cluster's budget (a server or a
    /// link shared with others; tests make it small to see it kept).
    public static let environmentVariable = "OBJSH_CONNECTIONS"

    /// The limit `text` (the variable's value) gives: a whole number of 1 or more; nil
    /// for anything else.
    public static func limit(given text: String) -> Int? {
        guard let limit = Int(text), limit >= 1 else { return nil }
        return limit
    }

    /// Set for the work of a command whose width was pinned: it takes no connection.
    @TaskLocal public static var exempt = false

    public let limit: Int
    private let connections: Allowance

    public init(limit: Int = ConnectionBudget.defaultLimit) {
        self.limit = max(1, limit)
        connections = Allowance(limit: Int64(self.limit))
    }

    /// The connections held now.
    public var inUse: Int { Int(connections.inUse) }

    /// Runs `body` holding one connection, waiting in turn while all are held; throws
    /// `CancellationError` when cancelled while waiting.
    public func withConnection<Value>(_ body: () async throws -> Value) async throws -> Value {
        if Self.exempt { return try await body() }
        return try await connections.holding(1, body)
    }
}
