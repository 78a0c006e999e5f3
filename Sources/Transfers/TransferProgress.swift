import Foundation
import Rendering
import Synchronization

/// Bytes and items done of a transfer, shared by its workers; a reporter reads it.
public final class TransferProgress: Sendable {
    public struct Snapshot: Sendable, Equatable {
        public var name: String
        public var bytesDone: Int64
        public var bytesTotal: Int64
        public var itemsDone: Int
        public var itemsTotal: Int
        /// False for a stream (standard input), whose total is learnt at its end.
        public var totalIsKnown = true
    }

    private let state: Mutex<Snapshot>
    public let started = ContinuousClock.now

    public init(name: String, bytesTotal: Int64, itemsTotal: Int = 1) {
        state = Mutex(Snapshot(name: name, bytesDone: 0, bytesTotal: bytesTotal, itemsDone: 0, itemsTotal: itemsTotal))
    }

    /// Progress of a stream whose total is not known: the line shows the bytes so far.
    public init(streaming name: String) {
        state = Mutex(Snapshot(name: name, bytesDone: 0, bytesTotal: 0, itemsDone: 0, itemsTotal: 1, totalIsKnown: false))
    }

    public var snapshot: Snapshot { state.withLock { $0 } }

    public func add(bytes: Int64) { state.withLock { $0.bytesDone += bytes } }
    public func finishItem() { state.withLock { $0.itemsDone += 1 } }
    /// The item now moving, for the line (several files at once show the latest).
    public func nowOn(_ name: String) { state.withLock { $0.name = name } }
    /// More work found while walking a folder.
    public func addTotal(bytes: Int64, items: Int) {
        state.withLock {
            $0.bytesTotal += bytes
            $0.itemsTotal += items
        }
    }

    /// One line: name, bytes done of total, rate and time left, e.g.
    /// `big.iso  120.0 MiB / 1.0 GiB  48.2 MiB/s  0:19 left`; for a stream, bytes so far
    /// and rate (`backup.tar  120.0 MiB  48.2 MiB/s`).
    public func line(at now: ContinuousClock.Instant = .now) -> String {
        let current = snapshot
        let elapsed = max(0.001, Double((now - started).components.attoseconds) / 1e18 + Double((now - started).components.seconds))
        let rate = Double(current.bytesDone) / elapsed
        let done = current.totalIsKnown ? "\(Self.bytes(current.bytesDone)) / \(Self.bytes(current.bytesTotal))" : Self.bytes(current.bytesDone)
        var parts = [current.name, done, "\(Self.bytes(Int64(rate)))/s"]
        if current.totalIsKnown && rate > 0 && current.bytesTotal > current.bytesDone {
            parts.append(Self.duration(Double(current.bytesTotal - current.bytesDone) / rate) + " left")
        }
        if current.itemsTotal > 1 { parts.append("\(current.itemsDone)/\(current.itemsTotal) files") }
        return parts.joined(separator: "  ")
    }

    /// Sizes as every view of objsh writes them (`ByteCountText`: KiB, MiB, GiB).
    static func bytes(_ count: Int64) -> String { ByteCountText.format(count) }

    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        return total >= 3600
            ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
            : String(format: "%d:%02d", total / 60, total % 60)
    }
}

/// Redraws a progress line in place on a terminal, a few times a second, until stopped.
public final class ProgressReporter: Sendable {
    private let task: Mutex<Task<Void, Never>?> = Mutex(nil)
    private let write: @Sendable (String) -> Void

    /// `write` receives the text to send to the terminal (standard error).
    public init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    public func start(_ progress: TransferProgress) {
        let write = self.write
        let task = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(200))
                write("\r\u{1B}[K" + progress.line())
            }
        }
        self.task.withLock { $0 = task }
    }

    /// Stops redrawing, waits until the last redraw is out, and clears the line, so
    /// what the command prints next starts on a clean line.
    public func stop() async {
        let running = task.withLock { current in
            defer { current = nil }
            return current
        }
        running?.cancel()
        await running?.value
        write("\r\u{1B}[K")
    }
}
