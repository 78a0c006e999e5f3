import Browser
import Storage
import Rendering
import Transfers

extension Shell {
    /// `rm [-r] [-f] NAME...`: objects; with -r folders and containers with all they hold.
    func remove(_ command: ParsedCommand) async throws {
        var removed: [Location] = []
        for name in command.operands {
            let target = try session.currentFolder.resolving(name)
            guard target.container != nil else {
                throw ShellError.failed(command: "rm", message: "the account itself cannot be deleted; name its containers", kind: .usage)
            }
            if command.flags.contains("-r"), try await holdsObjects(target) {
                guard try await removeAll(under: target, asking: !command.flags.contains("-f")) else { continue }
            } else {
                try await removeObject(target)
            }
            removed.append(target)
        }
        // The panes leave what is gone, then show what is left.
        if let gone = removed.first(where: { session.currentFolder.isWithin($0) }), let parent = gone.parent {
            try await session.cd(parent.description)
        }
        try await session.refresh()
    }

    /// Whether `target` is a container, or a folder with something in it.
    func holdsObjects(_ target: Location) async throws -> Bool {
        let store = session.store
        if target.segments.count == 1 { return try await store.containerExists(target.container!) }
        return !(try await store.listObjects(in: target.container!, ListingQuery(prefix: target.prefix, limit: 1)).isEmpty)
    }

    func removeObject(_ target: Location) async throws {
        let container = target.container!
        guard target.segments.count > 1 else {
            throw ShellError.failed(command: "rm", message: "\(escaped(target.description)) is a container; use rm -r", kind: .usage)
        }
        do {
            try await session.store.deleteObject(container: container, name: String(target.prefix.dropLast()))
        } catch StorageError.noSuchObject {
            let isFolder = try await holdsObjects(target)
            throw ShellError.failed(command: "rm", message: isFolder ? "\(escaped(target.description)) is a folder; use rm -r"
                                                                   : "\(escaped(target.objectPath)): no such object",
                                    kind: isFolder ? .usage : .notFound)
        }
        writeNote("deleted \(escaped(target.objectPath))\n")
    }

    /// Deletes everything under a folder or container (then the container itself); at a
    /// terminal it first says how much and asks. False when the answer was no.
    func removeAll(under target: Location, asking: Bool) async throws -> Bool {
        let container = target.container!
        let isContainer = target.segments.count == 1
        let deleter = Deleter(store: session.store)
        if asking, let confirm = settings.confirm {
            let (objects, bytes) = try await deleter.count(container: container, prefix: isContainer ? "" : target.prefix)
            let what = "\(objects) object\(objects == 1 ? "" : "s") (\(ByteCountText.format(bytes))) under \(escaped(target.description))"
            guard await confirm("delete \(what)\(isContainer ? " and the container" : "")?") else {
                output.writeError("rm: nothing deleted\n")
                return false
            }
        }
        let output = output
        let count = try await deleter.deleteAll(container: container, prefix: isContainer ? "" : target.prefix) { failure in
            output.writeError("rm: \(escaped(Self.describe(failure)))\n")
        }
        if isContainer { try await deleter.deleteEmptiedContainer(container) }
        writeNote("deleted \(count) object\(count == 1 ? "" : "s") under \(escaped(target.description))"
                     + (isContainer ? " and the container\n" : "\n"))
        return true
    }
}
