import Foundation
import Glibc

/// A TCP socket on 127.0.0.1 that listens and never answers: the kernel completes
/// connections into its backlog, so a client connects, sends, and waits forever.
final class SilentListener: @unchecked Sendable {
    let port: Int
    private let descriptor: Int32
    // Touched only by waitForConnection and deinit, which a test never runs at once.
    private var accepted: [Int32] = []

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXErrorCode(rawValue: errno).map { POSIXError($0) } ?? POSIXError(.EIO)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        accepted.forEach { close($0) }
        close(descriptor)
    }

    /// Blocks until a client has connected: its request is then under way. The
    /// connection stays open and is never answered.
    func waitForConnection() {
        let connection = accept(descriptor, nil, nil)
        if connection >= 0 { accepted.append(connection) }
    }

    /// A port nothing listens on: bound once, then closed.
    static func closedPort() throws -> Int {
        let listener = try SilentListener()
        return listener.port
    }
}
