import Synchronization

/// The bytes of one request's body handed to the network so far, so that a progress
/// line moves while a large PUT goes instead of jumping at its end. A body made inside
/// `SendMeter.$current.withValue(meter)` counts into `meter`; a retry's new body starts
/// the count again, and `settle()` takes the whole count back when the request ended
/// (its caller then counts what was stored, once).
public final class SendMeter: Sendable {
    /// The meter of the request being made in this task, if its caller keeps one.
    @TaskLocal public static var current: SendMeter?

    private let counted = Mutex<Int64>(0)
    private let report: @Sendable (Int64) -> Void

    /// A meter that tells `report` each change of its count (negative when it is taken back).
    public init(report: @escaping @Sendable (Int64) -> Void) {
        self.report = report
    }

    /// `bytes` more went out.
    public func add(_ bytes: Int64) {
        counted.withLock { $0 += bytes }
        report(bytes)
    }

    /// The body starts again (a retry) or the request ended: what was counted is taken back.
    public func settle() {
        let taken = counted.withLock { count -> Int64 in
            defer { count = 0 }
            return count
        }
        if taken != 0 { report(-taken) }
    }
}
