import Browser
import Rendering
import Storage

extension EntryWriter {
    /// `ls -S`, `-t` or `-r` at the root: every container first, then in that order (the
    /// account's totals first with `-l`). A store whose account listing tells no
    /// container's size (or date) is refused, naming it, before anything is written.
    func writeContainersInOrder(of session: BrowserSession) async throws {
        var containers: [ContainerSummary] = []
        try await session.eachContainerPage { containers += $0 }
        try checkSortable(containers.map(ListOrder.Facts.init), of: session)
        if style.long && !style.json { try await writeAccountTotals(of: session) }
        let sorted = style.order.sorted(containers, by: ListOrder.Facts.init)
        if style.json { return console.writeJSON(sorted.map(JSONRecord.container)) }
        writeEntries(sorted.map { EntryLine(name: $0.name, isFolder: true, bytes: $0.bytes, date: nil, count: $0.objectCount) })
    }

    /// `ls -R` at the root with `-S`, `-t` or `-r`: every object of the account, then in that order.
    func writeEveryObjectInOrder(of session: BrowserSession) async throws {
        var objects: [(container: String, object: ObjectSummary)] = []
        try await session.eachObjectPageOfTheAccount(sizes: style.showsSizes) { container, page in
            objects += page.map { (container, $0) }
        }
        let sorted = style.order.sorted(objects) {
            ListOrder.Facts(name: $0.container + "/" + $0.object.name, bytes: $0.object.bytes, date: $0.object.lastModified)
        }
        writeObjects(sorted, namedFrom: .root)
    }

    /// What a pattern matched (with `-R`, and what its folders hold) in this listing's order.
    func writeMatchesInOrder(_ matches: [PatternMatch], from folder: Location, of session: BrowserSession) async throws {
        try checkSortable(matches.compactMap { if case .container(let summary) = $0 { ListOrder.Facts(summary) } else { nil } }, of: session)
        var named = matches.map { ($0, $0.displayName(from: folder)) }
        for case .folder(let location) in matches where style.recursive {
            let base = location.isWithin(folder) ? folder : .root
            try await session.eachEntryPage(under: location, recursive: true, sizes: style.showsSizes) { page in
                for case .object(let object) in page where object.name != location.prefix {
                    let at = Location(container: location.container!, objectName: Substring(object.name))
                    named.append((.object(object, at: at), base.relativeName(of: object.name, in: location.container!)))
                }
            }
        }
        for (match, name) in style.order.sorted(named, by: { ListOrder.Facts($0.0) }) { writeMatch(match, named: name) }
    }

    /// Refuses an order by what no container's listing tells (`-S` on S3: ListBuckets has
    /// no sizes), rather than print the containers in an order that is not the one asked.
    func checkSortable(_ containers: [ListOrder.Facts], of session: BrowserSession) throws {
        guard style.order.lacksFact(of: containers) else { return }
        throw CommandFailure.containersUnordered(option: style.order.option, store: session.storeKind)
    }
}
