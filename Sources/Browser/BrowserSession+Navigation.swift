import Navigation
import Storage

// In normal mode the stack is a chain of folder panes from the account down to the
// current folder, maybe with one info pane on top; every move keeps it so.
extension BrowserSession {
    /// `cd PATH`: a child of the right pane shifts the panes, a sibling replaces the
    /// right pane, an ancestor pops, anything else collapses to the common ancestor
    /// and pushes down. An object opens its info pane. In search mode, `cd` opens a result.
    public func cd(_ path: String) async throws {
        if isInSearchMode { return try await openResult(path) }
        let target = try currentFolder.resolving(path)
        var panes = try await panes(toward: target, verifyingLast: true)
        let info = panes.last as? InfoPane
        if info != nil { panes.removeLast() }
        try await transact {
            try move(toward: target, through: panes)
            if let info { try push(info) }
        }
    }

    /// `back`: the back button. In search mode it leaves search mode.
    public func back() async throws {
        guard isInSearchMode || container.panes.count > 1 else { throw BrowserError.atRoot }
        try await transact { try container.pop() }
    }

    /// `info [PATH]`: the accessory button. Without a path, the current folder's info
    /// opens from its own pane; with one, the panes move to the folder that holds the
    /// target and its info opens from there. In search mode it opens a result.
    public func info(_ path: String?) async throws {
        if isInSearchMode {
            if let path { return try await openResult(path) }
            // A folder opened from the results shows its info from its own pane; from
            // the results pane itself, `info` leaves search mode for the folder before it.
            if let current, current.isFolderPane {
                let info = InfoPane(store: store, target: infoTarget(forFolder: current.folder), folder: current.folder)
                return try await transact { try container.push(info, from: current) }
            }
            try await transact { try container.exitSearch() }
        }
        let target = try currentFolder.resolving(path ?? ".")
        // The current folder and its ancestors (the root among them) are folders whose
        // panes are on the stack: their info opens from their own pane, no lookup needed.
        guard let parent = target.parent, !currentFolder.isWithin(target) else {
            let info = InfoPane(store: store, target: infoTarget(forFolder: target), folder: target)
            return try await transact {
                try move(toward: target, through: [])
                try push(info)
            }
        }
        let resolved = try await PaneFactory.pane(for: target, store: store, verify: true)
        let info = resolved as? InfoPane ?? InfoPane(store: store, target: infoTarget(forFolder: target), folder: parent)
        let panes = try await panes(toward: parent, verifyingLast: false)
        try await transact {
            try move(toward: parent, through: panes)
            try push(info)
        }
    }

    func infoTarget(forFolder location: Location) -> InfoTarget {
        switch location.segments.count {
        case 0: .account(cluster: clusterName)
        case 1: .container(location.container!)
        default: .folder(location)
        }
    }

    /// The panes for the levels of `target` below its common ancestor with the current
    /// folder, resolved before anything moves so a missing name changes nothing.
    func panes(toward target: Location, verifyingLast verify: Bool) async throws -> [StoragePane] {
        let ancestor = target.commonAncestor(with: currentFolder)
        var panes: [StoragePane] = []
        var location = ancestor
        let names = target.segments.dropFirst(ancestor.segments.count)
        for (index, name) in names.enumerated() {
            location = location.appending(name)
            let isLast = index == names.count - 1
            let pane = try await PaneFactory.pane(for: location, store: store, verify: verify && isLast)
            panes.append(pane)
        }
        return panes
    }

    /// Pops back to the common ancestor of `target` and the current folder, then
    /// pushes `panes` (the levels below it) one by one.
    func move(toward target: Location, through panes: [StoragePane]) throws {
        precondition(!isInSearchMode, "search results open through openResult")
        let ancestor = target.commonAncestor(with: currentFolder)
        while visibleFolderPane(ancestor) == nil {
            precondition(container.panes.count > 1, "the stack holds every ancestor of the current folder")
            try container.pop()
        }
        if panes.isEmpty {
            while let current, !(current.folder == ancestor && current.isFolderPane) { try container.pop() }
        }
        for pane in panes { try push(pane) }
    }

    /// Pushes from the visible pane of the folder the new pane opens from: from the
    /// right pane the panes shift; from the left one the right pane is replaced.
    func push(_ pane: StoragePane) throws {
        let from = pane is InfoPane ? pane.folder : pane.folder.parent!
        guard let source = visibleFolderPane(from) else {
            preconditionFailure("a pane is pushed from its visible parent folder")
        }
        try container.push(pane, from: source)
    }

    /// In search mode: opens a result (an object's info, or a folder) from the results pane.
    func openResult(_ path: String) async throws {
        guard let results = container.panes.last(where: { $0 is SearchPane }) as? SearchPane else {
            throw BrowserError.notSearching
        }
        let pane = try await results.child(named: path, verify: true)
        try await transact { try container.push(pane, from: results) }
    }
}
