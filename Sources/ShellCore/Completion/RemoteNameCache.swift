import Browser
import Synchronization

/// The complete answers already fetched while one line is edited, so a second TAB, or
/// a TAB after typing more of the same name, costs no request.
final class RemoteNameCache: Sendable {
    private struct Entry {
        var folder: Location
        var prefix: String
        var foldersOnly: Bool
        var candidates: [CompletionCandidate]
    }

    private let entries = Mutex<[Entry]>([])

    /// The candidates under `prefix`, when a complete answer for a shorter prefix covers it.
    func lookup(folder: Location, prefix: String, foldersOnly: Bool) -> [CompletionCandidate]? {
        entries.withLock { entries in
            let covering = entries.last { entry in
                entry.folder == folder && prefix.unicodeScalars.starts(with: entry.prefix.unicodeScalars)
                    && (!entry.foldersOnly || foldersOnly)
            }
            return covering?.candidates.filter { candidate in
                candidate.name.unicodeScalars.starts(with: prefix.unicodeScalars) && (!foldersOnly || candidate.isFolder)
            }
        }
    }

    /// Keeps a complete answer.
    func store(folder: Location, prefix: String, foldersOnly: Bool, candidates: [CompletionCandidate]) {
        entries.withLock { $0.append(Entry(folder: folder, prefix: prefix, foldersOnly: foldersOnly, candidates: candidates)) }
    }
}
