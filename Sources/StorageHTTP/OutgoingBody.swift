import AsyncHTTPClient
import NIOCore
import Synchronization

/// The body of a request as a store makes it: fixed bytes, or a stream of buffers
/// whose progress is watched while it is sent (see `BodyWatch`).
package struct OutgoingBody: Sendable {
    private let make: @Sendable (BodyWatch?) -> HTTPClientRequest.Body
    /// Whether the body is streamed, so that a server which stops reading it can hold it.
    let isStreamed: Bool
    /// The bytes of a streamed body: once all are handed over, the server may commit.
    var length: Int64 = 0

    package static func bytes(_ buffer: ByteBuffer) -> Self {
        Self(make: { _ in .bytes(buffer) }, isStreamed: false)
    }

    package static func bytes<Bytes: RandomAccessCollection & Sendable>(_ bytes: Bytes) -> Self where Bytes.Element == UInt8 {
        Self(make: { _ in .bytes(bytes) }, isStreamed: false)
    }

    /// Buffers pulled one by one as the connection takes them, `length` bytes in all.
    package static func stream<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks, length: Int64) -> Self
    where Chunks.Element == ByteBuffer {
        Self(make: { watch in .stream(WatchedChunks(base: chunks, watch: watch), length: .known(length)) }, isStreamed: true, length: length)
    }

    /// The body for AsyncHTTPClient, and the watch of its progress when it is streamed.
    func prepared() -> (body: HTTPClientRequest.Body, watch: BodyWatch?) {
        let watch = isStreamed ? BodyWatch(length: length) : nil
        return (make(watch), watch)
    }
}

/// Thrown when a streamed body had no buffer taken for the read timeout: the server
/// stopped reading it. AsyncHTTPClient's write timeout does not see this (its timer
/// waits while the channel is not writable), so the request would hang until its deadline.
struct UploadStalled: Error {}

/// When the connection last took a buffer of a streamed body, and whether it took the last.
final class BodyWatch: Sendable {
    private struct Progress {
        var lastTaken: ContinuousClock.Instant?
        var remaining: Int64
        var isFinished = false
    }
    private let progress: Mutex<Progress>

    init(length: Int64) { progress = Mutex(Progress(remaining: length)) }

    /// A buffer of `bytes` handed to the connection; the last of the body finishes it.
    func taken(_ bytes: Int) {
        progress.withLock {
            $0.lastTaken = .now
            $0.remaining -= Int64(bytes)
            if $0.remaining <= 0 { $0.isFinished = true }
        }
    }
    func finished() { progress.withLock { $0.isFinished = true } }
    var isFinished: Bool { progress.withLock { $0.isFinished } }

    /// Returns once the last buffer is taken (the read timeout then bounds the wait for
    /// the answer); throws `UploadStalled` when none was taken for `limit` since the
    /// first. The time before the first (a connection from the pool) is not counted.
    func waitForStall(limit: Duration) async throws {
        while true {
            let now = ContinuousClock.now
            let state = progress.withLock { $0 }
            if state.isFinished { return }
            let idle = state.lastTaken.map { now - $0 } ?? .zero
            if idle >= limit { throw UploadStalled() }
            try await Task.sleep(for: max(limit - idle, .milliseconds(50)))
        }
    }

    /// `operation` (sending a request and reading its head), failed with `UploadStalled`
    /// when `watch` sees the body stall first. Cancelled while the body goes, the request
    /// is dropped (a server keeps nothing of a body it did not get whole); cancelled once
    /// the last byte is handed over, it is waited for, its answer bounded by the read
    /// timeout: the server may commit it whatever the client does, and what an
    /// interrupted upload then says it stored must be what the server holds.
    static func watching<Answer: Sendable>(
        _ watch: BodyWatch?, limit: Duration, _ operation: @escaping @Sendable () async throws -> Answer
    ) async throws -> Answer {
        guard let watch else { return try await operation() }
        let request = Task { try await racingStall(watch, limit: limit, operation) }
        return try await withTaskCancellationHandler {
            try await request.value
        } onCancel: {
            if !watch.isFinished { request.cancel() }
        }
    }

    /// `operation`, or `UploadStalled` when the watch sees the body stall first.
    private static func racingStall<Answer: Sendable>(
        _ watch: BodyWatch, limit: Duration, _ operation: @escaping @Sendable () async throws -> Answer
    ) async throws -> Answer {
        try await withThrowingTaskGroup(of: Answer?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await watch.waitForStall(limit: limit)
                return nil
            }
            while let outcome = try await group.next() {
                guard let answer = outcome else { continue }
                group.cancelAll()
                return answer
            }
            throw CancellationError()
        }
    }
}

/// A body's buffers, each taking told to the watch.
struct WatchedChunks<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == ByteBuffer {
    typealias Element = ByteBuffer
    let base: Base
    let watch: BodyWatch?

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), watch: watch) }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let watch: BodyWatch?

        mutating func next() async throws -> ByteBuffer? {
            let chunk = try await base.next()
            if let chunk { watch?.taken(chunk.readableBytes) } else { watch?.finished() }
            return chunk
        }
    }
}
