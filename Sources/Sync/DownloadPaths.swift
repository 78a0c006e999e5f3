import Places
import Transfers

/// The names a sync brings down, checked as paths below its local folder in name order,
/// as the comparison meets them and before any is sent (sends run several at once, so
/// only that order tells which of a file `a` and a name `a/b` came first). A refused
/// name is kept until its turn to be sent, or its verdict, comes.
final class DownloadPaths: Sendable {
    private struct State {
        var claims = LocalPathClaims()
        var refused: [String: LocalNameRefusal] = [:]
    }

    private let state = Locked(State())

    /// Meets a name of the comparison, in name order: SRC's side is checked.
    func meet(_ name: MergedName) {
        let entry: PlaceEntry
        switch name {
        case .source(let source), .both(let source, _): entry = source
        case .destination: return
        }
        state.withLock { state in
            do throws(LocalNameRefusal) {
                try state.claims.claim(try LocalName.path(entry.name), isFolder: false)
            } catch {
                state.refused[entry.name] = error
            }
        }
    }

    /// Why `name` cannot be written below the folder, nil when it can; asked once a name.
    func refusal(of name: String) -> LocalNameRefusal? {
        state.withLock { $0.refused.removeValue(forKey: name) }
    }
}
