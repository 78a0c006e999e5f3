import Foundation
import Glibc

/// One page of a container listing over a directory tree, with Swift's semantics.
///
/// The walk visits children in the byte order of full object names: a folder `d`
/// sorts as `d/`, so `a-c` comes before everything under `a/`, exactly as the
/// names `a-c` and `a/b` sort. Each directory is read in chunks of the smallest
/// names still wanted from one sorted pass of it (kept in `SortedDirectoryCache` for
/// the next pages), or, for a folder too large to keep, in bounded chunks read anew.
struct FileListing {
    let containerPath: String
    let query: ListingQuery

    private var marker: String { query.marker }
    private var prefix: String { query.prefix }
    private var foldsAtSlash: Bool { query.delimiter == "/" }

    func page() throws -> [ListingEntry] {
        var page = Page(limit: max(0, query.limit), marker: marker, prefix: prefix, delimiter: query.delimiter, endBefore: query.endBefore)
        guard page.limit > 0 else { return [] }
        _ = try walk(relative: "", into: &page)
        return page.entries
    }

    /// Walks `relative` (empty or ending in `/`); true when the page is full.
    private func walk(relative: String, into page: inout Page) throws -> Bool {
        let chunk = max(page.limit - page.entries.count, 256)
        var filter = ChildFilter(prefix: Array(prefix.utf8), marker: Array(marker.utf8))
        // Objects are stat'ed relative to their folder: no path walk per object (and
        // not at all for a names-only listing).
        let folder = open(containerPath + "/" + relative, O_RDONLY | O_DIRECTORY)
        guard folder >= 0 else { throw StorageError.system("cannot read \(relative)") }
        defer { close(folder) }
        // One sorted pass of the folder serves every chunk (and later pages); a folder
        // too large to keep whole is read in bounded chunks instead.
        let sorted = try SortedDirectoryCache.shared.directory(at: containerPath + "/" + relative)
        while true {
            let children =
                try sorted?.children(relative: relative, count: chunk, filter: filter)
                ?? DirectoryReader.smallestChildren(of: containerPath + "/" + relative, relative: relative, count: chunk, filter: filter)
            for child in children {
                filter.after = Array(child.key.utf8)
                if child.isDirectory {
                    if try visitDirectory(key: child.key, into: &page) { return true }
                } else if page.offer(.object(query.namesOnly ? .nameOnly(child.key) : try summary(of: child, in: folder))) {
                    return true
                }
            }
            if children.count < chunk { return false }
        }
    }

    private func visitDirectory(key: String, into page: inout Page) throws -> Bool {
        let path = containerPath + "/" + key
        // A folder longer than the prefix folds into a subdir; the prefix's own folder is walked.
        if foldsAtSlash && key.hasBytePrefix(prefix) && key.utf8.count > prefix.utf8.count {
            return key.precedesInByteOrder(marker) || key == marker ? false : page.offer(.subdir(key))
        }
        if DirectoryReader.isEmptyDirectory(path) {
            // An empty folder stands for its marker object `key`, as `mkdir` makes it.
            guard key.hasBytePrefix(prefix), marker.precedesInByteOrder(key) else { return false }
            if query.namesOnly { return page.offer(.object(.nameOnly(key))) }
            return page.offer(.object(ObjectSummary(name: key, bytes: 0, contentType: ContentType.directory, lastModified: modificationDate(path))))
        }
        return try walk(relative: key, into: &page)
    }

    private func summary(of child: DirectoryChild, in folder: Int32) throws -> ObjectSummary {
        var info = stat()
        guard fstatat(folder, child.name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw StorageError.system("cannot stat \(child.key)")
        }
        return ObjectSummary(
            name: child.key, bytes: Int64(info.st_size), contentType: ContentType.guess(forName: child.name),
            lastModified: Date(stat: info))
    }

    private func modificationDate(_ path: String) -> Date? {
        var info = stat()
        return lstat(path, &info) == 0 ? Date(stat: info) : nil
    }
}

/// The entries gathered so far, with delimiter folding for delimiters other than `/`.
private struct Page {
    let limit: Int
    let marker: String
    let prefix: String
    let delimiter: Character?
    /// Entries come in byte order, so the first one at or past this ends the page.
    let endBefore: String?
    var entries: [ListingEntry] = []

    /// Adds an entry (folded when a delimiter other than `/` applies); true when full
    /// or past the end of the range.
    mutating func offer(_ entry: ListingEntry) -> Bool {
        var entry = entry
        if let delimiter, delimiter != "/", case .object(let object) = entry,
            let folded = Self.fold(object.name, prefix: prefix, delimiter: delimiter)
        {
            // Swift never repeats the marker's own subdir, nor one just listed.
            if folded == marker || entries.last?.name == folded { return false }
            entry = .subdir(folded)
        }
        if let endBefore, !entry.name.precedesInByteOrder(endBefore) { return true }
        entries.append(entry)
        return entries.count >= limit
    }

    static func fold(_ name: String, prefix: String, delimiter: Character) -> String? {
        let bytes = Array(name.utf8)
        let start = prefix.utf8.count
        let mark = Array(String(delimiter).utf8)
        guard bytes.count >= start + mark.count else { return nil }
        var index = start
        while index + mark.count <= bytes.count {
            if Array(bytes[index..<index + mark.count]) == mark {
                return String(decoding: bytes[..<(index + mark.count)], as: UTF8.self)
            }
            index += 1
        }
        return nil
    }
}

extension Date {
    init(stat info: stat) {
        self.init(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
    }
}
