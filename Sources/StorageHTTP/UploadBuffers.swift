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
package final class UploadBuffers: Sendable {
    package static let shared = UploadBuffers(count: 12, size: FileUploadBody.chunkSize)

    package let count: Int
    package let size: Int
    private let state: Mutex<State>

    private struct State {
        var free: [Int] = []  // addresses, as Int: raw pointers are not Sendable
        var waiting: [CheckedContinuation<Int, Never>] = []
        var ours: Set<Int> = []
    }

    init(count: Int, size: Int) {
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

    /// An empty buffer of `size` bytes' capacity, once one is free.
    package func take() async -> ByteBuffer {
        let address: Int
        if let free = state.withLock({ $0.free.popLast() }) {
            address = free
        } else {
            address = await withCheckedContinuation { continuation in
                let free = state.withLock { state -> Int? in
                    if let free = state.free.popLast() { return free }
                    state.waiting.append(continuation)
                    return nil
                }
                if let free { continuation.resume(returning: free) }
            }
        }
        let memory = UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(bitPattern: address), count: size)
        return ByteBuffer(takingOwnershipOf: memory, allocator: Self.allocator, writerIndex: 0)
    }

    /// Takes back a buffer of the set for the next reader waiting, else keeps it free;
    /// false for memory that is not the set's.
    fileprivate func giveBack(_ address: Int) -> Bool {
        let (ours, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Int, Never>?) in
            guard state.ours.contains(address) else { return (false, nil) }
            if state.waiting.isEmpty {
                state.free.append(address)
                return (true, nil)
            }
            return (true, state.waiting.removeFirst())
        }
        waiter?.resume(returning: address)
        return ours
    }

    /// Readers waiting for a buffer, and buffers free (for the tests).
    package var waitingReaders: Int { state.withLock { $0.waiting.count } }
    package var freeBuffers: Int { state.withLock { $0.free.count } }

    fileprivate func isOurs(_ pointer: UnsafeMutableRawPointer) -> Bool {
        state.withLock { $0.ours.contains(Int(bitPattern: pointer)) }
    }

    /// Memory NIO asks for itself (a copy on write, a buffer grown) comes from malloc;
    /// the set's own buffers go back to the set, after a reallocation has copied them.
    static let allocator = ByteBufferAllocator(
        allocate: { malloc($0) },
        reallocate: { pointer, oldSize, newSize in
            guard let pointer, UploadBuffers.shared.isOurs(pointer) else { return realloc(pointer, newSize) }
            guard let grown = malloc(newSize) else { return nil }
            grown.copyMemory(from: pointer, byteCount: min(oldSize, newSize))
            _ = UploadBuffers.shared.giveBack(Int(bitPattern: pointer))
            return grown
        },
        deallocate: { pointer in
            if !UploadBuffers.shared.giveBack(Int(bitPattern: pointer)) { free(pointer) }
        },
        copy: { destination, source, count in destination.copyMemory(from: source, byteCount: count) }
    )
}
