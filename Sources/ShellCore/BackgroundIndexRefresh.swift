import Foundation
import NameIndex
import Storage
import Synchronization

/// `index_refresh = 1h`: an interactive session refreshes an account's index in the
/// background when the index is older than that, as `index` would, without blocking the
/// prompt or drawing anything.
///
/// It refreshes an index of the whole account that an `index` built before; it never
/// builds a first one (that is the long listing a person should see and ask for). Its
/// failures wait here and are told once, on a line of their own before the next prompt,
/// so they never cut into the panes or the line being edited. Only interactive sessions
/// start one: a script exits when its commands are done and would cut a refresh short
/// (or wait for it), and a script that wants a fresh index runs `index`.
public final class BackgroundIndexRefresh: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let notices = Mutex<[String]>([])

    public init() {}

    /// Whether an index whose oldest part was listed at `since` is due, `interval` seconds on.
    static func isDue(since: Date, interval: Int, now: Date = Date()) -> Bool {
        now.timeIntervalSince(since) >= Double(interval)
    }

    /// Starts a refresh of `index` on `store` when it covers the whole account and is
    /// at least `interval` seconds old. Returns whether one started.
    @discardableResult
    func startIfDue(_ index: NameIndex, store: any ObjectStore, interval: Int, cluster: String) -> Bool {
        guard let since = index.coverage(container: nil, prefix: "")?.since, Self.isDue(since: since, interval: interval) else {
            return false
        }
        let task = Task.detached(priority: .utility) { [self] in
            do {
                _ = try await index.refresh(store: store, container: nil)
            } catch NameIndexError.busy {
                // An `index` of this account runs already, in this session or another.
            } catch  where Task.isCancelled {
                // The session ended: the index keeps what the refresh finished.
            } catch {
                let message = ShellError.of(error, command: "background index of \(cluster)").printableMessage
                notices.withLock { $0.append("objsh: " + message) }
            }
        }
        tasks.withLock { $0.append(task) }
        return true
    }

    /// The failures not told yet, each once.
    public func takeNotices() -> [String] {
        notices.withLock { pending in
            defer { pending = [] }
            return pending
        }
    }

    /// Cancels every refresh and waits for it to stop, before the stores close.
    public func stop() async {
        let running = tasks.withLock { tasks in
            defer { tasks = [] }
            return tasks
        }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }
}
