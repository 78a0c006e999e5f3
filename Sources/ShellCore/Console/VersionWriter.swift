import Browser
import Rendering
import Storage

/// How `ls --versions` writes each version: `ID  SIZE  DATE  STATE  NAME`, or a JSON
/// record; every server string escaped. Names are the objects' names in their container.
struct VersionWriter {
    let console: Console
    let human: Bool
    let json: Bool

    /// Every version of the objects under `target` (the object it names, or everything
    /// in the folder or container it names), a page at a time; false when there was none.
    func writeVersions(under target: Location, of session: BrowserSession) async throws -> Bool {
        let container = target.container!
        let name = String(target.prefix.dropLast())
        var listedAny = false
        try await session.eachVersionPage(in: container, prefix: name) { page in
            // The prefix `a` also lists `ab`: only the object `a` and what is under `a/` are its.
            let wanted = name.isEmpty ? page : page.filter { $0.name == name || $0.name.hasPrefix(name + "/") }
            listedAny = listedAny || !wanted.isEmpty
            write(wanted, container: container)
            return true
        }
        return listedAny
    }

    func write(_ versions: [ObjectVersion], container: String) {
        if json { return console.writeJSON(versions.map { Self.record($0, container: container) }) }
        console.write(versions.map { line($0) + "\n" }.joined())
    }

    func line(_ version: ObjectVersion) -> String {
        let size = version.isDeleteMarker ? "-" : human ? ByteCountText.format(version.bytes) : String(version.bytes)
        let date = version.lastModified.map(ISODate.format) ?? "-"
        let state = version.isDeleteMarker ? "deleted" : version.isCurrent ? "current" : "older"
        let padded = String(repeating: " ", count: max(0, 10 - size.count)) + size
        return "\(escaped(version.id))  \(padded)  \(date)  \(state)  \(escaped(version.name))"
    }

    static func record(_ version: ObjectVersion, container: String) -> JSONLine {
        var line = JSONLine()
        line.add(.kind, version.isDeleteMarker ? "delete-marker" : "version")
        line.add(.name, version.name)
        line.add(.path, Location(container: container, objectName: Substring(version.name)).objectPath)
        line.add(.container, container)
        line.add(.version, version.id)
        line.add(.bytes, version.bytes)
        line.add(.etag, version.etag)
        line.add(.lastModified, version.lastModified.map(ISODate.format))
        line.add(.current, version.isCurrent)
        line.add(.deleteMarker, version.isDeleteMarker)
        return line
    }
}
