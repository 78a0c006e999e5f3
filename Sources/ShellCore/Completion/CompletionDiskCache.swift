import Browser
import Foundation

/// Names the OS shell's TAB listed, kept on disk for a short while: each TAB after
/// `objsh ` is a new process, and a second TAB, or one after typing more of the same
/// name, should cost no request.
///
/// One file per cluster and folder holds the last complete answer and the prefix it
/// was asked for; it serves any longer prefix until it is `lifetime` old. The folder
/// and files are the user's only (object names can be private).
public struct CompletionDiskCache: CompletionContext {
    public static let defaultLifetime: TimeInterval = 30

    let base: any CompletionContext
    let directory: String
    let cluster: String
    let lifetime: TimeInterval

    public init(
        wrapping base: any CompletionContext, directory: String, cluster: String,
        lifetime: TimeInterval = Self.defaultLifetime
    ) {
        self.base = base
        self.directory = directory
        self.cluster = cluster
        self.lifetime = lifetime
    }

    public var currentFolder: Location { base.currentFolder }
    public var homeDirectory: String { base.homeDirectory }
    public var clusterNames: [String] { base.clusterNames }

    public func remoteNames(folder: Location, prefix: String, foldersOnly: Bool) async throws -> CandidateList {
        let file = path(for: folder)
        if let entry = read(file), entry.cluster == cluster, entry.folder == folder.segments,
            prefix.unicodeScalars.starts(with: entry.prefix.unicodeScalars)
        {
            let names = entry.candidates.filter { $0.name.unicodeScalars.starts(with: prefix.unicodeScalars) && (!foldersOnly || $0.isFolder) }
            return CandidateList(candidates: names, isComplete: true)
        }
        let found = try await base.remoteNames(folder: folder, prefix: prefix, foldersOnly: foldersOnly)
        if found.isComplete && !foldersOnly {
            write(
                Entry(
                    cluster: cluster, folder: folder.segments, prefix: prefix, names: found.candidates.map(\.name),
                    folders: found.candidates.map(\.isFolder)), to: file)
        }
        return found
    }

    /// Version IDs are not kept: the OS shells complete paths only.
    public func versionIDs(of object: Location) async throws -> [String] {
        try await base.versionIDs(of: object)
    }

    public func localNames(directory: String, prefix: String) -> [CompletionCandidate] {
        base.localNames(directory: directory, prefix: prefix)
    }

    struct Entry: Codable {
        var cluster: String
        var folder: [String]
        var prefix: String
        var names: [String]
        var folders: [Bool]

        var candidates: [CompletionCandidate] {
            zip(names, folders).map { CompletionCandidate(name: $0, isFolder: $1) }
        }
    }

    /// A file name from the cluster and folder (FNV-1a); the file repeats both, so a
    /// collision is a miss, never a wrong answer.
    func path(for folder: Location) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ([cluster] + folder.segments).joined(separator: "\u{0}").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return directory + "/" + String(hash, radix: 16)
    }

    func read(_ file: String) -> Entry? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
            let modified = attributes[.modificationDate] as? Date,
            abs(modified.timeIntervalSinceNow) < lifetime,
            let data = FileManager.default.contents(atPath: file)
        else { return nil }
        return try? JSONDecoder().decode(Entry.self, from: data)
    }

    /// Written to a temporary name and renamed, so a reader never sees half a file; a
    /// cache that cannot be written is no cache, not an error.
    func write(_ entry: Entry, to file: String) {
        guard let data = try? JSONEncoder().encode(entry) else { return }
        let manager = FileManager.default
        try? manager.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = file + ".\(getpid()).tmp"
        guard manager.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else { return }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }
}
