/// The part size of a multipart object whose uploader did not record it (the AWS CLI,
/// boto3, rclone, s3cmd, the web consoles): such tools cut parts of a whole number of
/// MiB (8 MiB by default for the first two, 5 MiB for rclone, 15 MiB for s3cmd), and
/// the object's size and the ETag's part count often leave only one that fits. A
/// wrong guess costs nothing but the check: the ETag then does not come out, and the
/// download is said to be unverified, as it would be without a guess.
public enum PartSizeGuess {
    /// The one whole number of MiB (else of MB) that cuts `bytes` into `parts` parts;
    /// nil when none or several fit (a few parts leave room for many).
    public static func partBytes(bytes: Int64, parts: Int) -> Int64? {
        guard parts > 1, bytes >= Int64(parts) else { return nil }
        // p fits when the parts before the last are full and the last is not empty:
        // (parts - 1) * p < bytes <= parts * p.
        let least = (bytes + Int64(parts) - 1) / Int64(parts)
        let most = (bytes - 1) / Int64(parts - 1)
        for unit: Int64 in [1 << 20, 1_000_000] {
            let first = (least + unit - 1) / unit * unit
            if first <= most { return first + unit <= most ? nil : first }
        }
        return nil
    }

    /// The most part sizes a download tries at once: each costs a pass over the bytes
    /// after its first part.
    public static let maximumCandidates = 16

    /// Every whole number of MiB, then of MB, that cuts `bytes` into `parts` parts, in
    /// order; empty when none fit or more than `maximumCandidates` do.
    public static func candidates(bytes: Int64, parts: Int) -> [Int64] {
        guard parts > 1, bytes >= Int64(parts) else { return [] }
        let least = (bytes + Int64(parts) - 1) / Int64(parts)
        let most = (bytes - 1) / Int64(parts - 1)
        var sizes = Set<Int64>()
        for unit: Int64 in [1 << 20, 1_000_000] {
            let first = (least + unit - 1) / unit * unit
            guard first <= most else { continue }
            guard (most - first) / unit < Int64(maximumCandidates) else { return [] }
            sizes.formUnion(stride(from: first, through: most, by: Int(unit)).map { $0 })
        }
        return sizes.count <= maximumCandidates ? sizes.sorted() : []
    }
}
