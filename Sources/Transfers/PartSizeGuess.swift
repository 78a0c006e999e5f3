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
}
