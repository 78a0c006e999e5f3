import Foundation
import Storage
import XCTest

@testable import NameIndex

/// An index written before dates were coded (manifest version 2, segment format 2) is
/// read as it is, not misread and not thrown away.
final class FormerFormatTests: XCTestCase {
    /// `SegmentTests.objects(20)` in blocks of 4 and chunks of 8, written by the segment
    /// writer of format 2 (main at 3cb8045), in base64.
    static let formatTwo = """
        CAAAAAIAAABUAAAAcAAAAOUAAAAAAAAAcQAAAOUAAAAAAAAAAAAAAG8AAAAAAAAAZGzlz4sBAAA0dOXPiwEAAJQAAAAAAAAAAwEAAAAAAAAceO
        XPiwEAANSD5c+LAQAANzEtADAyLQAxMi0AMzItADcyLQA1NS0AMDYtADc4LQB4dC4AMDIvAGJhLwBlYi8AYWQvAG9sLwDDei8AqcMvAC4xMAA0
        MjAALjgwAHQuMQAuMjEANTcxAHQuMgAxMDIAMjAyADIxMgA0MzIALTQyAC80MgA3NzIAdC4zAC40MwAyLTQAdC40ADIvNABsLzQAdC41AC4zNQ
        AzNTUAODA2AHQuNwAuNTcALjc3AHQuOAA3NzgAOC1hAMMvYQAtYmEAL2JhAGhjYQBhdGEANS1iADYtYgBiL2IAYWViAC1oYwAvaGMAdGFkAGNh
        ZQAxLWcAMi1nADIvZwB6L2cAMi1oAGEvaABsL2gAwy9oAGhjaQBnb2wALWdvAC9nbwBjaXIALWF0AC9hdAB0eHQAqcN0ALzDegBiL6kAZC+pAM
        N0qQBpcrwAL6nDAHSpwwByvMMAAAAAAAEAAAACAAAAAwAAAAQAAAAFAAAABgAAAAcAAAAIAAAACgAAAAwAAAAOAAAAEAAAABEAAAATAAAAFAAA
        ABYAAAAXAAAAGQAAABoAAAAbAAAAHAAAAB0AAAAeAAAAHwAAACEAAAAiAAAAIwAAACQAAAAmAAAAJwAAACgAAAApAAAAKgAAACsAAAAsAAAALg
        AAAC8AAAAwAAAAMQAAADIAAAA0AAAANQAAADcAAAA4AAAAOQAAADoAAAA7AAAAPQAAAD8AAABBAAAAQgAAAEMAAABEAAAARgAAAEgAAABJAAAA
        SwAAAEwAAABOAAAATwAAAFAAAABSAAAAUwAAAFQAAABWAAAAVwAAAFgAAABZAAAAWwAAAFwAAABeAAAAXwAAAGAAAABhAAAAYwAAAGUAAABmAA
        AAZwAAAGgAAABqAAAAawAAAG0AAABvAAAAcAAAAAEBAAAAAAEBAAEAAQABAAEBAAEBAAEBAAEBAQABAAEAAQAAAAABAAAAAAAAAAEBAAABAAEB
        AAEBAQEBAAEAAQABAQABAAEAAQAAAQEAAQEBAAEBAAABAQABAAEBAAEBAQEAAQABAQABAAEBAAEAAQEAFjIwMjQvMjAyNC8yMDI0LTIxMi50eH
        QAAAUQbG9nLzIwMjQtMjM0LnR4dCXk2JX/vDEAGUJlYWNoL8OJVMOJL2JlYWNoLTI3Ny50eHRKzOCV/7wxABNhYi9CZWFjaC9hYi01NTMudHh0
        b7Tolf+8MQATYWIvQmVhY2gvYWItNjA4LnR4dJQBnPCV/7wxABdkYXRhL8OJVMOJL2RhdGEtODc3LnR4dLkBAAAUbG9nLzIwMjQvbG9nLTIwMS
        50eHTeAez/lf+8MQQTWsO8cmljaC9sb2ctMTc1LnR4dIMC1IeW/7wxCAAAAAIAAABFAAAAUAAAAOEAAAAAAAAAcwAAAOEAAAAoAQAAAAAAAJcB
        AAAAAAAAvIflz4sBAAB0k+XPiwEAALwBAAAAAAAAKwIAAAAAAABcl+XPiwEAACyf5c+LAQAANDEtADAzLQA2NC0AMDYtADE2LQA4OS0AeHQuAG
        JhLwBlYi8Ab2wvAGhwLwBlci8ALjUwAC45MAB0LjEANTQxAHQuMwA5MDMALjU0ADY2NAA4NjQAdC41AHQuNgA1MDYALjE2AC42NgAuODYAdC44
        AC4zOAB0LjkAMzg5AC9iYQBoY2EAci9iAGFlYgAvaGMAY2FlAG9wZQAzLWcAbC9nAHAvZwBwL2gAdG9oAGdvbAAxLW8AMy1vADQtbwA2LW8AOS
        1vAGIvbwBsL28AcC9vAHIvbwAtZ28AL2dvAHRybwBvdG8Ab2hwAHJvcABwZXIALXRyAC90cgA0LXQANi10AGEvdABwL3QALW90AC9vdAB0eHQA
        AAAAAAEAAAACAAAABAAAAAUAAAAGAAAABwAAAAkAAAAKAAAACwAAAAwAAAAOAAAADwAAABAAAAARAAAAEgAAABMAAAAUAAAAFQAAABYAAAAXAA
        AAGAAAABoAAAAbAAAAHAAAAB0AAAAeAAAAHwAAACAAAAAhAAAAIgAAACMAAAAkAAAAJQAAACYAAAAnAAAAKAAAACkAAAAqAAAAKwAAACwAAAAt
        AAAALgAAADAAAAAxAAAAMgAAADMAAAA0AAAANQAAADYAAAA3AAAAOAAAADoAAAA7AAAAPAAAAD0AAAA+AAAAQAAAAEIAAABDAAAARAAAAEUAAA
        BGAAAARwAAAEgAAABJAAAASgAAAEwAAABOAAAAUAAAAAAAAAEBAQEAAQEAAAABAQEAAQABAAAAAQABAAEBAAEBAQABAQABAAAAAQAAAAAAAQAA
        AAABAQAAAAEBAAABAAEAAQEBAQEBAQEBAAEAAQABABNsb2cvbG9nL2xvZy0zMDkudHh0qAK8j5b/vDEAGXBob3RvL0JlYWNoL3Bob3RvLTE0NS
        50eHTNAqSXlv+8MQYRbG9nL3Bob3RvLTQ2Ni50eHTyAgAGE3Bob3RvL3Bob3RvLTMwOS50eHSXA/Smlv+8MQAYcGhvdG8vcGhvdG8vcGhvdG8t
        NjEudHh0vAPcrpb/vDESBzk4My50eHThA8S2lv+8MQAYcmVwb3J0L2FiL3JlcG9ydC00NjgudHh0hgSsvpb/vDEHFHBob3RvL3JlcG9ydC02MD
        UudHh0qwQABAAAAAEAAAArAAAAKwAAAG4AAAAAAAAAbgAAAFACAAAAAAAAvwIAAAAAAAD8puXPiwEAALSy5c+LAQAAMTQtADc1LQA5Ni0AMTct
        AHh0LgBvbC8Aw3ovAKnDLwAuNjEALjkxAHQuMgA5MTQAMjc1AHQuNgA4OTYANjE3AC4yNwB0LjgAdC45AC44OQAvaGMAwy9nAMMvaABoY2kAZ2
        9sAC9nbwBjaXIAdHh0AKnDdAC8w3oANC2pADUtqQA2LakANy2pAGwvqQB6L6kAwy+pAMN0qQBpcrwALanDAC+pwwB0qcMAcrzDAAAAAAABAAAA
        AgAAAAMAAAAEAAAABQAAAAYAAAAHAAAACAAAAAkAAAAKAAAACwAAAAwAAAANAAAADgAAAA8AAAAQAAAAEQAAABIAAAATAAAAFAAAABUAAAAWAA
        AAFwAAABgAAAAZAAAAGgAAABsAAAAcAAAAHQAAAB4AAAAfAAAAIAAAACEAAAAiAAAAIwAAACQAAAAlAAAAJgAAACcAAAAoAAAAKQAAACoAAAAr
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAbw4lUw4kvWsO8cmljaC/DqXTDqS00MTkudHh00AT8zZb/vD
        EUBzU3Mi50eHT1BOTVlv+8MQYRbG9nL8OpdMOpLTY5OC50eHSaBczdlv+8MQYTw4lUw4kvw6l0w6ktNzE2LnR4dL8FtOWW/7wxAAAAAAAAAABZ
        BAAAAAAAABYIAAAAAAAAAwAAABQAAAAAAAAAT0pCU0hJWDI=
        """

