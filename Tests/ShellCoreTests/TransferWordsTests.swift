import Storage
import Transfers
import XCTest

@testable import ShellCore

/// The words of why bytes are not verified: the transfer engine and sync's judge give
/// reasons as data, and these sentences are the ones `sync` prints.
final class TransferWordsTests: XCTestCase {
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
}
