import Foundation

/// Lines of a C stream, without their newlines; any line length, read in large chunks.
public struct LineReader: Sequence, IteratorProtocol {
    let handle: UnsafeMutablePointer<FILE>

    /// The lines of `handle`, read until its end.
    public init(handle: UnsafeMutablePointer<FILE>) { self.handle = handle }

    public mutating func next() -> String? {
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let count = getline(&buffer, &capacity, handle)
        guard count >= 0, let buffer else { return nil }
        var bytes = UnsafeRawBufferPointer(start: buffer, count: count)
        if bytes.last == UInt8(ascii: "\n") { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        if bytes.last == UInt8(ascii: "\r") { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
