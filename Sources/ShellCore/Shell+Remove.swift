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
                throw CommandFailure.accountNotAllowed(.delete)
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
        switch try await session.resolve(target, expecting: .object) {
        case .container, .folder, .account: true
        case .object: false
        }
    }

    func removeObject(_ target: Location) async throws {
        guard target.segments.count > 1 else { throw CommandFailure.needsRecursive(target, isContainer: true, command: "rm") }
        do {
            try await session.store.deleteObject(container: target.container!, name: String(target.prefix.dropLast()))
        } catch StorageError.noSuchObject {
            // Deleting first costs one request where an object is meant; only a name
            // that is no object is resolved, to say whether it is a folder or nothing.
            guard try await holdsObjects(target) else { throw BrowserError.notFound(NotFound(target, expected: .object)) }
            throw CommandFailure.needsRecursive(target, isContainer: false, command: "rm")
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
        let count = try await deleter.deleteAll(container: container, prefix: isContainer ? "" : target.prefix)
        if isContainer { try await deleter.deleteEmptiedContainer(container) }
        writeNote("deleted \(count) object\(count == 1 ? "" : "s") under \(escaped(target.description))"
                     + (isContainer ? " and the container\n" : "\n"))
        return true
    }
}
