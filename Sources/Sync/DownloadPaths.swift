import Places
import Transfers

/// The names a sync brings down, checked as paths below its local folder in name order,
/// as the comparison meets them and before any is sent (sends run several at once, so
/// only that order tells which of a file `a` and a name `a/b` came first). A refused
/// name is kept until its turn to be sent, or its verdict, comes.
final class DownloadPaths: Sendable {
    private let gate = LocalPathGate()
    private let refused = Locked<[String: LocalNameRefusal]>([:])

    /// Meets a name of the comparison, in name order: SRC's side is checked.
    func meet(_ name: MergedName) {
        let entry: PlaceEntry
        switch name {
        case .source(let source), .both(let source, _): entry = source
        case .destination: return
        }
        do throws(LocalNameRefusal) {
            _ = try gate.path(of: entry.name)
        } catch {
            refused.withLock { $0[entry.name] = error }
        }
    }

    /// Why `name` cannot be written below the folder, nil when it can; asked once a name.
    func refusal(of name: String) -> LocalNameRefusal? {
        refused.withLock { $0.removeValue(forKey: name) }
    }
}