    func testASegmentOfFormatTwoReadsBack() throws {
        let path = NSTemporaryDirectory() + "objsh-format2-\(UUID().uuidString).seg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try XCTUnwrap(Data(base64Encoded: Self.formatTwo, options: .ignoreUnknownCharacters))
        try data.write(to: URL(fileURLWithPath: path))
        let reader = try SegmentReader(path: path)
        let objects = SegmentTests.objects(20)
        var read: [ObjectSummary] = []
        try reader.eachMatch(IndexQuery(runs: []) { _ in true }, required: []) { read += $0 }
        XCTAssertEqual(read.map(\.name), objects.map(\.name))
        XCTAssertEqual(read.map(\.bytes), objects.map(\.bytes))
        XCTAssertEqual(read.map(\.lastModified), objects.map(\.lastModified))
        var found: [String] = []
        let query = IndexQuery(runs: ["zür"], runIsTheMatch: true) { $0.name.lowercased().contains("zür") }
        try reader.eachMatch(query, required: query.trigrams(prefix: "")) { found += $0.map(\.name) }
        XCTAssertEqual(found, objects.map(\.name).filter { $0.lowercased().contains("zür") })
        XCTAssertFalse(found.isEmpty)
    }

    func testAManifestOfVersionTwoIsReadAndWrittenBackAsTheCurrentOne() throws {
        let folder = IndexFolder(path: NSTemporaryDirectory() + "objsh-format2-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        try folder.create()
        var manifest = IndexManifest()
        manifest.version = 2
        manifest.containers["a"] = ContainerRecord(
            file: "a.seg", prefix: "", indexedAt: Date(timeIntervalSince1970: 1_700_000_000), names: 20, diskBytes: 1)
        try IndexFolder.encoder.encode(manifest).write(to: URL(fileURLWithPath: folder.manifestPath))
        XCTAssertEqual(folder.readManifest()?.containers, manifest.containers)
        try folder.write(try XCTUnwrap(folder.readManifest()))
        XCTAssertEqual(folder.readManifest()?.version, IndexManifest.currentVersion)
        manifest.version = 1
        try IndexFolder.encoder.encode(manifest).write(to: URL(fileURLWithPath: folder.manifestPath))
        XCTAssertNil(folder.readManifest(), "version 1 is built again")
    }
}
