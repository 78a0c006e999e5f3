import Browser
import Rendering
import Storage

extension RemoveCommand {
    /// Deletes what a pattern matched: its objects, and with -r its folders and
    /// containers whole. At a terminal it first says how many objects and bytes and
    /// asks; a folder matched without -r is left and, once the rest is done, reported.
    func removeMatches(_ matches: [PatternMatch], of pattern: PathPattern, _ context: CommandContext) async throws -> [Location] {
        var folders: [Location] = []
        var skipped: [PatternMatch] = []
        for match in matches {
            if case .object = match { continue }
            if isRecursive { folders.append(match.location) } else { skipped.append(match) }
        }
        // A folder taken whole takes what is under it: nothing goes twice.
        folders = folders.filter { folder in !folders.contains { $0 != folder && folder.isWithin($0) } }
        let objects = matches.compactMap { match -> (ObjectSummary, Location)? in
            guard case .object(let object, let location) = match, !folders.contains(where: location.isWithin) else { return nil }
            return (object, location)
        }
        if isDryRun {
            try await sayWouldRemove(objects, folders: folders, context)
        } else if try await confirmed(objects, folders: folders, pattern, context) {
            try await remove(objects, of: pattern, context)
            for folder in folders { _ = try await removeAll(under: folder, context, asking: false) }
        } else {
            return []
        }
        if let first = skipped.first {
            throw CommandFailure.needsRecursive(first.location, isContainer: first.location.isContainer, command: "rm")
        }
        return isDryRun ? [] : objects.map(\.1) + folders
    }

    /// At a terminal and without -f: says what the pattern will delete and asks, naming
    /// the old versions a container taken whole takes with it. A script without -f is
    /// refused such a container before anything goes.
    func confirmed(
        _ objects: [(ObjectSummary, Location)], folders: [Location], _ pattern: PathPattern, _ context: CommandContext
    ) async throws -> Bool {
        guard asks else { return true }
        let containers = Set(objects.map { $0.1.container! } + folders.map { $0.container! }).sorted()
        var keeping: [String] = []
        for container in containers {
            if try await keepsVersions(container, context.session) { keeping.append(container) }
        }
        let purged = folders.filter { $0.isContainer && keeping.contains($0.container!) }.map { $0.container! }
        guard let confirm = context.settings.streams.confirm else {
            if let first = purged.first { throw CommandFailure.versionsWouldGo(container: first) }
            return true
        }
        var count = objects.count
        var bytes = objects.reduce(Int64(0)) { $0 + $1.0.bytes }
        let deleter = context.session.deleter()
        for folder in folders {
            let under = try await deleter.count(under: folder)
            count += under.objects
            bytes += under.bytes
        }
        let fate =
            !purged.isEmpty
            ? ", with every old version of \(purged.map(escaped).joined(separator: ", ")), for good"
            : keeping.isEmpty ? "" : " (kept as versions: their bytes stay)"
        let question = "delete \(Self.objects(count)) (\(ByteCountText.format(bytes))) matching \(escaped(pattern.text))\(fate)?"
        guard await confirm(question) else {
            context.console.writeError("rm: nothing deleted\n")
            return false
        }
        return true
    }

    func remove(_ objects: [(ObjectSummary, Location)], of pattern: PathPattern, _ context: CommandContext) async throws {
        guard !objects.isEmpty else { return }
        let deleter = context.session.deleter()
        let failed = context.console.failureWriter(of: "rm")
        var deleted = 0
        var kept = false
        for (container, listed) in Dictionary(grouping: objects, by: { $0.1.container! }).sorted(by: { $0.key < $1.key }) {
            deleted += try await deleter.delete(listed.map(\.0), container: container, failed: failed)
            if try await keepsVersions(container, context.session) { kept = true }
        }
        context.console.writeNote("deleted \(Self.objects(deleted)) matching \(escaped(pattern.text))\(kept ? Self.bytesStay : "")\n")
    }

    /// `-n`: what a pattern would delete, an object a line, then the total.
    func sayWouldRemove(_ objects: [(ObjectSummary, Location)], folders: [Location], _ context: CommandContext) async throws {
        for (object, location) in objects {
            context.console.write("would delete \(escaped(location.objectPath)) (\(ByteCountText.format(object.bytes)))\n")
        }
        for folder in folders { _ = try await sayWouldRemoveAll(under: folder, context) }
    }

    /// `-n` for one plain name: the object it would delete, or why it would not.
    func sayWouldRemove(_ target: Location, _ context: CommandContext) async throws {
        switch try await context.session.resolve(target, probe: .objectFirst, expecting: .object) {
        case .object(let info, _):
            context.console.write("would delete \(escaped(target.objectPath)) (\(ByteCountText.format(info.bytes)))\n")
        case .folder, .container, .account:
            throw CommandFailure.needsRecursive(target, isContainer: target.isContainer, command: "rm")
        }
    }

    /// `-n` for `rm -r`: every object under a folder or container, then the total. Never deletes.
    func sayWouldRemoveAll(under target: Location, _ context: CommandContext) async throws -> Bool {
        var count = 0
        var bytes: Int64 = 0
        try await context.session.eachEntryPage(under: target, recursive: true, sizes: true) { page in
            for case .object(let object) in page {
                count += 1
                bytes += object.bytes
                let path = Location(container: target.container!, objectName: Substring(object.name)).objectPath
                context.console.write("would delete \(escaped(path)) (\(ByteCountText.format(object.bytes)))\n")
            }
        }
        let container = target.isContainer ? " and the container" : ""
        let total = "\(Self.objects(count)) (\(ByteCountText.format(bytes)))"
        context.console.write("would delete \(total) under \(escaped(target.description))\(container)\n")
        return false
    }

    static func objects(_ count: Int) -> String { "\(count) object\(count == 1 ? "" : "s")" }
}
