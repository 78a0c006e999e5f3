import Browser
import Rendering
import Storage
import Workers

/// A version found to purge, with the container it is in.
struct PurgedVersion: Sendable {
    var container: String
    var version: ObjectVersion
}

extension RemoveCommand {
    /// `rm --versions NAME...`: every non-current version of each NAME (delete markers
    /// too), for good; the current ones stay. With -r every one under a folder or
    /// container. It first says how many and their bytes and asks at a terminal; a
    /// script must give -f (or -n, which lists them and deletes nothing).
    func removeOldVersions(_ context: CommandContext) async throws -> CommandOutcome {
        for name in names {
            let (shown, found) = try await oldVersions(of: name, context)
            try await purge(found, of: shown, context)
        }
        return isDryRun ? .answered : .storeChanged(printPanes: true)
    }

    /// The old versions NAME names, with NAME as the answer says it (a path from the
    /// root, or the pattern): one object's; with -r those under a folder or container; a
    /// pattern's, of each object (and with -r folder) it matches.
    func oldVersions(of name: PathArgument, _ context: CommandContext) async throws -> (String, [PurgedVersion]) {
        var places: [(Location, exact: Bool)] = []
        let shown: String
        switch try name.resolve(in: context.folder) {
        case .path(let target):
            places = [(target, !isRecursive)]
            shown = isRecursive ? target.description : target.objectPath
        case .pattern(let pattern):
            shown = pattern.text
            for match in try await context.session.expand(pattern) {
                if case .object = match { places.append((match.location, true)) } else if isRecursive { places.append((match.location, false)) }
            }
        }
        var found: [PurgedVersion] = []
        var checked: Set<String> = []
        for (place, exact) in places {
            guard let container = place.container else { throw CommandFailure.accountNotAllowed(.delete) }
            if checked.insert(container).inserted { try await checkKeepsVersions(container, context.session) }
            found += try await oldVersions(at: place, exact: exact, context).map { PurgedVersion(container: container, version: $0) }
        }
        return (shown, found)
    }

    /// The old versions of the object `place` names (`exact`), or of every object under it.
    func oldVersions(at place: Location, exact: Bool, _ context: CommandContext) async throws -> [ObjectVersion] {
        guard exact else {
            var old: [ObjectVersion] = []
            try await context.session.eachVersionPage(in: place.container!, prefix: place.prefix) { page in
                old += page.filter { !$0.isCurrent }
                return true
            }
            return old
        }
        let (container, object) = try VersionOption.object(at: place)
        let versions = try await context.session.versions(of: object, in: container)
        guard versions.isEmpty else { return versions.filter { !$0.isCurrent } }
        guard try await holdsObjects(place, context.session) else { throw BrowserError.notFound(NotFound(place, expected: .object)) }
        throw CommandFailure.needsRecursive(place, isContainer: false, command: "rm")
    }

    /// Refuses a container that never kept versions, where there are none to purge; a
    /// store that keeps none refuses the version listing itself.
    func checkKeepsVersions(_ container: String, _ session: BrowserSession) async throws {
        if try await session.containerInfo(container).versioning == .off { throw CommandFailure.keepsNoVersions(container: container) }
    }

    /// Says what goes (each version with -n), asks at a terminal, then deletes them several at once.
    func purge(_ found: [PurgedVersion], of name: String, _ context: CommandContext) async throws {
        let bytes = found.reduce(Int64(0)) { $0 + $1.version.bytes }
        let what = "\(found.count) old version\(found.count == 1 ? "" : "s") (\(ByteCountText.format(bytes))) of \(escaped(name))"
        if isDryRun {
            for item in found {
                let path = Location(container: item.container, objectName: Substring(item.version.name)).objectPath
                context.console.write("would delete version \(escaped(item.version.id)) of \(escaped(path)) (\(Self.describe(item.version)))\n")
            }
            return context.console.write("would delete \(what)\n")
        }
        guard !found.isEmpty else { return context.console.writeNote("no old versions of \(escaped(name))\n") }
        if asks {
            guard let confirm = context.settings.streams.confirm else { throw CommandFailure.oldVersionsNeedForce(name) }
            guard await confirm("delete \(what) for good?") else {
                return context.console.writeError("rm: nothing deleted\n")
            }
        }
        let session = context.session
        try await WorkerPool.forEach(found, limit: 8) { item in
            try await session.deleteVersion(container: item.container, name: item.version.name, version: item.version.id)
        }
        context.console.writeNote("deleted \(what) for good; the current versions stay\n")
    }
}
