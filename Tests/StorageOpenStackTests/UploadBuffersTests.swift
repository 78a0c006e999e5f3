import NIOCore
import StorageHTTP
import XCTest

/// The upload bodies' fixed set of buffers: a reader waits while all are out, and every
/// buffer comes back when its last owner (NIO, once it has written it) lets go. Each test
/// has a set of its own, so what other tests' uploads still hold does not count.
final class UploadBuffersTests: XCTestCase {
    let buffers = UploadBuffers(count: 4, size: 64 << 10, patience: .seconds(600))

    /// A reader that finds every buffer held for good goes on with malloc's memory.
    func testAReaderGoesOnWithMallocAfterItsPatience() async {
        let impatient = UploadBuffers(count: 1, size: 4096, patience: .milliseconds(50))
        let held = await impatient.take()
        let other = await impatient.take()
        XCTAssertEqual(other.capacity, 4096)
        XCTAssertEqual(impatient.freeBuffers, 0)
        XCTAssertEqual(impatient.waitingReaders, 0, "the reader that gave up waits no more")
        XCTAssertEqual(impatient.counts, UploadBuffers.Counts(fromSet: 1, fromMalloc: 1), "the fallback is counted")
        _ = held
    }

    func testAReaderWaitsUntilABufferIsLetGo() async {
        var held: [ByteBuffer] = []
        for _ in 0..<buffers.count { held.append(await buffers.take()) }
        XCTAssertEqual(buffers.freeBuffers, 0)
        let waiter = Task { [buffers] in await buffers.take().capacity }
        while buffers.waitingReaders == 0 { await Task.yield() }
        held.removeLast()
        let capacity = await waiter.value
        XCTAssertEqual(capacity, buffers.size)
        XCTAssertEqual(buffers.waitingReaders, 0)
        held.removeAll()
        XCTAssertEqual(buffers.freeBuffers, buffers.count)
    }

    func testABufferGrownBeyondItsSizeGivesItsMemoryBack() async {
        var buffer = await buffers.take()
        XCTAssertEqual(buffers.freeBuffers, buffers.count - 1)
        buffer.writeRepeatingByte(7, count: buffers.size + 1)
        XCTAssertEqual(buffers.freeBuffers, buffers.count, "the set's buffer is back once NIO moved the bytes to malloc's memory")
        XCTAssertEqual(buffer.readableBytes, buffers.size + 1)
        XCTAssertEqual(buffer.getInteger(at: buffers.size, as: UInt8.self), 7)
        buffer = ByteBuffer()
        XCTAssertEqual(buffers.freeBuffers, buffers.count)
    }

    func testACopyKeepsTheBufferOutUntilBothAreGone() async {
        var first: ByteBuffer? = await buffers.take()
        first?.writeString("abc")
        var second = first
        first = nil
        XCTAssertEqual(buffers.freeBuffers, buffers.count - 1)
        XCTAssertEqual(second?.readString(length: 3), "abc")
        second = nil
        XCTAssertEqual(buffers.freeBuffers, buffers.count)
    }
}
