import Foundation
import Rendering
import Transfers

/// A transfer's progress in words, for the status line.
enum ProgressText {
    /// One line: name, bytes done of total, rate and time left, e.g.
    /// `big.iso  120.0 MiB / 1.0 GiB  48.2 MiB/s  0:19 left`; for a stream, bytes so far
    /// and rate (`backup.tar  120.0 MiB  48.2 MiB/s`).
    static func line(_ progress: TransferProgress, at now: ContinuousClock.Instant = .now) -> String {
        let current = progress.snapshot
        let elapsed = max(0.001, seconds(now - progress.started))
        let rate = Double(current.bytesDone) / elapsed
        let done =
            current.totalIsKnown
            ? "\(ByteCountText.format(current.bytesDone)) / \(ByteCountText.format(current.bytesTotal))"
            : ByteCountText.format(current.bytesDone)
        var parts = [current.name, done, "\(ByteCountText.format(Int64(rate)))/s"]
        if current.totalIsKnown && rate > 0 && current.bytesTotal > current.bytesDone {
            parts.append(duration(Double(current.bytesTotal - current.bytesDone) / rate) + " left")
        }
        if current.itemsTotal > 1 { parts.append("\(current.itemsDone)/\(current.itemsTotal) files") }
        return parts.joined(separator: "  ")
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
