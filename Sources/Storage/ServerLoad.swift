import Synchronization

/// How hard a store's server pushes back: the busy answers (429, 503, S3's SlowDown) its
/// requests got, counted by the HTTP layer as they come, retried or not. A transfer
/// that runs many requests at once reads the count and runs fewer when it grows
/// (`TransferWidth`), so a busy server is backed off from, not hammered.
public final class ServerLoad: Sendable {
    /// Connections a store keeps open to one host at most: enough for the widest
    /// transfer (`TransferWidth.ceiling`); requests beyond wait for one.
    public static let connectionsPerHost = 64

    private let busy = Atomic<Int>(0)

    public init() {}

    /// Busy answers so far.
    public var busyAnswers: Int { busy.load(ordering: .relaxed) }

    /// One more busy answer.
    public func heardBusy() { busy.add(1, ordering: .relaxed) }

    /// Whether `status` says the server is busy: 429 (slow down) or 503 (S3's SlowDown, Swift's overload).
    public static func isBusy(status: Int) -> Bool { status == 429 || status == 503 }
}
