import Foundation
import Rendering
import Transfers

/// A transfer's progress in words, for the status line.
enum ProgressText {
    /// One line: name, bytes done of total, rate and time left, e.g.
    /// `big.iso  120.0 MiB / 1.0 GiB  48.2 MiB/s  0:19 left`; for a stream, bytes so far
    /// and rate (`backup.tar  120.0 MiB  48.2 MiB/s`).
    static func line(_ progress: TransferProgress, at now: ContinuousClock.Instant = .now) -> String {
        let figures = Figures(progress, at: now)
        let current = figures.snapshot
        var parts = [current.name, figures.bytesText, "\(ByteCountText.format(Int64(figures.rate)))/s"]
        if let left = figures.secondsLeft { parts.append(duration(left) + " left") }
        if current.itemsTotal > 1 { parts.append("\(current.itemsDone)/\(current.itemsTotal) files") }
        return parts.joined(separator: "  ")
    }

    /// A transfer's figures at one instant: what it has done, its mean rate, and the
    /// time left at that rate (nil while unknown).
    struct Figures {
        let snapshot: TransferProgress.Snapshot
        /// Bytes a second since it started.
        let rate: Double
        let secondsLeft: Double?

        init(_ progress: TransferProgress, at now: ContinuousClock.Instant = .now) {
            snapshot = progress.snapshot
            rate = Double(snapshot.bytesDone) / max(0.001, ProgressText.seconds(now - progress.started))
            let known = snapshot.totalIsKnown && rate > 0 && snapshot.bytesTotal > snapshot.bytesDone
            secondsLeft = known ? Double(snapshot.bytesTotal - snapshot.bytesDone) / rate : nil
        }

        /// `120.0 MiB / 1.0 GiB`, or the bytes so far of a stream.
        var bytesText: String {
            snapshot.totalIsKnown
                ? "\(ByteCountText.format(snapshot.bytesDone)) / \(ByteCountText.format(snapshot.bytesTotal))"
                : ByteCountText.format(snapshot.bytesDone)
        }

        /// A job's figures in `jobs`: `40.0 MiB / 200.0 MiB  13.3 MiB/s  0/1 items  0:12 left`.
        var jobText: String {
            var parts = [bytesText, "\(ByteCountText.format(Int64(rate)))/s", "\(snapshot.itemsDone)/\(snapshot.itemsTotal) items"]
            if let secondsLeft { parts.append(ProgressText.duration(secondsLeft) + " left") }
            return parts.joined(separator: "  ")
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `0:19`, or `1:02:03` from an hour on.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        return total >= 3600
            ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
            : String(format: "%d:%02d", total / 60, total % 60)
    }
}
