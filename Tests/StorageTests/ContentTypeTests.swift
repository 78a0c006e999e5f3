import XCTest

@testable import Storage

final class ContentTypeTests: XCTestCase {
    func testGuessesFromTheLastSegmentsExtension() {
        let cases: [(String, String)] = [
            ("a.txt", "text/plain"), ("dir.d/photo.JPG", "image/jpeg"), ("x/y/z.tar.gz", "application/gzip"),
            ("README", "application/octet-stream"), (".hidden", "application/octet-stream"), ("dir/.profile", "application/octet-stream"),
            ("dir.jpg/noext", "application/octet-stream"), ("folder/", "application/directory"), ("a.unknownext", "application/octet-stream"),
            ("trailing.", "application/octet-stream"), ("日本.png", "image/png"),
        ]
        for (name, expected) in cases {
            XCTAssertEqual(ContentType.guess(forName: name), expected, name)
        }
    }
}
