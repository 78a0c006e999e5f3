import Storage
import Synchronization

/// Passes every call on, recording where each object read starts; it can also flip one
/// byte of what the reads return, or fail the reads that start at given offsets: how
/// the download tests make a server send wrong bytes or break off, with real bytes
/// from a real store around it.
public final class ReadRecorder: ForwardingStore {
    public let base: any ObjectStore
    private let flipByteAt: Int64?
    private let failingStarts: Set<Int64>
    private let failure: StorageError
    private let starts = Mutex<[Int64]>([])

    public init(
        base: any ObjectStore, flipByteAt: Int64? = nil, failReadsStartingAt failingStarts: Set<Int64> = [],
        with failure: StorageError = .cancelled
    ) {
        self.base = base
        self.flipByteAt = flipByteAt
        self.failingStarts = failingStarts
        self.failure = failure
    }

    /// Where each read started (0 for a whole read), in the order they were asked for.
    public var readStarts: [Int64] { starts.withLock { $0 } }

    public func readObject(
        container: String, name: String, version: String?, range: ClosedRange<Int64>?, ifMatch: String?,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo {
        let start = range?.lowerBound ?? 0
        starts.withLock { $0.append(start) }
        if failingStarts.contains(start) { throw failure }
        var position = start
        return try await base.readObject(container: container, name: name, version: version, range: range, ifMatch: ifMatch) { bytes in
            defer { position += Int64(bytes.count) }
            guard let flip = flipByteAt, flip >= position, flip < position + Int64(bytes.count) else { return try receive(bytes) }
            var copy = Array(bytes)
            copy[Int(flip - position)] ^= 0xFF
            try copy.withUnsafeBytes { try receive($0) }
        }
    }
}
