import Foundation
import Rendering
import Storage

/// One entry a pane lists, named relative to the pane's folder.
public struct PaneEntry: Sendable, Equatable {
    /// The name shown: relative to the folder, without a folder's trailing `/`.
    public var name: String
    public var isFolder: Bool
    public var bytes: Int64?
    public var objectCount: Int?
    public var lastModified: Date?

    public init(name: String, isFolder: Bool, bytes: Int64? = nil, objectCount: Int? = nil, lastModified: Date? = nil) {
        self.name = name
        self.isFolder = isFolder
        self.bytes = bytes
        self.objectCount = objectCount
        self.lastModified = lastModified
    }
}

extension PaneEntry {
    /// A listing entry of `folder`, named relative to it, or in the exact form when a
    /// plain path cannot say the name (`a//`, `.`); nil for the folder's own marker.
    public init?(_ entry: ListingEntry, in folder: Location) {
        guard let container = folder.container, entry.name != folder.prefix,
            let name = Location(container: container, objectName: Substring(entry.name)).entryName
        else { return nil }
        switch entry {
        case .subdir: self.init(name: name, isFolder: true)
        case .object(let object): self.init(name: name, isFolder: false, bytes: object.bytes, lastModified: object.lastModified)
        case .container: return nil
        }
    }
}

/// The first entries of a listing and the totals of all of it.
///
/// A pane keeps at most `PaneListing.previewLimit` entries, however large the folder:
/// the totals are counted while the rest streams past.
public struct PaneListing: Sendable, Equatable {
    /// How many entries a pane holds at most; more than any screen shows.
    public static let previewLimit = 1_000

    /// How many entries this listing counts before it stops (at most what it holds, so
    /// that the entries counted are the entries kept: one listing page).
    public let countLimit: Int

    public var entries: [PaneEntry] = []
    public var total = 0
    public var folders = 0
    public var objects = 0
    public var bytes: Int64 = 0
    /// False when counting stopped at `countLimit`: the totals are lower bounds.
    public var isComplete = true
    /// Objects in the whole container (at every depth), where the store tells it
    /// without a walk; what says how much a cut listing leaves out.
    public var containerObjects: Int?
    /// Whether the listing is all there is, still growing, or was stopped midway.
    public var progress: Progress = .finished

    /// How far a listing that grows while it loads (search results) has come.
    public enum Progress: Sendable, Equatable {
        /// Still growing: what is shown is what was found so far.
        case running
        /// Stopped before its end (Ctrl-C): what was found stays.
        case stopped
        /// Complete.
        case finished
    }

    public init(countLimit: Int = PaneListing.previewLimit) {
        self.countLimit = min(countLimit, Self.previewLimit)
    }

    /// Whether counting should stop here (the totals then stay lower bounds).
    mutating func reachedCountLimit() -> Bool {
        if total >= countLimit { isComplete = false }
        return !isComplete
    }

    mutating func add(_ entry: PaneEntry) {
        total += 1
        if entry.isFolder { folders += 1 } else { objects += 1 }
        bytes += entry.bytes ?? 0
        if entries.count < Self.previewLimit { entries.append(entry) }
    }
}

/// What a pane shows.
public enum PaneContent: Sendable, Equatable {
    case listing(PaneListing)
    /// An info pane's facts and, for an object, the preview under them.
    case sheet(InfoSheet, preview: ObjectPreview? = nil)
    /// The content could not be fetched; the error says why (the shell words it).
    case failed(BrowserError)
}
