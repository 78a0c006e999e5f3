import Foundation

/// Bytes from standard input, read so that a signal interrupts the wait at once.
enum TerminalInput {
    /// What waiting for input ended with.
    enum Event: Equatable {
        case byte(UInt8)
        case endOfFile
        case interrupted
        case hangup
        case resized
    }

    /// Waits for the next byte, or for a signal; a Ctrl-C is taken from `SignalEvents`.
    static func next() -> Event {
        while true {
            if SignalEvents.hangupSignal != nil { return .hangup }
            if SignalEvents.takeInterrupt() { return .interrupted }
            if SignalEvents.takeResize() { return .resized }
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: SignalEvents.wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .endOfFile
            }
            if descriptors[1].revents != 0 {
                SignalEvents.drainWakePipe()
                continue
            }
            guard descriptors[0].revents != 0 else { continue }
            var byte: UInt8 = 0
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return .byte(byte) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return .endOfFile
        }
    }

    /// The next character, decoded from UTF-8 (a malformed sequence gives U+FFFD).
    static func nextScalar() -> (Unicode.Scalar?, Event) {
        let first = next()
        guard case .byte(let lead) = first else { return (nil, first) }
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 1
        var bytes = [lead]
        while bytes.count < length {
            let event = next()
            guard case .byte(let continuation) = event else { return (nil, event) }
            bytes.append(continuation)
        }
        var decoded = String(decoding: bytes, as: UTF8.self).unicodeScalars.makeIterator()
        return (decoded.next() ?? "\u{FFFD}", first)
    }
}
