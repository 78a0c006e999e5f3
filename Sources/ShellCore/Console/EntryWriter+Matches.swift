import Browser
import Rendering
import Storage

extension EntryWriter {
    /// What a pattern matched, named from `folder` (where the command started); with `-R`
    /// a matched folder's objects follow it, named the same way. With `-S`, `-t` or `-r`,
    /// all of it (with `-R`, the folders' objects too) in that order.
    func writeMatches(_ matches: [PatternMatch], from folder: Location, of session: BrowserSession) async throws {
        if style.order.needsWholeFolder { return try await writeMatchesInOrder(matches, from: folder, of: session) }
        for match in matches {
            writeMatch(match, named: match.displayName(from: folder))
            guard style.recursive, case .folder = match else { continue }
            try await writeTree(under: match.location, namedFrom: match.location.isWithin(folder) ? folder : .root, of: session)
        }
    }

    /// One match as `ls` shows it, under `name`.
    func writeMatch(_ match: PatternMatch, named name: String) {
        switch match {
        case .container(let summary):
            if style.json { return console.writeJSON([JSONRecord.container(summary)]) }
            writeEntries([EntryLine(name: name, isFolder: true, bytes: summary.bytes, date: nil, count: summary.objectCount)])
        case .folder(let location):
            if style.json { return console.writeJSON([JSONRecord.folder(location, name: name)]) }
            writeEntries([EntryLine(name: name, isFolder: true, bytes: nil, date: nil)])
        case .object(let object, let location):
            if style.json { return console.writeJSON([JSONRecord.result(object, container: location.container!, name: name)]) }
            writeEntries([EntryLine(name: name, object: object)])
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
