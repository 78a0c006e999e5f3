import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The files of one account's index: `manifest.json`, a segment per container, and a
/// lock held while `index` writes. The folder and files are the user's only (object
/// names can be private); nothing in them is a credential.
struct IndexFolder {
    let path: String

    var manifestPath: String { path + "/manifest.json" }

    /// The manifest, or nil when there is none (never built, dropped) or it cannot be read.
    func readManifest() -> IndexManifest? {
        guard let data = FileManager.default.contents(atPath: manifestPath),
            let manifest = try? Self.decoder.decode(IndexManifest.self, from: data),
            (IndexManifest.oldestReadable...IndexManifest.currentVersion).contains(manifest.version)
        else { return nil }
        return manifest
    }

    /// Writes to a temporary name and renames, so a reader never sees half a manifest.
    func write(_ manifest: IndexManifest) throws {
        try create()
        var manifest = manifest
        manifest.version = IndexManifest.currentVersion
        let data = try Self.encoder.encode(manifest)
        let temporary = manifestPath + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw NameIndexError.cannotWrite(path)
        }
        guard rename(temporary, manifestPath) == 0 else {
            unlink(temporary)
            throw NameIndexError.cannotWrite(path)
        }
    }

    func create() throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw NameIndexError.cannotWrite(path)
        }
    }

    /// A new segment's file name for `container`: unique, so the one the manifest names
    /// stays whole until the manifest names the new one.
    func newSegmentName(for container: String) -> String {
        "\(IndexLocation.hash(container))-\(UUID().uuidString.prefix(8).lowercased()).seg"
    }

    /// Removes every file the manifest does not name: segments and manifests a killed
    /// `index` left behind. Only called with the lock held.
    func removeStrays(keeping manifest: IndexManifest) {
        let kept = Set(manifest.containers.values.map(\.file) + ["manifest.json", "lock"])
        for file in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !kept.contains(file) {
            unlink(path + "/" + file)
        }
    }

    /// Runs `body` holding the folder's lock: one `index` at a time per account, across processes.
    func whileLocked<T>(_ body: () async throws -> T) async throws -> T {
        try create()
        let descriptor = open(path + "/lock", O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else { throw NameIndexError.cannotWrite(path) }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { throw NameIndexError.busy }
        defer { flock(descriptor, LOCK_UN) }
        return try await body()
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()
}
