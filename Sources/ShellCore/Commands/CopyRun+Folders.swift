import Browser
import Rendering
import Storage
import Transfers

extension CopyRun {
    /// Where a folder goes: into TARGET when that is a folder already there, else TARGET
    /// itself; for a move interrupted before, where its journal says it was going.
    func folderTarget(of source: Location, intoFolder: Bool, _ target: inout DestinationLookup, _ context: CommandContext) async throws
        -> Location
    {
        if moving,
            let recorded = MoveJournal.recordedTarget(
                folder: context.settings.journalFolder, cluster: journalCluster, source: source.description,
                destination: destination.description)
        {
            return try Location.root.resolving(recorded)
        }
        // Into a folder, a lookup that failed is no answer: read as "not there", it put the
        // folder's objects one level up (TARGET/x, not TARGET/FOLDER/x).
        let found = intoFolder ? try await target.lookUp(for: self) : try? await target.lookUp(for: self)
        return intoFolder && found?.target != nil ? destination.appending(source.name!) : destination
    }

    /// What a move's journal is filed under: the cluster, or both when the move crosses.
    var journalCluster: String { crosses ? "\(from.clusterName) to \(to.clusterName)" : from.clusterName }

    /// A folder or container with everything in it, several objects at once; a move
    /// keeps a journal while it runs, and a moved container goes once empty. The target's
    /// container is made when missing, unless `containerSeen` there.
    func transferFolder(
        _ source: Location, to target: Location, asTarget: Bool = true, containerSeen: Bool = false, _ context: CommandContext
    ) async throws {
        guard !oneAccount || !target.isWithin(source) else { throw CommandFailure.copyIntoItself(source, target: target) }
        if isDryRun {
            let container = source.container!
            return try await from.eachEntryPage(under: source, recursive: true, sizes: false) { page in
                for case .object(let object) in page {
                    sayWould(object.name, of: container, to: Copier.targetName(of: object.name, in: container, below: source, to: target), context)
                }
            }
        }
        if (target.isContainer || crosses) && !containerSeen { try await to.ensureContainer(target.container!) }
        let journal =
            moving
            ? try MoveJournal(
                folder: context.settings.journalFolder, cluster: journalCluster, source: source.description,
                destination: (asTarget ? destination : target).description, target: target.description)
            : nil
        if let journal, journal.resumes {
            context.console.writeNote("\(command): finishing an interrupted move (\(journal.movedBefore) objects moved before)\n")
        }
        let console = context.console
        let command = command
        let count = try await copier.transferAll(
            from: source, to: target, moving: moving, journal: journal, progress: progress, unverified: Self.sayUnverified(command, console),
            failed: console.failureWriter(of: command))
        journal?.finish()
        if moving && source.isContainer { try await from.deleter().deleteEmptiedContainer(source.container!) }
        let objects = "\(count.done) object\(count.done == 1 ? "" : "s")"
        let places = "from \(named(source, on: from, asObject: false)) to \(named(target, on: to, asObject: false))"
        context.console.writeNote("\(plan.done) \(objects) \(places) \(Self.checked(count))\n")
    }

    /// What a pattern matched: each object to TARGET followed by its name below the
    /// pattern's base; with -r each folder whole. A folder matched without -r is
    /// returned, to be reported once the rest is done.
    func transferMatches(_ matches: [PatternMatch], of pattern: PathPattern, _ context: CommandContext) async throws
        -> Location?
    {
        if moving, !isDryRun, plan.asks, let confirm = context.settings.streams.confirm {
            let objects = matches.compactMap { match -> ObjectSummary? in if case .object(let object, _) = match { object } else { nil } }
            let bytes = ByteCountText.format(objects.reduce(0) { $0 + $1.bytes })
            guard
                await confirm(
                    "move \(objects.count) objects (\(bytes)) matching \(escaped(pattern.text)) to \(named(destination, on: to, asObject: false))?")
            else {
                context.console.writeError("\(command): nothing moved\n")
                return nil
            }
        }
        if let first = matches.first, destination == pattern.base, oneAccount { throw CommandFailure.sameObject(first.location) }
        var skipped: Location?
        var objects: [String: [ObjectSummary]] = [:]
        for match in matches {
            switch match {
            case .object(let object, let location): objects[location.container!, default: []].append(object)
            case .folder, .container:
                guard plan.isRecursive else {
                    skipped = skipped ?? match.location
                    continue
                }
                let below = match.location.segments.dropFirst(pattern.base.segments.count)
                try await transferFolder(match.location, to: Location(segments: destination.segments + below), asTarget: false, context)
            }
        }
        for (container, listed) in objects.sorted(by: { $0.key < $1.key }) {
            try await transfer(listed, of: container, matching: pattern, context)
        }
        return skipped
    }

    /// Objects of one container that a pattern matched, several at once, each to TARGET
    /// followed by its name below the pattern's base (from the account: `CONTAINER/NAME`).
    func transfer(
        _ objects: [ObjectSummary], of container: String, matching pattern: PathPattern, _ context: CommandContext
    )
        async throws
    {
        if isDryRun {
            for object in objects {
                sayWould(
                    object.name, of: container, to: Copier.targetName(of: object.name, in: container, below: pattern.base, to: destination), context)
            }
            return
        }
        let console = context.console
        let command = command
        if crosses { try await to.ensureContainer(destination.container!) }
        let count = try await copier.transfer(
            objects, container: container, below: pattern.base, to: destination, moving: moving, progress: progress,
            unverified: Self.sayUnverified(command, console), failed: console.failureWriter(of: command))
        let what = "\(count.done) object\(count.done == 1 ? "" : "s") matching \(escaped(pattern.text))"
        context.console.writeNote("\(plan.done) \(what) to \(named(destination, on: to, asObject: false)) \(Self.checked(count))\n")
    }

    /// The end of a folder copy's summary: "(verified)" only when every copy was.
    static func checked(_ count: CopyCount) -> String {
        count.unverified == 0 ? "(verified)" : "(\(count.unverified) of them not verified)"
    }

    /// Tells a copy nothing could prove, as it is made (a folder copy goes on).
    static func sayUnverified(_ command: String, _ console: Console) -> @Sendable (String, CopyCheck) -> Void {
        { name, check in console.writeError("\(command): \(escaped(name)): copied, but \(ErrorReport.words(check))\n") }
    }

    /// `-n`: the object `name` of `container`, and the name its copy would take in TARGET's container.
    func sayWould(_ name: String, of container: String, to targetName: String, _ context: CommandContext) {
        let source = Location(container: container, objectName: Substring(name))
        let target = Location(container: destination.container!, objectName: Substring(targetName))
        context.console.write("would \(moving ? "move" : "copy") \(named(source, on: from)) to \(named(target, on: to))\n")
    }
}

/// TARGET as the resolver answered, asked the first time the copy needs it and kept for
/// the rest of the run: a `cp` resolves its destination once.
@MainActor
struct DestinationLookup {
    private(set) var found: Lookup?

    mutating func lookUp(for run: CopyRun) async throws -> Lookup {
        if let found { return found }
        let answer = try await run.to.lookUp(run.destination, probe: .folderFirst)
        found = answer
        return answer
    }

    /// Whether TARGET's container was seen there, so that nothing need make it.
    var sawContainer: Bool { found?.containerExists ?? false }
}
