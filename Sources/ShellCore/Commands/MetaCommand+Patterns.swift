import Browser
import Rendering
import Storage
import Transfers

extension MetaCommand {
    /// `meta PATTERN …`: the change goes to every object the pattern matches (a folder is
    /// left: meta changes objects), a HEAD and one change each; without a change, each
    /// object's metadata under its path. At a terminal and without -f, more than one
    /// object is asked for first. One line says how many changed; an object that fails
    /// is told as it happens and the others go on.
    func changeMatches(_ pattern: PathPattern, _ context: CommandContext) async throws -> CommandOutcome {
        let (objects, folders) = try await Self.objects(matching: pattern, context.session)
        guard asksForChange else {
            try await show(objects, context)
            return .answered
        }
        if !isDryRun { try context.session.checkKeepsMetadata() }
        guard await confirmed(objects.count, pattern, context) else { return .answered }
        var tally = MetaTally()
        for (object, location) in objects {
            try await change(object, in: location.container!, &tally, context)
        }
        context.console.writeNote(tally.summary(matching: pattern.text, folders: folders, dryRun: isDryRun))
        if let first = tally.failures.first {
            throw ErrorReport.SomeObjectsFailed(failed: tally.failures.count, total: objects.count, first: first)
        }
        return isDryRun || tally.changed == 0 ? .answered : .storeChanged(printPanes: false)
    }

    /// The objects `pattern` matches, and how many folders it matched besides; only
    /// folders is an error that names the first.
    static func objects(matching pattern: PathPattern, _ session: BrowserSession) async throws
        -> (objects: [(ObjectSummary, Location)], folders: Int)
    {
        let matches = try await session.expand(pattern)
        let objects = matches.compactMap { match -> (ObjectSummary, Location)? in
            if case .object(let object, let location) = match { (object, location) } else { nil }
        }
        if objects.isEmpty, let first = matches.first {
            throw CommandFailure.notAnObject(first.location, isContainer: first.location.isContainer)
        }
        return (objects, matches.count - objects.count)
    }

    /// At a terminal, without -f or -n: asks before changing more than one object.
    func confirmed(_ count: Int, _ pattern: PathPattern, _ context: CommandContext) async -> Bool {
        guard asks, !isDryRun, count > 1, let confirm = context.settings.streams.confirm else { return true }
        guard await confirm("change the metadata of \(count) objects matching \(escaped(pattern.text))?") else {
            context.console.writeError("meta: nothing changed\n")
            return false
        }
        return true
    }

    /// Changes one matched object (with -n, says what would change), counted in `tally`;
    /// a failure of that object alone is told and counted, the rest rethrown.
    func change(_ object: ObjectSummary, in container: String, _ tally: inout MetaTally, _ context: CommandContext) async throws {
        let location = Location(container: container, objectName: Substring(object.name))
        do {
            let info = try await context.session.objectInfo(container: container, name: object.name)
            let lines = MetadataLines.changes(change, of: info).map { "  \($0)\n" }.joined()
            guard !lines.isEmpty else {
                tally.unchanged += 1
                return
            }
            if isDryRun {
                context.console.write("would change \(escaped(location.objectPath)):\n" + lines)
            } else {
                let changed = try await context.session.updateMetadata(of: info, change)
                if context.wantsJSON(json) { context.console.writeJSON([JSONRecord.metadata(changed)]) }
            }
            tally.changed += 1
        } catch let error as StorageError where Self.isOneObjects(error) {
            context.console.writeFailure(ObjectFailure(name: location.objectPath, error: error), of: "meta")
            tally.failures.append(error)
        }
    }

    /// Whether a failure concerns its object alone: not Ctrl-C, nor a refusal that every
    /// object would meet (a value S3 cannot keep).
    static func isOneObjects(_ error: StorageError) -> Bool {
        switch error {
        case .cancelled: false
        case .metadataRefused(let refusal): refusal == .tooLargeToRewrite
        default: true
        }
    }

    /// Without a change: each matched object's metadata, under its path (or its JSON record).
    func show(_ objects: [(ObjectSummary, Location)], _ context: CommandContext) async throws {
        for (object, location) in objects {
            let info = try await context.session.objectInfo(container: location.container!, name: object.name)
            if context.wantsJSON(json) {
                context.console.writeJSON([JSONRecord.metadata(info)])
            } else {
                context.console.write(escaped(location.objectPath) + ":\n" + MetadataLines.listing(info).map { "  \($0)\n" }.joined())
            }
        }
    }
}

/// What `meta PATTERN` did, for its one line.
struct MetaTally {
    var changed = 0
    /// Objects the change leaves as they are (the keys already so).
    var unchanged = 0
    var failures: [any Error] = []

    /// `changed 3 objects matching *.log; 1 already so; 2 folders left`.
    func summary(matching pattern: String, folders: Int, dryRun: Bool) -> String {
        var text = "\(dryRun ? "would change" : "changed") \(changed) object\(changed == 1 ? "" : "s") matching \(escaped(pattern))"
        if unchanged > 0 { text += "; \(unchanged) already so" }
        if folders > 0 { text += "; \(folders) folder\(folders == 1 ? "" : "s") left (meta changes objects)" }
        return text + "\n"
    }
}
