import Foundation
import XCTest

/// One run of the real `objsh` binary whose two streams are kept as the bytes it wrote
/// (ObjshRun decodes them, which would hide an invalid UTF-8 byte): in pipes, or each
/// in a pseudo-terminal of its own, so that objsh sees a terminal (its progress line,
/// its pane layout) and the test still tells standard output from standard error.
struct RawRun {
    var status: Int32
    var output: Data
    var errors: Data

    /// Runs `objsh ARGUMENTS` with exactly `environment`; `terminal` puts standard output
    /// and standard error each on a pseudo-terminal (100 × 30, output processing off, so
    /// every byte read is a byte objsh wrote). Standard input is /dev/null.
    static func run(_ arguments: [String], environment: [String: String], terminal: Bool) throws -> RawRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ObjshRun.binary())
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let streams = try terminal ? [PseudoTerminal(), PseudoTerminal()] : []
        let pipes = terminal ? [] : [Pipe(), Pipe()]
        process.standardOutput = terminal ? streams[0].childEnd : pipes[0]
        process.standardError = terminal ? streams[1].childEnd : pipes[1]
        try process.run()
        streams.forEach { $0.closeChildEnd() }
        let readers: [@Sendable () -> Data] =
            terminal ? streams.map { stream in { stream.read() } } : pipes.map { pipe in { pipe.fileHandleForReading.readDataToEndOfFile() } }
        // Both streams are drained at once so that a chatty run cannot block on a full one.
        nonisolated(unsafe) var errorData = Data()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData = readers[1]()
            drained.signal()
        }
        let outputData = readers[0]()
        drained.wait()
        process.waitUntilExit()
        return RawRun(status: process.terminationStatus, output: outputData, errors: errorData)
    }
}

/// A pseudo-terminal pair: the child's end for a process's stream, the parent's end to read.
final class PseudoTerminal: @unchecked Sendable {
    let parentDescriptor: Int32
    let childEnd: FileHandle

    init() throws {
        // posix_openpt and unlockpt are not in Swift's Glibc module: Linux's ioctls, by number.
        parentDescriptor = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard parentDescriptor >= 0, ioctl(parentDescriptor, Self.unlockRequest, &unlock) == 0,
            ioctl(parentDescriptor, Self.numberRequest, &number) == 0
        else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no pseudo-terminal: errno \(errno)"]) }
        let child = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard child >= 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no pty child end: errno \(errno)"]) }
        var settings = termios()
        tcgetattr(child, &settings)
        settings.c_oflag &= ~tcflag_t(OPOST)  // no \n → \r\n: the bytes read are objsh's
        tcsetattr(child, TCSANOW, &settings)
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(child, UInt(TIOCSWINSZ), &size)
        childEnd = FileHandle(fileDescriptor: child, closeOnDealloc: false)
    }

    /// TIOCSPTLCK and TIOCGPTN.
    static let unlockRequest: UInt = 0x4004_5431
    static let numberRequest: UInt = 0x8004_5430

    deinit { close(parentDescriptor) }

    /// Closes this process's copy of the child's end, so that reading ends when the child does.
    func closeChildEnd() { close(childEnd.fileDescriptor) }

    /// Every byte until the child's end is closed by all (Linux then answers EIO).
    func read() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(parentDescriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return data }
            data.append(contentsOf: buffer[..<count])
        }
    }
}
