/// Every field name a JSON Lines record of objsh can have: records are written only
/// through these, and a test checks that the man page lists each one.
public enum JSONField: String, CaseIterable, Sendable {
    case kind, name, path, container, bytes, count, containers, etag
    case contentType = "content_type"
    case lastModified = "last_modified"
    case metadata, headers, manifest, segments
    case segmentPrefix = "segment_prefix"
    case segmentContainer = "segment_container"
    case segmentBytes = "segment_bytes"
    case segmentsTotal = "segments_total"
    case storagePolicy = "storage_policy"
    case storageClass = "storage_class"
    case cacheControl = "cache_control"
    case region
    case metadataProblem = "metadata_problem"
    case cluster, summary, origin, current
    case url, expires, method
    /// `diff`: a name's change (`+`, `-`, `~`, `~?`), what decided it, and the totals.
    case change, by, same, added, removed, changed
    case addedBytes = "added_bytes"
    case removedBytes = "removed_bytes"
    case changedBytes = "changed_bytes"
    case bySizeAndTime = "by_size_and_time"
    case hashedFiles = "hashed_files"
    case hashedBytes = "hashed_bytes"
    /// `sync`: its totals.
    case sent, copied, deleted, failed, unverified, milliseconds
    case sentBytes = "sent_bytes"
    case copiedBytes = "copied_bytes"
    case deletedBytes = "deleted_bytes"
    /// A version's ID (`ls --versions`, `info --version`), and a container's versioning state.
    case version, versioning
    /// `du`, `info`: the non-current versions under a place, and their bytes.
    case oldVersions = "old_versions"
    case oldVersionsBytes = "old_versions_bytes"
    /// `du`: totals cut short by Ctrl-C.
    case partial
    case deleteMarker = "delete_marker"
    /// `jobs --json`: a job's number, state, command line, exit status and seconds running.
    case job, state, line, status, seconds
    /// `jobs --json`: a running transfer's figures.
    case bytesDone = "bytes_done"
    case bytesTotal = "bytes_total"
    case bytesPerSecond = "bytes_per_second"
    case itemsDone = "items_done"
    case itemsTotal = "items_total"
    case secondsLeft = "seconds_left"
}
