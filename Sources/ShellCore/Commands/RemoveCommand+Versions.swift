import Browser
import Rendering
import Storage

extension RemoveCommand {
    /// `rm --version ID NAME...`: that version of each NAME, for good; at a terminal it
    /// first says which version and asks (unless -f). `-n` says it and deletes nothing.
    func removeVersion(_ version: String, _ context: CommandContext) async throws -> CommandOutcome {
        let session = context.session
        for name in names {
            let target = try context.folder.resolving(name.text)
            let (container, object) = try VersionOption.object(at: target)
            guard let found = try await session.versions(of: object, in: container).first(where: { $0.id == version }) else {
                throw StorageError.noSuchVersion(container: container, name: object, version: version)
            }
            let what = "version \(escaped(version)) of \(escaped(target.objectPath)) (\(Self.describe(found)))"
            if isDryRun {
                context.console.write("would delete \(what)\n")
                continue
            }
            if asks, let confirm = context.settings.streams.confirm {
                guard await confirm("delete \(what) for good?") else {
                    context.console.writeError("rm: nothing deleted\n")
                    continue
                }
            }
            try await session.deleteVersion(container: container, name: object, version: version)
            context.console.writeNote("deleted \(what)\n")
        }
        if isDryRun { return .answered }
        return .storeChanged(printPanes: true)
    }

    /// What a single delete in a container that keeps versions leaves, as `rm` says it.
    static let itsBytesStay = " (the container keeps versions: its bytes stay, and restore brings it back)"
    /// The same for several objects.
    static let bytesStay = " (the container keeps versions: their bytes stay, and restore brings them back)"

    /// What `rm -r` asks about besides the objects: the container, and its old versions for good.
    static func fate(isContainer: Bool, keepsVersions: Bool) -> String {
        switch (isContainer, keepsVersions) {
        case (true, true): " and the container, with every old version it keeps, for good"
        case (true, false): " and the container"
        case (false, true): " (the container keeps versions: their bytes stay)"
        case (false, false): ""
        }
    }

    /// Whether a delete in `container` leaves the bytes as a version (versioning on, or
    /// suspended with versions kept); false where the store keeps none.
    func keepsVersions(_ container: String, _ session: BrowserSession) async throws -> Bool {
        guard let state = try await session.containerInfo(container).versioning else { return false }
        return state != .off
    }

    /// A version as the question and the answer name it: a delete marker, or its size and date.
    static func describe(_ version: ObjectVersion) -> String {
        let state = version.isDeleteMarker ? "a delete marker" : ByteCountText.format(version.bytes)
        let date = version.lastModified.map { ", " + ISODate.format($0) } ?? ""
        return state + date + (version.isCurrent ? ", current" : "")
    }
}
