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
        case .unsafeName(let name, let reason): ("\(name): skipped, \(reason)", .failed)
        case .interrupted(let message): ("interrupted: \(message)", .interrupted)
        case .someFailed(let failed, let total): ("\(failed) of \(total) objects failed", .failed)
        case .notMoved(let name, let check): ("\(name): copied, but \(words(check)); the source was kept", .failed)
        case .streamTooLong(let segments, let segmentBytes):
            (
                "standard input is longer than this cluster's \(segments) segments of \(ByteCountText.format(segmentBytes)); "
                    + "nothing was stored (give a bigger --segment-size)", .failed
            )
        }
    }

    /// Why a copy is not proven, as the end of a sentence.
    static func words(_ check: CopyCheck) -> String {
        switch check {
        case .verified: "verified"
        case .unverified(.dynamicLargeObject): "a dynamic large object's ETag is not the MD5 of its bytes: not verified"
        case .unverified(.largeObjectCopiedWhole): "a large object copied whole has an ETag of another kind: not verified"
        case .unverified(.sourceNotVerified(let reason)): reason
        case .unverified(.sizeAndTime(let reason)): words(reason)
        }
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
