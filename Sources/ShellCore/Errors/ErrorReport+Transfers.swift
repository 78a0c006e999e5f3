import Places
import Rendering
import Storage
import Transfers

// The words of the transfer engine's errors and of why bytes are not verified: the
// engine hands over data (sizes, names, reasons), and only here is it worded.
extension ErrorReport {
    static func report(_ error: TransferError) -> (String, FailureClass) {
        switch error {
        case .exists(let path): ("\(path): exists (use -f to overwrite)", .failed)
        case .local(let path, let problem): ("\(path): \(words(problem))", problem.isMissing ? .notFound : .failed)
        case .corrupt(let name, let detail): ("\(name): download corrupted in transit (\(detail)); nothing was kept", .failed)
        case .unsafeName(let name, let reason): ("\(name): skipped, refused: \(words(reason))", .failed)
        case .interrupted(let interruption): ("interrupted: \(words(interruption))", .interrupted)
        case .someFailed(let failed, let total): ("\(failed) of \(total) objects failed", .failed)
        case .notMoved(let name, let check): ("\(name): copied, but \(words(check)); the source was kept", .failed)
        case .storedUnderAnotherKey(let name, let key):
            ("\(name): sent, but the server lists it under another key (\(key)); sync cannot make it hold this name", .failed)
        case .streamTooLong(let segments, let segmentBytes):
            (
                "standard input is longer than this cluster's \(segments) segments of \(ByteCountText.format(segmentBytes)); "
                    + "nothing was stored (give a bigger --segment-size)", .failed
            )
        }
    }

    /// Why a name cannot be a local path, as the end of a sentence.
    static func words(_ refusal: LocalNameRefusal) -> String {
        switch refusal {
        case .climbs: "its name climbs out of the target folder (a .. segment)"
        case .absolute: "its name starts with /, a path from outside the target folder"
        case .emptySegment: "its name has an empty segment (//), which no file can take"
        case .dotSegment: "its name has a . segment, which would land on another name's file"
        case .nul: "its name holds a NUL byte, which no file name can"
        case .segmentTooLong(let bytes): "a segment of its name is \(bytes) bytes, longer than a file name may be (\(LocalName.maxSegmentBytes))"
        case .fileAndFolder(let path): "it needs \(path) as a folder, which another name of this transfer takes as a file"
        }
    }

    /// What an interruption left, and how to go on.
    static func words(_ interruption: Interruption) -> String {
        switch interruption {
        case .download(let name, let kept, let total, let partial, let inRanges):
            "\(kept) of \(total) bytes of \(name) kept in \(partial)\(inRanges ? " (whole ranges, listed beside it)" : ""); "
                + "run the same get again to go on"
        case .streamedCopy(let name, let stored, let parts):
            "\(stored) of \(parts) parts of \(name) are stored at the target; run the same command again to go on"
        case .standardInput(let name): "nothing was stored as \(name); standard input cannot be resumed"
        }
    }

    /// Why a copy is not proven, as the end of a sentence.
    static func words(_ check: CopyCheck) -> String {
        switch check {
        case .verified: "verified"
        case .unverified(.dynamicLargeObject): words(UnverifiedReason.dynamicManifest)
        case .unverified(.largeObjectCopiedWhole): "a large object copied whole has an ETag of another kind: not verified"
        case .unverified(.sourceNotVerified(let reason)): words(reason)
        case .unverified(.sizeAndTime(let reason)): words(reason)
        }
    }

    /// Why a download is not verified, as the end of a sentence.
    static func words(_ reason: UnverifiedReason) -> String {
        switch reason {
        case .opaqueETag(let opaque): words(opaque)
        case .dynamicManifest: "a dynamic large object's ETag is not the MD5 of its bytes: not verified"
        case .unknownPartSize: "a multipart upload's ETag is not the MD5 of its bytes, and its part size is unknown: not verified"
        case .manifestNotPlain: "the manifest's entries are not plain segments: not verified"
        case .versionedManifest: "an older version of a static large object has no manifest objsh can read: not verified"
        case .guessedPartSizeMissed(let partBytes):
            "a multipart upload's ETag is not the MD5 of its bytes, its part size is not recorded, and "
                + "\(partBytes % (1 << 20) == 0 ? "\(partBytes >> 20) MiB" : "\(partBytes)-byte") parts (a guess) do not give it: not verified"
        case .noPartSizeGivesETag(let sizes):
            "a multipart upload's part size is not recorded, and none of the \(sizes.count) sizes that fit "
                + "(\(partSize(sizes.min() ?? 0)) to \(partSize(sizes.max() ?? 0))) gives its ETag: not verified"
        case .severalPartSizesGiveETag(let count):
            "a multipart upload's part size is not recorded, and \(count) of the sizes that fit give its ETag: not verified"
        }
    }

    /// An ETag that is no digest, and no checksum of the whole offered instead.
    static func words(_ opaque: OpaqueETag) -> String {
        switch opaque {
        case .encrypted(let kind):
            "the object is encrypted (\(kind)), so its ETag is not the MD5 of its bytes, and the server offers no checksum: not verified"
        case .notADigest: "the server's ETag is not an MD5 of the bytes, and it offers no checksum: not verified"
        case .provider(let provider): "provider \(provider) does not give MD5s as ETags, and the server offers no checksum: not verified"
        }
    }

    /// `8 MiB` for a whole number of MiB, else the size as every view writes it.
    static func partSize(_ bytes: Int64) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : ByteCountText.format(bytes)
    }

    /// Why sizes and times decided a pair (sync's judge): the thing nothing proves.
    static func words(_ reason: UnprovenContent) -> String {
        switch reason {
        case .dynamicManifest: "a dynamic large object"
        case .unmarkedManifest: "a manifest the listing cannot tell"
        case .etagNotADigest: "an ETag that is no MD5"
        case .opaqueETag: "an ETag the store says is no digest of the bytes"
        case .noETag: "no ETag"
        case .multipartCutAnotherWay: "multipart objects cut another way"
        case .plainAgainstLarge: "a plain object and a large one"
        case .unreadableManifest: "a manifest whose segments cannot be read"
        case .segmentsOfSeveralSizes: "segments of several sizes"
        case .largeObjectCutAnotherWay: "a large object cut another way than the multipart object"
        case .unknownPartSize: "a multipart object whose part size is not known"
        case .unreadableFile: "no way to read the file"
        case .unreadableFiles: "no way to read the files"
        case .placesMismatch: "the places do not match their entries"
        }
    }
}

extension ErrorReport {
    /// The failure of a stream's upload, then what it left on the server.
    static func report(_ error: StreamUploadLeft) -> (String, FailureClass) {
        let cause = ErrorReport(error.cause)
        let left =
            switch error.segments {
            case .some(let count):
                count == 1
                    ? "1 segment it sent is left at \(error.place): the server did not delete it"
                    : "\(count) segments it sent are left at \(error.place): the server did not delete them"
            case .none: "segments it sent may be left at \(error.place): the server could not be asked"
            }
        return (cause.message + "; " + left, cause.failureClass)
    }
}
