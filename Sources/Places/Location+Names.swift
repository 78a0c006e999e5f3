/// The names below a place, the one rule for them: an object listed under a container
/// or folder is named below it by its name without the folder's prefix (byte for byte:
/// `é` and `e\u{301}` are two names), and from the account root as `CONTAINER/NAME`;
/// a name below a place is the object `prefix + name` of its container.
extension Location {
    /// The name of `objectName`, an object listed under this container or folder (so its
    /// name starts with `prefix`), below it: `2024/a.jpg` for `photos/2024/a.jpg` below `/c/photos`.
    public func relativeName(of objectName: String) -> String {
        String(decoding: objectName.utf8.dropFirst(prefixBytes), as: UTF8.self)
    }

    /// The name of `objectName` of `container` below this place: as `relativeName(of:)`
    /// for a container or folder (which `container` is), `CONTAINER/NAME` from the root.
    public func relativeName(of objectName: String, in container: String) -> String {
        isRoot ? container + "/" + objectName : relativeName(of: objectName)
    }

    /// The path of `location`, within this place, below it: `2024/summer` for
    /// `/c/photos/2024/summer` below `/c/photos`, `c/photos` below the root.
    public func relativeName(of location: Location) -> String {
        location.segments.dropFirst(segments.count).joined(separator: "/")
    }

    /// The object of this container or folder that `relative` names below it: `prefix + relative`.
    public func objectName(for relative: String) -> String { prefix + relative }

    /// The length of `prefix` in bytes, without building it: each segment below the
    /// container and its `/`.
    var prefixBytes: Int { segments.dropFirst().reduce(0) { $0 + $1.utf8.count + 1 } }
}
