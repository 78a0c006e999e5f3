import NameIndex

extension ErrorReport {
    /// The local index's failures: none is the server's, and none loses an index that was whole.
    static func report(_ error: NameIndexError) -> (String, FailureClass) {
        switch error {
        case .damaged(let file):
            ("the index file \(file) is damaged; index --drop and index build it again", .failed)
        case .cannotWrite(let folder): ("cannot write the index in \(folder)", .failed)
        case .busy: ("another objsh is indexing this account now", .unavailable)
        case .notIndexed(let place): ("\(place) is not indexed", .notFound)
        case .unavailable: ("no cache folder, so no index: set XDG_CACHE_HOME or HOME", .failed)
        }
    }
}
