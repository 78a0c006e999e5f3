import Storage
import Transfers
import XCTest

@testable import ShellCore

/// The words of why bytes are not verified: the transfer engine gives reasons as data,
/// and these sentences are the ones `get`, `cat`, `cp` and `sync` print.
final class TransferWordsTests: XCTestCase {
    func testEachReasonADownloadIsNotVerifiedHasItsSentence() {
        let expected: [(UnverifiedReason, String)] = [
            (
                .opaqueETag(.encrypted("aws:kms")),
                "the object is encrypted (aws:kms), so its ETag is not the MD5 of its bytes, and the server offers no checksum: not verified"
            ),
            (.opaqueETag(.notADigest), "the server's ETag is not an MD5 of the bytes, and it offers no checksum: not verified"),
            (.opaqueETag(.provider("r2")), "provider r2 does not give MD5s as ETags, and the server offers no checksum: not verified"),
            (.dynamicManifest, "a dynamic large object's ETag is not the MD5 of its bytes: not verified"),
            (.unknownPartSize, "a multipart upload's ETag is not the MD5 of its bytes, and its part size is unknown: not verified"),
            (.manifestNotPlain, "the manifest's entries are not plain segments: not verified"),
            (.versionedManifest, "an older version of a static large object has no manifest objsh can read: not verified"),
            (
                .guessedPartSizeMissed(partBytes: 4),
                "a multipart upload's ETag is not the MD5 of its bytes, its part size is not recorded, and 4-byte parts (a guess) do not give it: not verified"
            ),
            (
                .guessedPartSizeMissed(partBytes: 8 << 20),
                "a multipart upload's ETag is not the MD5 of its bytes, its part size is not recorded, and 8 MiB parts (a guess) do not give it: not verified"
            ),
            (
                .noPartSizeGivesETag(sizes: [7_000_000, 7 << 20, 12 << 20]),
                "a multipart upload's part size is not recorded, and none of the 3 sizes that fit (6.7 MiB to 12 MiB) gives its ETag: not verified"
            ),
            (
                .severalPartSizesGiveETag(count: 2),
                "a multipart upload's part size is not recorded, and 2 of the sizes that fit give its ETag: not verified"
            ),
        ]
        for (reason, sentence) in expected {
            XCTAssertEqual(ErrorReport.words(reason), sentence)
            XCTAssertEqual(ErrorReport.words(CopyCheck.unverified(.sourceNotVerified(reason))), sentence, "a copy between clusters says the same")
        }
        XCTAssertEqual(ErrorReport.words(CopyCheck.unverified(.dynamicLargeObject)), ErrorReport.words(UnverifiedReason.dynamicManifest))
    }

    func testEachReasonSizesAndTimesDecidedHasItsWords() {
        let expected: [(UnprovenContent, String)] = [
            (.dynamicManifest, "a dynamic large object"),
            (.unmarkedManifest, "a manifest the listing cannot tell"),
            (.etagNotADigest, "an ETag that is no MD5"),
            (.opaqueETag, "an ETag the store says is no digest of the bytes"),
            (.noETag, "no ETag"),
            (.multipartCutAnotherWay, "multipart objects cut another way"),
            (.plainAgainstLarge, "a plain object and a large one"),
            (.unreadableManifest, "a manifest whose segments cannot be read"),
            (.segmentsOfSeveralSizes, "segments of several sizes"),
            (.largeObjectCutAnotherWay, "a large object cut another way than the multipart object"),
            (.unknownPartSize, "a multipart object whose part size is not known"),
            (.unreadableFile, "no way to read the file"),
            (.unreadableFiles, "no way to read the files"),
            (.placesMismatch, "the places do not match their entries"),
        ]
        for (reason, words) in expected {
            XCTAssertEqual(ErrorReport.words(CopyCheck.unverified(.sizeAndTime(reason))), words)
        }
    }

    func testEachInterruptionSaysWhatWasKeptAndHowToGoOn() {
        let expected: [(Interruption, String)] = [
            (
                .download(name: "a/b.bin", kept: 3, of: 9, partial: ".b.bin.1a.objsh-partial", inRanges: false),
                "interrupted: 3 of 9 bytes of a/b.bin kept in .b.bin.1a.objsh-partial; run the same get again to go on"
            ),
            (
                .download(name: "b.bin", kept: 4, of: 9, partial: "/t/.b.bin.1a.objsh-partial", inRanges: true),
                "interrupted: 4 of 9 bytes of b.bin kept in /t/.b.bin.1a.objsh-partial (whole ranges, listed beside it); run the same get again to go on"
            ),
            (
                .streamedCopy(name: "big.bin", stored: 2, of: 16),
                "interrupted: 2 of 16 parts of big.bin are stored at the target; run the same command again to go on"
            ),
            (.standardInput(name: "cut.bin"), "interrupted: nothing was stored as cut.bin; standard input cannot be resumed"),
        ]
        for (interruption, sentence) in expected {
            let report = ErrorReport(TransferError.interrupted(interruption))
            XCTAssertEqual(report.message, sentence)
            XCTAssertEqual(report.failureClass, .interrupted)
        }
    }
}
