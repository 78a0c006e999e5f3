import Browser
import Foundation
import Storage
import Sync

/// A place `diff` compares: `file:PATH` (a local folder; `file:` alone is the local
/// working folder, `~` expands), `CLUSTER:PATH` (a container or folder of another
/// configured cluster, from its root) or a path of the current cluster. `file` is no
/// cluster's name for that reason; `./file:x` names an object called `file:x`.
@MainActor
struct PlaceOperand {
    /// The mark of a local folder.
    nonisolated static let localMark = "file:"

    let text: String

    /// The place resolved: what to compare, and how messages name it.
    struct Resolved {
        let place: SyncPlace
        let label: String
        /// The browser of a remote place's cluster; nil for a local folder.
        var session: BrowserSession?
        /// Whether a remote place's container was seen there: then nothing makes it.
        var containerExists = false
    }

    /// Whether the operand names a local folder (`file:PATH`).
    var isLocal: Bool { text.hasPrefix(Self.localMark) }

    /// Resolves the place. A missing one is empty, unless it `mustExist` (a SRC): then
    /// it is not found. An object, or the account, is refused. Beside a local place
    /// (`sync file:site site`), a relative name is the remote side, though a local
    /// folder of that name is there too.
    func resolve(_ context: CommandContext, mustExist: Bool, besideLocal: Bool = false) async throws -> Resolved {
        if isLocal {
            return try local(String(text.dropFirst(Self.localMark.count)), mustExist: mustExist, context)
        }
        let operand = ClusterOperand(PathArgument(text: text, pattern: nil), clusters: context.shell.catalog.names)
        let session = try await context.session(ofCluster: operand.cluster)
        let location = try operand.folder(current: context.folder(in: session)).resolving(operand.argument.text)
        guard location.container != nil else { throw CommandFailure.accountNotAllowed(.compare) }
        let found = try await session.lookUp(location, probe: .folderFirst)
        if case .found(.object) = found { throw CommandFailure.placeIsObject(location) }
        if case .missing(let missing) = found {
            // A relative name that is a local folder here was most likely meant as one: say
            // how to name it, rather than read nothing, or make a container and write there.
            if !besideLocal, operand.cluster == nil, !text.hasPrefix("/"), Self.isLocalFolder(operand.argument.text, context) {
                throw CommandFailure.remoteMissingLocalFolder(missing, operand: text)
            }
            if mustExist { throw BrowserError.notFound(missing) }
        }
        let label = (operand.cluster.map { $0 + ":" } ?? "") + location.description
        return Resolved(
            place: session.syncPlace(location), label: label, session: session, containerExists: found.containerExists)
    }

    /// Whether `path` names a local folder (relative to the command's local folder).
    static func isLocalFolder(_ path: String, _ context: CommandContext) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: context.localPath(path).absolute, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// A local folder, relative to the local folder the command started in.
    func local(_ path: String, mustExist: Bool, _ context: CommandContext) throws -> Resolved {
        let root = context.localPath(path.isEmpty ? "." : path).absolute
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw CommandFailure.localFolder(path, .system(ENOTDIR)) }
            // A SRC that cannot be read is an error before anything is made or sent.
            if mustExist, access(root, R_OK | X_OK) != 0 { throw CommandFailure.localFolder(path, .system(errno)) }
        } else if mustExist {
            throw CommandFailure.localFolder(path, .system(ENOENT))
        }
        return Resolved(place: .local(root: root), label: Self.localMark + path)
    }
}
