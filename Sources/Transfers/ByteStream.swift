import Foundation
import Glibc
import Storage
import Synchronization

/// Bytes read in order until they end, whose total is not known first (standard input).
public protocol ByteStream: Sendable {
    /// The next `count` bytes, fewer only at the end (none once it has ended).
    func read(upTo count: Int) async throws -> [UInt8]
}

/// An open descriptor (standard input) read as a `ByteStream`. The blocking reads run on
/// a thread of their own, so the tasks sending segments keep the cooperative pool, and
/// they wake a few times a second to notice a cancellation.
public struct DescriptorStream: ByteStream {
    let descriptor: Int32
    /// What the stream is called in errors (`standard input`).
    let label: String
    /// Whether Ctrl-C was pressed: an end seen after it is the writer's death, not the data's end.
    let interrupted: @Sendable () -> Bool

    public init(descriptor: Int32, label: String, interrupted: @escaping @Sendable () -> Bool = { false }) {
        self.descriptor = descriptor
        self.label = label
        self.interrupted = interrupted
    }

    public func read(upTo count: Int) async throws -> [UInt8] {
        let stop = StopFlag()
        let bytes = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8], any Error>) in
                Thread.detachNewThread { [self] in continuation.resume(with: Result { try fill(count, stop: stop) }) }
            }
        } onCancel: {
            stop.raise()
        }
        // Ctrl-C at a terminal kills the writer of a pipe too: its end is not the data's.
        if bytes.count < count && interrupted() { throw CancellationError() }
        return bytes
    }

    /// Up to `count` bytes, waiting for them in steps of 100 ms so that `stop` is seen.
    func fill(_ count: Int, stop: StopFlag) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            while filled < count {
                if stop.isRaised { throw CancellationError() }
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&waiting, 1, 100)
                if ready < 0 && errno != EINTR { throw TransferError.local(path: label, problem: .lastSystemError) }
                if ready <= 0 { continue }
                let got = Glibc.read(descriptor, buffer.baseAddress! + filled, count - filled)
                if got < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if got < 0 { throw TransferError.local(path: label, problem: .lastSystemError) }
                if got == 0 { break }
                filled += got
            }
        }
    }
}

/// A flag one task raises and a reading thread checks.
final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    func raise() { flag.store(true, ordering: .relaxed) }
    var isRaised: Bool { flag.load(ordering: .relaxed) }
}
