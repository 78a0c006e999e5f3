import Storage

/// Objects and bytes per folder, folded from a listing in byte order: every name with a
/// common prefix comes in one run, so a folder is complete (and handed out) as soon as
/// a name outside it arrives. Memory is one open folder per level, however large the tree.
public struct FolderTally: Sendable {
    /// One folder's totals.
    public struct Line: Sendable, Equatable {
        public var location: Location
        public var objects = 0
        public var bytes: Int64 = 0

        public init(location: Location, objects: Int = 0, bytes: Int64 = 0) {
            self.location = location
            self.objects = objects
            self.bytes = bytes
        }
    }

    /// The folder tallied, and its open subfolders, outermost first.
    private var open: [Line]
    /// Levels below the folder that get lines of their own.
    let depth: Int

    public init(_ folder: Location, depth: Int) {
        open = [Line(location: folder)]
        self.depth = max(0, depth)
    }

    /// Adds one object; returns the folders it closed, innermost first (as `du` prints them).
    public mutating func add(name: String, bytes: Int64) -> [Line] {
        let root = open[0].location
        let folders = root.relativeName(of: name).split(separator: "/", omittingEmptySubsequences: false)
            .dropLast().prefix(depth).map(String.init)
        var closed: [Line] = []
        // Open folders that are not ancestors of this name are done.
        var keep = 1
        while keep < open.count, keep - 1 < folders.count, open[keep].location.segments.last == folders[keep - 1] { keep += 1 }
        while open.count > keep { closed.append(open.removeLast()) }
        for index in (open.count - 1)..<folders.count {
            open.append(Line(location: open[index].location.appending(folders[index])))
        }
        for index in open.indices {
            open[index].objects += 1
            open[index].bytes += bytes
        }
        return closed
    }

    /// Closes every open folder: the subfolders innermost first, then the folder itself.
    public mutating func finish() -> [Line] {
        defer { open.removeAll() }
        return open.reversed()
    }

    /// What is open now, innermost first, without closing it (the totals so far).
    public var partial: [Line] { open.reversed() }
}
