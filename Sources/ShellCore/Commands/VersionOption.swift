import Browser
import Storage

/// `--version ID` of `info`, `get`, `cat`, `restore` and `rm`: one version of one object.
@MainActor
enum VersionOption {
    nonisolated static let option = OptionSpec(
        "--version", value: .version, valueName: "ID", help: "that version of the object (ls --versions lists them)")

    /// The container and object name a NAME operand gives, from the path alone: an older
    /// version has no current object to look up, and may have none at all (deleted).
    static func object(_ name: String, _ context: CommandContext) throws -> (container: String, name: String) {
        try object(at: try context.location(of: name))
    }

    static func object(at target: Location) throws -> (container: String, name: String) {
        guard let container = target.container else { throw CommandFailure.accountNotAllowed(.version) }
        guard target.segments.count > 1 else { throw CommandFailure.notAnObject(target, isContainer: true) }
        return (container, String(target.prefix.dropLast()))
    }

    /// The facts of `version` of the object NAME names.
    static func info(_ name: String, version: String, _ context: CommandContext) async throws -> ObjectInfo {
        let (container, object) = try object(name, context)
        return try await context.session.objectInfo(container: container, name: object, version: version)
    }
}
