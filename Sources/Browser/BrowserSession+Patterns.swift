import Listing
import Storage

/// What a pattern matched: a container, a folder, or an object as its listing gave it.
public enum PatternMatch: Sendable, Equatable {
    case container(ContainerSummary)
    case folder(Location)
    case object(ObjectSummary, at: Location)

    public var location: Location {
        switch self {
        case .container(let summary): Location(segments: [summary.name])
        case .folder(let location), .object(_, let location): location
        }
    }
}

extension BrowserSession {
    /// Every container, folder and object `pattern` matches, in name order; none is
    /// an error that names the pattern (`BrowserError.noMatch`).
    ///
    /// Requests: listings scoped to the base and the literal start of the first
    /// wildcard segment, never the whole account: below a container one listing
    /// folded at `/` when the pattern is one level deep, else the objects at any depth
    /// (`ParallelListing`); at the account, the containers the first segment can match,
    /// then each matched container as above.
    /// With `sizes`, an object that may be a DLO is looked up, as `eachEntryPage` does.
    public func expand(_ pattern: PathPattern, sizes: Bool = false) async throws -> [PatternMatch] {
        var matches: [PatternMatch] = []
        if pattern.base.container == nil {
            for try await page in store.containerPages(prefix: pattern.listingPrefix) {
                for summary in page where pattern.matchesContainer(summary.name) {
                    guard let below = pattern.below(container: summary.name) else {
                        matches.append(.container(summary))
                        continue
                    }
                    matches += try await expandInContainer(below, sizes: sizes)
                }
            }
        } else {
            matches = try await expandInContainer(pattern, sizes: sizes)
        }
        guard !matches.isEmpty else { throw BrowserError.noMatch(pattern.text) }
        return matches
    }

    func expandInContainer(_ pattern: PathPattern, sizes: Bool) async throws -> [PatternMatch] {
        let base = pattern.base
        let container = base.container!
        let listing = ParallelListing(
            store: store, container: container, prefix: base.objectName(for: pattern.listingPrefix),
            delimiter: pattern.isOneLevel ? "/" : nil)
        var matches: [PatternMatch] = []
        var lastFolder = ""
        do {
            for try await listed in listing {
                let page = sizes ? await LargeObjectLookup.resolving(listed, container: container, store: store) : listed
                for entry in page {
                    var relative = base.relativeName(of: entry.name)
                    let isFolder = relative.hasSuffix("/")
                    if isFolder { relative.removeLast() }
                    guard !relative.isEmpty else { continue }
                    // Deep listings name folders only through what they hold: each folder
                    // on the way that matches comes once, before its first object.
                    if !pattern.isOneLevel {
                        for folder in Self.matchingFolders(of: relative, pattern, after: &lastFolder) {
                            matches.append(.folder(Location(container: container, objectName: Substring(base.objectName(for: folder + "/")))))
                        }
                    }
                    guard pattern.matches(relative: relative) else { continue }
                    let location = Location(container: container, objectName: Substring(entry.name))
                    switch entry {
                    case .object(let object) where !isFolder: matches.append(.object(object, at: location))
                    case .subdir: matches.append(.folder(location))
                    case .object, .container: continue
                    }
                }
            }
        } catch StorageError.noSuchContainer {
            throw BrowserError.notFound(.container(container))
        }
        return matches
    }

    /// The folders on the way to `name` (relative to the base) that `pattern` matches
    /// and that were not met before: a listing in name order meets a folder's objects
    /// together, so remembering the deepest folder seen is enough.
    static func matchingFolders(of name: String, _ pattern: PathPattern, after last: inout String) -> [String] {
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        var found: [String] = []
        for depth in stride(from: 1, to: segments.count, by: 1) {
            let folder = segments.prefix(depth).joined(separator: "/")
            guard !(last + "/").hasPrefix(folder + "/") else { continue }
            if pattern.matches(relative: folder) { found.append(folder) }
        }
        if segments.count > 1 { last = segments.dropLast().joined(separator: "/") }
        return found
    }
}
