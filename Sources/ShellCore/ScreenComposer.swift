import Browser
import Rendering

/// Turns a browser's two visible panes into the plain model the renderer lays out.
@MainActor
enum ScreenComposer {
    static func screen(for session: BrowserSession) -> ScreenView {
        let location = "\(session.clusterName):\(session.currentFolder)"
        let mode = session.searchTerm.map { "search: \($0)" }
        let left =
            session.left.map { view(of: $0, marking: session.right?.nameInParent) }
            ?? PaneView(title: "\(session.clusterName):/", body: .message("not open"))
        return ScreenView(location: location, mode: mode, left: left, right: session.right.map { view(of: $0, marking: nil) })
    }

    static func view(of pane: StoragePane, marking marked: String?) -> PaneView {
        switch pane.content {
        case nil:
            return PaneView(title: pane.title, body: .message("not loaded"))
        case .failed(let error):
            return PaneView(title: pane.title, body: .message("error: \(ErrorReport(error).message)"))
        case .sheet(let sheet, let preview):
            return PaneView(title: pane.title, body: .fields(sheet.paneFields, preview: preview.map(Self.preview)))
        case .listing(let listing):
            let rows = listing.entries.map { entry in
                PaneRow(
                    name: entry.name, isFolder: entry.isFolder, detail: detail(of: entry, in: pane),
                    isMarked: marked != nil && entry.name == marked)
            }
            return PaneView(
                title: pane.title, summary: summary(of: listing, in: pane), body: .entries(rows, total: listing.total),
                totalIsLowerBound: !listing.isComplete)
        }
    }

    /// An object's preview as the pane shows it: its lines, or one line saying why none.
    static func preview(_ preview: ObjectPreview) -> PanePreview {
        switch preview {
        case .text(let lines): .lines(lines)
        case .binary(let type, let bytes): .note("binary: \(type.isEmpty ? "no content type" : type), \(ByteCountText.format(bytes))")
        case .empty: .note("empty object")
        case .folderMarker: .note("folder marker")
        case .unreadable(let error): .note(ErrorReport.previewWords(error))
        }
    }

    static func detail(of entry: PaneEntry, in pane: StoragePane) -> String {
        if pane is AccountPane { return entry.objectCount.map { counted($0, "object") } ?? "" }
        return entry.isFolder ? "" : entry.bytes.map(ByteCountText.format) ?? ""
    }

    static func summary(of listing: PaneListing, in pane: StoragePane) -> String {
        // Counting stopped at one page: say so rather than show partial totals as exact.
        if !listing.isComplete {
            let inAll = listing.containerObjects.map { ", \(counted($0, "object")) in the container" } ?? ""
            return "\(listing.total)+ entries\(inAll) (ls lists all)"
        }
        switch pane {
        case is AccountPane: return counted(listing.total, "container")
        case is SearchPane: return searchSummary(of: listing)
        default: return folderSummary(of: listing)
        }
    }

    /// A folder's counts. With subfolders they are of this level only: "here" says so, and
    /// a container adds what it holds at every depth where the store tells it (as `info`).
    static func folderSummary(of listing: PaneListing) -> String {
        var parts: [String] = []
        var objects = counted(listing.objects, "object")
        if listing.folders > 0 {
            parts.append(counted(listing.folders, "folder"))
            objects += " here"
            if let inAll = listing.containerObjects, inAll > listing.objects { objects += " (\(inAll) in all)" }
        }
        parts.append(objects)
        if listing.bytes > 0 { parts.append(ByteCountText.format(listing.bytes)) }
        return parts.joined(separator: ", ")
    }

    /// A search's count, and whether it is still growing or was stopped (Ctrl-C).
    static func searchSummary(of listing: PaneListing) -> String {
        switch listing.progress {
        case .running: "\(listing.total) found so far, searching…"
        case .stopped: "stopped: \(listing.total) found so far"
        case .finished: counted(listing.total, "match", plural: "matches")
        }
    }

    static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }
}
