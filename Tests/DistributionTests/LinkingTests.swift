import Foundation
import XCTest

/// The binary is linked as Package.swift's `leanLinking` says: relative relocations
/// packed (DT_RELR) and no objsh symbol in the dynamic table. Each had cost the loaded
/// binary megabytes of resident memory (2.9 MB and 1.6 MB of tables) when it was lost.
final class LinkingTests: XCTestCase {
    func testRelocationsArePackedAndNoSymbolIsExported() throws {
        let readelf = try Tool.path("readelf", package: "binutils")
        let binary = try PackageLayout.objshBinary()
        let dynamic = try Tool.run(readelf, ["-d", binary], environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(dynamic.status, 0, dynamic.transcript)
        XCTAssertTrue(dynamic.output.contains("(RELR)"), "no packed relocations:\n\(dynamic.output)")

        let symbols = try Tool.run(readelf, ["--dyn-syms", "--wide", binary], environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(symbols.status, 0, symbols.transcript)
        // Defined symbols of objsh's own modules would carry their Swift mangling prefix.
        let exported = symbols.output.split(separator: "\n").filter { line in
            !line.contains(" UND ") && (line.contains("$s5objsh") || line.contains("$s10ShellCore") || line.contains("$s7Storage"))
        }
        XCTAssertEqual(exported, [], "objsh's own symbols are in the dynamic table")
    }
}
