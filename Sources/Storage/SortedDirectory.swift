import Glibc

/// The children of one directory, read once and sorted by their listing keys (the
/// name, plus `/` for a folder), packed in one byte buffer.
///
/// A listing of a large folder asks for many pages; answering each from this one
/// sorted pass costs a binary search instead of another `readdir(3)` of the folder.
struct SortedDirectory: Sendable {
    /// The keys, back to back, in byte order.
    private let bytes: [UInt8]
    /// Where each key starts in `bytes`; one more than there are keys.
    private let starts: [Int32]
    private let folderFlags: [Bool]
    /// The folder read, to name a child that cannot be listed.
    private let path: String

    var count: Int { folderFlags.count }

    /// Reads `path` whole; nil when it has more than `limit` children (then it is
    /// read in bounded chunks instead, as before).
    static func read(_ path: String, limit: Int) throws -> SortedDirectory? {
        guard let dir = opendir(path) else {
            throw StorageError.system("cannot read \(path)")
        }
        defer { closedir(dir) }
        var keys: [UInt8] = []
        var starts: [Int32] = []
        var folders: [Bool] = []
        while let entry = readdir(dir) {
            guard let (name, isDirectory) = DirectoryReader.child(of: path, entry) else { continue }
            guard folders.count < limit, keys.count + name.count < Int(Int32.max) - 1 else { return nil }
            starts.append(Int32(keys.count))
            keys.append(contentsOf: name)
            if isDirectory { keys.append(UInt8(ascii: "/")) }
            folders.append(isDirectory)
        }
        starts.append(Int32(keys.count))
        return SortedDirectory(path: path, unsorted: keys, starts: starts, folders: folders)
    }

    private init(path: String, unsorted keys: [UInt8], starts: [Int32], folders: [Bool]) {
        self.path = path
        var order = Array(0..<folders.count)
        keys.withUnsafeBufferPointer { buffer in
            order.sort { Self.less(buffer, starts[$0], starts[$0 + 1], buffer, starts[$1], starts[$1 + 1]) }
        }
        var sortedKeys: [UInt8] = []
        sortedKeys.reserveCapacity(keys.count)
        var sortedStarts: [Int32] = []
        sortedStarts.reserveCapacity(starts.count)
        for index in order {
            sortedStarts.append(Int32(sortedKeys.count))
            sortedKeys.append(contentsOf: keys[Int(starts[index])..<Int(starts[index + 1])])
        }
        sortedStarts.append(Int32(sortedKeys.count))
        bytes = sortedKeys
        self.starts = sortedStarts
        folderFlags = order.map { folders[$0] }
    }

    private static func less(
        _ a: UnsafeBufferPointer<UInt8>, _ aStart: Int32, _ aEnd: Int32,
        _ b: UnsafeBufferPointer<UInt8>, _ bStart: Int32, _ bEnd: Int32
    ) -> Bool {
        let aCount = Int(aEnd - aStart)
        let bCount = Int(bEnd - bStart)
        let common = min(aCount, bCount)
        if common > 0 {
            let order = memcmp(a.baseAddress! + Int(aStart), b.baseAddress! + Int(bStart), common)
            if order != 0 { return order < 0 }
        }
        return aCount < bCount
    }

    private func key(_ index: Int) -> ArraySlice<UInt8> { bytes[Int(starts[index])..<Int(starts[index + 1])] }

    /// The first index whose full key (`base` + key) is after `bound` (`strictly`) or not before it.
    private func position(after bound: [UInt8], base: [UInt8], strictly: Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let full = base + key(middle)
            let before = strictly ? !ByteOrder.less(bound, full) : ByteOrder.less(full, bound)
            if before { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The folder key at this level that `path` goes into (`base` + `name/`), if any.
    private func folderIndex(into path: [UInt8], base: [UInt8]) -> Int? {
        guard path.starts(with: base),
            let slash = path[base.count...].firstIndex(of: UInt8(ascii: "/"))
        else { return nil }
        let folder = Array(path[...slash])
        let index = position(after: folder, base: base, strictly: false)
        guard index < count, folderFlags[index], base + key(index) == folder else { return nil }
        return index
    }

    /// The `count` smallest children that `filter` accepts, as `DirectoryReader` gives them.
    ///
    /// Besides the keys that start with the prefix and follow the marker, only the one
    /// folder the prefix goes into and the one the marker goes into can be accepted,
    /// so those are looked up directly and the rest is one contiguous run.
    func children(relative: String, count wanted: Int, filter: ChildFilter) -> [DirectoryChild] {
        let base = Array(relative.utf8)
        // At most two: checked apart so the run below stays linear in the page.
        let folders = Set([folderIndex(into: filter.prefix, base: base), folderIndex(into: filter.marker, base: base)].compactMap { $0 })
        var picked = folders.sorted().filter { filter.accepts(key: base + key($0), isDirectory: true) }
        var lowest = filter.marker
        if let after = filter.after, ByteOrder.less(lowest, after) { lowest = after }
        var index = max(position(after: lowest, base: base, strictly: true), position(after: filter.prefix, base: base, strictly: false))
        while index < count && picked.count < wanted {
            let full = base + key(index)
            guard full.starts(with: filter.prefix) else { break }
            if !folders.contains(index) && filter.accepts(key: full, isDirectory: folderFlags[index]) { picked.append(index) }
            index += 1
        }
        return picked.prefix(wanted).compactMap { child(at: $0, base: base) }
    }

    func child(at index: Int, base: [UInt8]) -> DirectoryChild? {
        let full = base + key(index)
        let nameBytes = key(index).dropLast(folderFlags[index] ? 1 : 0)
        // Names that are not UTF-8 cannot be object names; they are not listed, but told.
        guard let keyText = String(validating: full, as: UTF8.self) else {
            SkippedNames.shared.note(folder: path, name: nameBytes)
            return nil
        }
        return DirectoryChild(name: String(decoding: nameBytes, as: UTF8.self), key: keyText, isDirectory: folderFlags[index])
    }
}
