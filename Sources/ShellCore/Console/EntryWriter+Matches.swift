import Browser
import Rendering
import Storage

extension EntryWriter {
    /// What a pattern matched, named from `folder` (where the command started); with `-R`
    /// a matched folder's objects follow it, named the same way.
    func writeMatches(_ matches: [PatternMatch], from folder: Location, of session: BrowserSession) async throws {
        for match in matches {
            let name = match.displayName(from: folder)
            switch match {
            case .container(let summary):
                if style.json {
                    console.writeJSON([JSONRecord.container(summary)])
                } else {
                    writeEntries([EntryLine(name: name, isFolder: true, bytes: summary.bytes, date: nil, count: summary.objectCount)])
                }
            case .folder(let location):
                if style.json {
                    console.writeJSON([JSONRecord.folder(location, name: name)])
                } else {
                    writeEntries([EntryLine(name: name, isFolder: true, bytes: nil, date: nil)])
                }
            case .object(let object, let location):
                if style.json {
                    console.writeJSON([JSONRecord.result(object, container: location.container!, name: name)])
                } else {
                    writeEntries([EntryLine(name: name, object: object)])
                }
            }
            guard style.recursive, case .folder = match else { continue }
            try await writeTree(under: match.location, namedFrom: match.location.isWithin(folder) ? folder : .root, of: session)
        }
    }

    /// Every object under `location`, named from `base` (as `ls -R` names them).
    func writeTree(under location: Location, namedFrom base: Location, of session: BrowserSession) async throws {
        try await session.eachEntryPage(under: location, recursive: true, sizes: style.showsSizes) { page in
            let objects = page.compactMap { entry -> ObjectSummary? in
                guard case .object(let object) = entry, object.name != location.prefix else { return nil }
                return object
            }
            writeTree(objects, container: location.container!, namedFrom: base)
        }
    }
}
