import Foundation
import Storage
import Transfers

/// A local path as a command was given it: the text messages name it by, and the
/// absolute path the file system is given, made against the local folder the command
/// started in (`lcd`), so a later `lcd` never moves where a running command reads or writes.
struct LocalPath: Equatable, Sendable {
    /// As messages name it: what was typed with `~` expanded, or a default name.
    let text: String
    /// For the file system: `text` below the local folder, unless it is absolute.
    let absolute: String
    /// The local folder with its `/` that a relative `text` was put below; nil for an absolute one.
    private let folderPrefix: String?

    /// `typed` as a user gave it: `~` and `~/x` expanded (`$HOME`, as a shell reads it), a
    /// relative path below `folder`.
    init(typed: String, in folder: String) {
        self.init(literal: LocalHome.expanding(typed), in: folder)
    }

    /// `path` as it is (a default name `~` is a file called `~`), a relative one below
    /// `folder`. An empty path stays empty: it names no file, as it named none before.
    init(literal path: String, in folder: String) {
        text = path
        if path.isEmpty || path.hasPrefix("/") {
            folderPrefix = nil
            absolute = path
        } else {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            folderPrefix = prefix
            absolute = prefix + path
        }
    }

    private init(text: String, absolute: String, folderPrefix: String?) {
        self.text = text
        self.absolute = absolute
        self.folderPrefix = folderPrefix
    }

    /// This path with `suffix` added as it is (`"/" + name` for an entry inside it).
    func appending(_ suffix: String) -> LocalPath {
        LocalPath(text: text + suffix, absolute: absolute + suffix, folderPrefix: folderPrefix)
    }

    /// Whether the file system has a folder here.
    var isFolder: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// How messages name `path`, a path the engines were given at, below or beside this
    /// one: for a relative path, without the local folder, as it was named before the
    /// folder was the shell's own (`.x.1a2b3c.objsh-partial`, not `/home/me/.x.…`).
    func named(_ path: String) -> String {
        guard let folderPrefix, path.utf8.starts(with: folderPrefix.utf8) else { return path }
        return String(decoding: path.utf8.dropFirst(folderPrefix.utf8.count), as: UTF8.self)
    }

    /// `error` with every local path it carries named as `named(_:)` says; others as they are.
    func naming(_ error: any Error) -> any Error {
        switch error {
        case TransferError.exists(let path): TransferError.exists(named(path))
        case TransferError.local(let path, let problem): TransferError.local(path: named(path), problem: problem)
        case TransferError.interrupted(.download(let name, let kept, let total, let partial, let inRanges)):
            TransferError.interrupted(.download(name: name, kept: kept, of: total, partial: named(partial), inRanges: inRanges))
        case StorageError.unreadableFile(let path, let problem): StorageError.unreadableFile(path: named(path), problem: problem)
        default: error
        }
    }

    /// One object's failure of a folder transfer, its local paths named as `named(_:)` says.
    func naming(_ failure: ObjectFailure) -> ObjectFailure {
        ObjectFailure(name: failure.name, error: naming(failure.error))
    }

    /// Runs `work` on the absolute path; an error it throws names its local paths as typed.
    func namingErrors<Value>(_ work: () async throws -> Value) async throws -> Value {
        do {
            return try await work()
        } catch {
            throw naming(error)
        }
    }

    /// The last part of a remote name, as a local file name (`a/b.txt` → `b.txt`).
    static func baseName(of name: String) -> String {
        let trimmed = name.hasSuffix("/") ? String(name.dropLast()) : name
        let base = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        return base.isEmpty || base == "." || base == ".." ? "download" : base
    }
}
