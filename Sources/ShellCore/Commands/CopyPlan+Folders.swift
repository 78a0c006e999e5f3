import Browser
import Rendering
import Storage
import Transfers

extension CopyPlan {
    /// A folder or container with everything in it, several objects at once; a move
    /// keeps a journal while it runs, and a moved container goes once empty.
    func transferFolder(_ source: Location, to target: Location, as destination: Location? = nil, _ context: CommandContext) async throws {
        guard !target.isWithin(source) else { throw CommandFailure.copyIntoItself(source, target: target) }
        let session = context.session
        let prefix = source.segments.count == 1 ? "" : source.prefix
        let targetPrefix = target.segments.count == 1 ? "" : target.prefix
        if isDryRun {
            return try await session.eachEntryPage(under: source, recursive: true, sizes: false) { page in
                for case .object(let object) in page {
                    let name = targetPrefix + String(decoding: object.name.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
                    sayWould(Location(container: source.container!, objectName: Substring(object.name)), target.container!, name, context)
                }
            }
        }
        if target.segments.count == 1 { try await session.ensureContainer(target.container!) }
        let journal =
            moving
            ? try MoveJournal(
                folder: context.settings.journalFolder, cluster: session.clusterName, source: source.description,
                destination: (destination ?? target).description, target: target.description)
            : nil
        if let journal, journal.resumes {
            context.console.writeNote("\(command): finishing an interrupted move (\(journal.movedBefore) objects moved before)\n")
        }
        let output = context.console.output
        let count = try await session.copier().transferAll(
            container: source.container!, prefix: prefix, to: (target.container!, targetPrefix), moving: moving, journal: journal
        ) { failure in output.writeError("\(command): \(escaped(ErrorReport.words(failure)))\n") }
        journal?.finish()
        if moving && source.segments.count == 1 { try await session.deleter().deleteEmptiedContainer(source.container!) }
        let objects = "\(count) object\(count == 1 ? "" : "s")"
        context.console.writeNote("\(done) \(objects) from \(escaped(source.description)) to \(escaped(target.description)) (verified)\n")
    }

    /// What a pattern matched: each object to TARGET followed by its name below the
    /// pattern's base; with -r each folder whole. A folder matched without -r is
    /// returned, to be reported once the rest is done.
    func transferMatches(_ matches: [PatternMatch], of pattern: PathPattern, to destination: Location, _ context: CommandContext) async throws
        -> Location?
    {
        if moving, !isDryRun, asks, let confirm = context.settings.confirm {
            let objects = matches.compactMap { match -> ObjectSummary? in if case .object(let object, _) = match { object } else { nil } }
            let bytes = ByteCountText.format(objects.reduce(0) { $0 + $1.bytes })
            guard await confirm("move \(objects.count) objects (\(bytes)) matching \(escaped(pattern.text)) to \(escaped(destination.description))?")
            else {
                context.console.writeError("\(command): nothing moved\n")
                return nil
            }
        }
        if let first = matches.first, destination == pattern.base { throw CommandFailure.sameObject(first.location) }
        var skipped: Location?
        var objects: [String: [ObjectSummary]] = [:]
        for match in matches {
            switch match {
            case .object(let object, let location): objects[location.container!, default: []].append(object)
            case .folder, .container:
                guard isRecursive else {
                    skipped = skipped ?? match.location
                    continue
                }
                let below = match.location.segments.dropFirst(pattern.base.segments.count)
                try await transferFolder(match.location, to: Location(segments: destination.segments + below), context)
            }
        }
        for (container, listed) in objects.sorted(by: { $0.key < $1.key }) {
            try await transfer(listed, of: container, matching: pattern, to: destination, context)
        }
        return skipped
    }

    /// Objects of one container that a pattern matched, several at once, each to TARGET
    /// followed by its name below the pattern's base (from the account: `CONTAINER/NAME`).
    func transfer(
        _ objects: [ObjectSummary], of container: String, matching pattern: PathPattern, to destination: Location, _ context: CommandContext
    )
        async throws
    {
        let prefix = pattern.base.isRoot ? "" : pattern.base.prefix
        var targetPrefix = destination.segments.count == 1 ? "" : destination.prefix
        if pattern.base.isRoot { targetPrefix += container + "/" }
        if isDryRun {
            for object in objects {
                let name = targetPrefix + String(decoding: object.name.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
                sayWould(Location(container: container, objectName: Substring(object.name)), destination.container!, name, context)
            }
            return
        }
        let output = context.console.output
        let count = try await context.session.copier().transfer(
            objects, container: container, below: prefix, to: (destination.container!, targetPrefix), moving: moving
        ) { failure in output.writeError("\(command): \(escaped(ErrorReport.words(failure)))\n") }
        let what = "\(count) object\(count == 1 ? "" : "s") matching \(escaped(pattern.text))"
        context.console.writeNote("\(done) \(what) to \(escaped(destination.description)) (verified)\n")
    }

    func sayWould(_ source: Location, _ container: String, _ name: String, _ context: CommandContext) {
        let target = Location(container: container, objectName: Substring(name))
        context.console.write("would \(moving ? "move" : "copy") \(escaped(source.objectPath)) to \(escaped(target.objectPath))\n")
    }
}
