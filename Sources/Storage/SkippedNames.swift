import Synchronization

/// Local names that are not UTF-8 (a file called `bad\xFF\xFE.txt`, say). No object
/// name can hold one, so every walk of a local folder skips it: the file store's
/// listings, the walks of `sync` and `diff`, the files of an upload. Each walk tells
/// the path here, and the shell says it once a run, on a line of its own, instead of
/// leaving the file out without a word.
public final class SkippedNames: Sendable {
    /// The one every walk tells.
    public static let shared = SkippedNames()

    private struct State {
        var told: Set<[UInt8]> = []
        var sink: (@Sendable ([UInt8]) -> Void)?
    }

    private let state = Mutex(State())

    /// Sends each skipped path (its bytes, folder and name) to `sink`, once a run.
    public func tell(to sink: @escaping @Sendable ([UInt8]) -> Void) {
        state.withLock { $0.sink = sink }
    }

    /// Notes `name`, met in the folder `folder`, as skipped.
    public func note(folder: String, name: some Collection<UInt8>) {
        let path = Array(folder.utf8) + (folder.hasSuffix("/") ? [] : [UInt8(ascii: "/")]) + name
        let sink = state.withLock { state -> (@Sendable ([UInt8]) -> Void)? in
            guard let sink = state.sink, state.told.insert(path).inserted else { return nil }
            return sink
        }
        sink?(path)
    }
}
