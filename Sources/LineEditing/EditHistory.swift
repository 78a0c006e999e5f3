@preconcurrency import CLineEdit
import Foundation

/// libedit's history list and the file it lives in between runs.
final class EditHistory {
    let handle: OpaquePointer
    let file: String?

    /// Loads `file`, when it exists, keeping at most `size` entries.
    init?(file: String?, size: Int32) {
        guard let handle = history_init() else { return nil }
        self.handle = handle
        self.file = file
        clineedit_history_setsize(handle, size)
        clineedit_history_setunique(handle, 1)
        if let file {
            clineedit_history_load(handle, file)
            Self.removeAbandonedTemporaries(of: file)
        }
    }

    /// A run killed while it saved leaves `FILE.tmp.PID`; the file itself is whole (the
    /// rename never happened), so what such a dead run left is only litter.
    static func removeAbandonedTemporaries(of file: String) {
        let directory = (file as NSString).deletingLastPathComponent
        let prefix = (file as NSString).lastPathComponent + ".tmp."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(directory + "/" + name)
        }
    }

    deinit { history_end(handle) }

    func add(_ line: String) {
        clineedit_history_enter(handle, line)
    }

    /// Writes the file. H_SAVE truncates before it writes, so a kill in the middle
    /// would empty it: write a temporary file beside it and rename that over it.
    func save() {
        guard let file else { return }
        let directory = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let temporary = file + ".tmp.\(getpid())"
        if clineedit_history_save(handle, temporary) >= 0 {
            rename(temporary, file)
        } else {
            unlink(temporary)
        }
    }
}
