import Glibc
// The custom allocator is SwiftNIO's SPI (stable in 2.101, which Package.swift pins
// from): its deallocate callback is the only way to hear that NIO has written a buffer.
@_spi(CustomByteBufferAllocator) import NIOCore
import Synchronization

/// The memory every upload body reads its file into: a fixed set of buffers, taken in
/// turn and given back when NIO lets go of them (once written to the socket). A reader
/// that finds none free waits until one comes back.
///
/// Why: AsyncHTTPClient writes each body buffer without waiting, and its pause reaches
/// a fast reader late, so with buffers from malloc they piled up in NIO (heaptrack saw
/// 11.5 MB of 1 MiB buffers at once in a 1 GiB upload of 4 segments at once); memory
/// then grew with the parallel count. With this set it stays at `count * size` however
/// many segments are in flight, and no buffer is allocated or faulted in twice.
///
/// A reader waits at most `patience` for a buffer: should NIO keep buffers for good (a
/// channel that never drains nor closes), uploads go on with malloc's memory instead
/// of waiting forever.
package final class UploadBuffers: Sendable {
    package static let shared = UploadBuffers(count: 12, size: FileUploadBody.chunkSize)

    /// Every set made: NIO's deallocator is a C function, so it finds a buffer's set here.
    private static let sets = Mutex<[UploadBuffers]>([])

    package let count: Int
    package let size: Int
    /// How long a reader waits for a buffer of the set before taking malloc's memory.
    package let patience: Duration
    private let state: Mutex<State>

    private struct State {
        var free: [Int] = []  // addresses, as Int: raw pointers are not Sendable
        var waiting: [(id: Int, continuation: CheckedContinuation<Int?, Never>)] = []
        var ours: Set<Int> = []
        var nextWaiter = 0
        var counts = Counts()
    }

    /// What readers were given: buffers of the set, and malloc's memory after waiting
    /// `patience` in vain (buffers NIO kept: none should be, in a healthy session).
    package struct Counts: Sendable, Equatable {
        package var fromSet = 0
        package var fromMalloc = 0

        package init(fromSet: Int = 0, fromMalloc: Int = 0) {
            self.fromSet = fromSet
            self.fromMalloc = fromMalloc
        }
    }

    /// A set of `count` buffers of `size` bytes; it lives as long as the process.
    package convenience init(count: Int, size: Int, patience: Duration = .seconds(2)) {
        self.init(buffers: count, size: size, patience: patience)
        Self.sets.withLock { $0.append(self) }
    }

    private init(buffers count: Int, size: Int, patience: Duration) {
        self.patience = patience
        self.count = count
        self.size = size
        var state = State()
        for _ in 0..<count {
            let address = Int(bitPattern: malloc(size))
            precondition(address != 0, "out of memory")
            state.free.append(address)
            state.ours.insert(address)
        }
        self.state = Mutex(state)
    }

    /// An empty buffer of `size` bytes' capacity, once one is free (after `patience`, one of malloc's).
    package func take() async -> ByteBuffer {
        let address = await takeAddress()
        state.withLock { state in
            if address == nil { state.counts.fromMalloc += 1 } else { state.counts.fromSet += 1 }
        }
        guard let address else { return ByteBufferAllocator().buffer(capacity: size) }
        let memory = UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(bitPattern: address), count: size)
        return ByteBuffer(takingOwnershipOf: memory, allocator: Self.allocator, writerIndex: 0)
    }

    /// A free buffer's address, or nil when none came back within `patience`.
    private func takeAddress() async -> Int? {
        if let free = state.withLock({ $0.free.popLast() }) { return free }
        return await withCheckedContinuation { continuation in
            let (free, id) = state.withLock { state -> (Int?, Int) in
                if let free = state.free.popLast() { return (free, 0) }
                state.nextWaiter += 1
                state.waiting.append((state.nextWaiter, continuation))
                return (nil, state.nextWaiter)
            }
            if let free { return continuation.resume(returning: free) }
            Task { [patience] in
                try? await Task.sleep(for: patience)
                let gaveUp = state.withLock { state -> CheckedContinuation<Int?, Never>? in
                    guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiting.remove(at: index).continuation
                }
                gaveUp?.resume(returning: nil)
            }
        }
    }

    /// Takes back a buffer of the set for the next reader waiting, else keeps it free;
    /// false for memory that is not the set's.
    fileprivate func giveBack(_ address: Int) -> Bool {
        let (ours, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Int?, Never>?) in
            guard state.ours.contains(address) else { return (false, nil) }
            if state.waiting.isEmpty {
                state.free.append(address)
                return (true, nil)
            }
            return (true, state.waiting.removeFirst().continuation)
        }
        waiter?.resume(returning: address)
        return ours
    }

    /// Readers waiting for a buffer, and buffers free (for the tests).
    package var waitingReaders: Int { state.withLock { $0.waiting.count } }
    package var freeBuffers: Int { state.withLock { $0.free.count } }
    /// What readers were given so far.
    package var counts: Counts { state.withLock { $0.counts } }

    fileprivate func isOurs(_ pointer: UnsafeMutableRawPointer) -> Bool {
        state.withLock { $0.ours.contains(Int(bitPattern: pointer)) }
    }

    /// The set a buffer belongs to, if any.
    fileprivate static func set(of pointer: UnsafeMutableRawPointer) -> UploadBuffers? {
        sets.withLock { sets in sets.first { $0.isOurs(pointer) } }
    }

    /// Memory NIO asks for itself (a copy on write, a buffer grown) comes from malloc;
    /// the sets' own buffers go back to their set, after a reallocation has copied them.
    static let allocator = ByteBufferAllocator(
        allocate: { malloc($0) },
        reallocate: { pointer, oldSize, newSize in
            guard let pointer, let set = UploadBuffers.set(of: pointer) else { return realloc(pointer, newSize) }
            guard let grown = malloc(newSize) else { return nil }
            grown.copyMemory(from: pointer, byteCount: min(oldSize, newSize))
            _ = set.giveBack(Int(bitPattern: pointer))
            return grown
        },
        deallocate: { pointer in
            guard let set = UploadBuffers.set(of: pointer), set.giveBack(Int(bitPattern: pointer)) else { return free(pointer) }
        },
        copy: { destination, source, count in destination.copyMemory(from: source, byteCount: count) }
    )
}
