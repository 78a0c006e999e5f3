import Browser
import Rendering
import Storage

extension EntryLine {
    /// A listing entry as the panes name it, nil for the folder itself.
    init?(_ entry: ListingEntry, in folder: Location) {
        guard let pane = PaneEntry(entry, in: folder) else { return nil }
        var manifest: String?
        if case .object(let object) = entry { manifest = object.manifestKind.map(Self.describe) }
        self.init(name: pane.name, isFolder: pane.isFolder, bytes: pane.bytes, date: pane.lastModified, manifest: manifest)
    }

    /// An object as a line, with its manifest's mark.
    init(name: String, object: ObjectSummary) {
        self.init(name: name, isFolder: false, bytes: object.bytes, date: object.lastModified, manifest: object.manifestKind.map(Self.describe))
    }

    /// The mark of a manifest in `ls -l`, as `info` names it.
    static func describe(_ kind: LargeObjectKind) -> String {
        switch kind {
        case .staticManifest: "static manifest"
        case .dynamicManifest(let segments): "dynamic manifest: " + segments
        case .multipartUpload(let parts, _): "multipart: \(parts) parts"
        }
    }
}
