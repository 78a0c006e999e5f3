import Glibc

/// One child of a directory, as `readdir(3)` reports it, with its listing key.
struct DirectoryChild {
    var name: String
    /// The full name it sorts by: the relative folder, the name, and `/` for a folder.
    var key: String
    var isDirectory: Bool
}

/// Which children a listing wants, compared as raw UTF-8 bytes.
struct ChildFilter {
    /// Only names starting with this (or folders the prefix goes into).
    var prefix: [UInt8] = []
    /// Only names after this (or folders holding names after it).
    var marker: [UInt8] = []
    /// Only keys strictly after this: where the previous chunk ended.
    var after: [UInt8]?
    var directoriesOnly = false
    /// A name never listed at this level (the staging folder).
    var hidden: [UInt8]?
    /// Whether a folder's key ends in `/` (object listings) or is its bare name (containers).
    var foldersEndInSlash = true

    func accepts(key: [UInt8], isDirectory: Bool) -> Bool {
        if let after, !ByteOrder.less(after, key) { return false }
        guard key.starts(with: prefix) || (isDirectory && prefix.starts(with: key)) else { return false }
        return ByteOrder.less(marker, key) || (isDirectory && foldersEndInSlash && marker.starts(with: key))
    }
}

/// Reads directories with `readdir(3)` so a folder of 100,000 files is never held
/// whole: each call keeps only the `count` smallest children it is asked for, in a
/// bounded max-heap, and compares names as bytes.
enum DirectoryReader {
    static func smallestChildren(of path: String, relative: String, count: Int, filter: ChildFilter) throws -> [DirectoryChild] {
        guard count > 0 else { return [] }
        guard let dir = opendir(path) else {
            throw StorageError.system("cannot read \(path)")
        }
        defer { closedir(dir) }
        let base = Array(relative.utf8)
        var heap = BoundedMaxHeap(capacity: count)
        while let entry = readdir(dir) {
            guard let (name, isDirectory) = child(of: path, entry) else { continue }
            if isDirectory == false && filter.directoriesOnly { continue }
            if let hidden = filter.hidden, name == hidden { continue }
            var key = base
            key.append(contentsOf: name)
            if isDirectory && filter.foldersEndInSlash { key.append(UInt8(ascii: "/")) }
            guard filter.accepts(key: key, isDirectory: isDirectory) else { continue }
            heap.offer(key, isDirectory: isDirectory)
        }
        // Names that are not UTF-8 cannot be object names; they are not listed, but told.
        return heap.sorted().compactMap { key, isDirectory in
            let nameBytes = key[base.count..<(key.count - (isDirectory && filter.foldersEndInSlash ? 1 : 0))]
            guard let keyText = String(validating: key, as: UTF8.self) else {
                SkippedNames.shared.note(folder: path, name: nameBytes)
                return nil
            }
            return DirectoryChild(name: String(decoding: nameBytes, as: UTF8.self), key: keyText, isDirectory: isDirectory)
        }
    }

    /// Whether `path` is a directory with no children.
    static func isEmptyDirectory(_ path: String) -> Bool {
        guard let dir = opendir(path) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = nameBytes(entry)
            if name != [0x2E] && name != [0x2E, 0x2E] { return false }
        }
        return true
    }

    private static func nameBytes(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: &entry.pointee.d_name) { raw in
            let start = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            return Array(UnsafeRawBufferPointer(start: start, count: strlen(start)))
        }
    }

    /// The child's name bytes and kind; nil for `.`, `..`, links, other kinds and non-UTF-8 names.
    static func child(of path: String, _ entry: UnsafeMutablePointer<dirent>) -> ([UInt8], Bool)? {
        let name = nameBytes(entry)
        if name == [0x2E] || name == [0x2E, 0x2E] { return nil }
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_DIR): return (name, true)
        case Int32(DT_REG): return (name, false)
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path + "/" + String(decoding: name, as: UTF8.self), &info) == 0 else { return nil }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return (name, true)
            case S_IFREG: return (name, false)
            default: return nil
            }
        default:
            // Symbolic links are skipped: nothing may lead out of the store's root.
            return nil
        }
    }
}

/// Byte-wise comparison of UTF-8 names, the order every listing uses.
enum ByteOrder {
    @inline(__always)
    static func less(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let common = min(a.count, b.count)
        if common > 0 {
            let order = a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in memcmp(pa.baseAddress!, pb.baseAddress!, common) }
            }
            if order != 0 { return order < 0 }
        }
        return a.count < b.count
    }
}

/// Keeps the `capacity` smallest keys offered, in O(log capacity) per offer.
struct BoundedMaxHeap {
    let capacity: Int
    private var items: [Item] = []

    struct Item {
        var key: [UInt8]
        var isDirectory: Bool
    }

    init(capacity: Int) {
        self.capacity = capacity
        items.reserveCapacity(min(capacity, 16_384))
    }

    mutating func offer(_ key: [UInt8], isDirectory: Bool) {
        if items.count < capacity {
            items.append(Item(key: key, isDirectory: isDirectory))
            siftUp(items.count - 1)
        } else if ByteOrder.less(key, items[0].key) {
            items[0] = Item(key: key, isDirectory: isDirectory)
            siftDown(0)
        }
    }

    func sorted() -> [(key: [UInt8], isDirectory: Bool)] {
        items.sorted { ByteOrder.less($0.key, $1.key) }.map { ($0.key, $0.isDirectory) }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard ByteOrder.less(items[parent].key, items[child].key) else { return }
            items.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < items.count && ByteOrder.less(items[largest].key, items[left].key) { largest = left }
            if right < items.count && ByteOrder.less(items[largest].key, items[right].key) { largest = right }
            if largest == parent { return }
            items.swapAt(parent, largest)
            parent = largest
        }
    }
}
