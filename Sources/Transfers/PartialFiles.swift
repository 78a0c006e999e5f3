import Foundation
import Synchronization

/// The partial files and journals (`LocalFile.partialSuffix`, `journalSuffix`) in the
/// folders a folder download writes to, each folder read once when its first object
/// comes: the stale partials of an earlier run are found without reading the folder
/// again for every object (1,000 objects into one folder read it 1,000 times, each
/// time longer).
final class PartialFiles: Sendable {
    private let folders = Mutex<[String: [String]]>([:])

    /// The partial and journal files' names in `folder` (a path ending in `/`, or empty
    /// for the current folder) when it was first asked about.
    func names(in folder: String) -> [String] {
        if let known = folders.withLock({ $0[folder] }) { return known }
        let listed = Self.list(folder)
        return folders.withLock { known in
            if let first = known[folder] { return first }
            known[folder] = listed
            return listed
        }
    }

    /// The partial and journal files' names in `folder` now.
    static func list(_ folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        return names.filter { $0.hasSuffix(LocalFile.partialSuffix) || $0.hasSuffix(LocalFile.journalSuffix) }
    }
}
