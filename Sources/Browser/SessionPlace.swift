import Places

/// Where a command stands in a browser: the current folder, and in search mode the folder
/// the search was opened from. A command takes it when it starts, so a later `cd` or
/// search in the same session moves nothing it does (the jobs a shell runs beside it).
public struct SessionPlace: Sendable, Equatable {
    /// The folder relative paths start from.
    public let folder: Location
    /// In search mode, the folder the search was opened from; nil otherwise.
    public let searchOpenedFrom: Location?

    public init(folder: Location, searchOpenedFrom: Location? = nil) {
        self.folder = folder
        self.searchOpenedFrom = searchOpenedFrom
    }

    public var isInSearchMode: Bool { searchOpenedFrom != nil }

    /// Where `path` points: relative to the folder, or in search mode (where paths name
    /// results) relative to the root.
    public func location(of path: String?) throws -> Location {
        guard let path else { return folder }
        return try base.resolving(path)
    }

    /// Where relative paths start, for every command alike: the folder, or in search mode
    /// the root, as the results are named (so a result's name as shown names it).
    public var base: Location { isInSearchMode ? .root : folder }

    /// Where new names and `--in` paths start: the folder, or in search mode the folder
    /// the search was opened from.
    var workingFolder: Location { searchOpenedFrom ?? folder }
}
