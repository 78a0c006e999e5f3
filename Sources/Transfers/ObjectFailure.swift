import Foundation
import Storage

/// One object of a folder transfer (`get -r`, `rm -r`) that failed while the others
/// went on: which one, and why, as data for the shell to put in words.
public struct ObjectFailure: Sendable {
    /// The object's name in its container.
    public let name: String
    /// Why: a `TransferError` (which names its object or file) or a `StorageError`.
    public let error: any Error

    public init(name: String, error: any Error) {
        self.name = name
        self.error = error
    }
}

/// Whether an object's part of a transfer is over, or its last step was handed on.
enum Settlement: Sendable, Equatable {
    case settled
    case deferred
}

/// Counts of a folder transfer, from its workers; each failure is handed on as it happens.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private var failures = 0
    private var unproven = 0
    private let report: @Sendable (ObjectFailure) -> Void
    private let reportUnverified: @Sendable (String, CopyCheck) -> Void

    init(_ report: @escaping @Sendable (ObjectFailure) -> Void, unverified: @escaping @Sendable (String, CopyCheck) -> Void = { _, _ in }) {
        self.report = report
        reportUnverified = unverified
    }

    /// A copy made, which nothing could prove; told as it happens.
    func unverified(_ name: String, _ check: CopyCheck) {
        lock.withLock { unproven += 1 }
        reportUnverified(name, check)
    }

    /// How many copies were kept unproven.
    var unverifiedCount: Int { lock.withLock { unproven } }

    func succeeded() { lock.withLock { done += 1 } }

    /// Does one object's part of a folder transfer: counted when it succeeds, told when it
    /// fails on its own (the others go on); what stops the whole (Ctrl-C) is rethrown.
    func record(_ name: String, _ work: () async throws -> Void) async throws {
        try await recordUnlessDeferred(name) {
            try await work()
            return .settled
        }
    }

    /// As `record`, for work that may hand its object's last step on (a move's bulk
    /// delete of the source): that object is counted later, by whoever finishes it.
    func recordUnlessDeferred(_ name: String, _ work: () async throws -> Settlement) async throws {
        do {
            if try await work() == .settled { succeeded() }
        } catch {
            try failIfOneObjects(error, name: name)
        }
    }

    /// Tells `error` as `name`'s failure when it concerns that object alone; rethrows
    /// what stops the whole (Ctrl-C).
    func failIfOneObjects(_ error: any Error, name: String) throws {
        switch error {
        case let error as TransferError where error.isLocalToOneObject: failed(ObjectFailure(name: name, error: error))
        case let error as StorageError where error != .cancelled: failed(ObjectFailure(name: name, error: error))
        default: throw error
        }
    }

    func failed(_ failure: ObjectFailure) {
        lock.withLock { failures += 1 }
        report(failure)
    }

    /// How many succeeded; a `someFailed` error when any failed.
    func total() throws -> Int {
        let (done, failures) = lock.withLock { (self.done, self.failures) }
        if failures > 0 { throw TransferError.someFailed(failed: failures, of: done + failures) }
        return done
    }
}
