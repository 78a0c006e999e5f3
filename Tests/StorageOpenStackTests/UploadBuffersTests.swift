import NIOCore
import StorageHTTP
import XCTest

/// The upload bodies' fixed set of buffers: a reader waits while all are out, and every
/// buffer comes back when its last owner (NIO, once it has written it) lets go.
final class UploadBuffersTests: XCTestCase {
    func testAReaderWaitsUntilABufferIsLetGo() async {
        let buffers = UploadBuffers.shared
        var held: [ByteBuffer] = []
        for _ in 0..<buffers.count { held.append(await buffers.take()) }
        XCTAssertEqual(buffers.freeBuffers, 0)
        let waiter = Task { await buffers.take().capacity }
        while buffers.waitingReaders == 0 { await Task.yield() }
        held.removeLast()
        let capacity = await waiter.value
        XCTAssertEqual(capacity, buffers.size)
        XCTAssertEqual(buffers.waitingReaders, 0)
        held.removeAll()
        XCTAssertEqual(buffers.freeBuffers, buffers.count)
    }

    func testABufferGrownBeyondItsSizeGivesItsMemoryBack() async {
        let buffers = UploadBuffers.shared
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
        let buffers = UploadBuffers.shared
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
