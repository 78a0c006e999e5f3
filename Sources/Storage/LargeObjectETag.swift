import Crypto

/// The ETags a large object gets from its pieces' MD5s: the one formula of each kind,
/// for uploads that check what the server says, downloads that verify, and comparisons
/// that prove two sides equal without reading the remote bytes.
public enum LargeObjectETag {
    /// A Swift static large object's ETag: the MD5 of its segments' MD5s in hex, one
    /// after the other.
    public static func staticManifest(segmentMD5s: [String]) -> String {
        Insecure.MD5.hash(data: Array(segmentMD5s.joined().utf8)).hex
    }

    /// The same from the segments' MD5s as bytes, back to back.
    public static func staticManifest(partDigests: [UInt8]) -> String {
        staticManifest(segmentMD5s: digestList(partDigests))
    }

    /// An S3 multipart upload's ETag: `md5(md5(part 1) ‖ … ‖ md5(part N))-N`, the parts'
    /// MD5s as bytes, back to back.
    public static func multipart(partDigests: [UInt8]) -> String {
        Insecure.MD5.hash(data: partDigests).hex + "-\(partDigests.count / Insecure.MD5.byteCount)"
    }

    /// The same from the parts' MD5s in hex.
    public static func multipart(partMD5s: [String]) -> String {
        multipart(partDigests: partMD5s.flatMap(bytes(ofHex:)))
    }

    /// The bytes of a hex string (an invalid pair counts as 0, as a wrong MD5 then fails the check).
    static func bytes(ofHex text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex, let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex) {
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    /// Digests back to back, each in hex.
    static func digestList(_ digests: [UInt8]) -> [String] {
        stride(from: 0, to: digests.count, by: Insecure.MD5.byteCount).map {
            digests[$0..<min($0 + Insecure.MD5.byteCount, digests.count)].hex
        }
    }
}
