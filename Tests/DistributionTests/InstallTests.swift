import Foundation
import XCTest

/// scripts/install puts the binary, the man page and the completions in their
/// places under DESTDIR and PREFIX; scripts/uninstall removes exactly those.
final class InstallTests: XCTestCase {
    static let installedFiles = [
        "bin/objsh",
        "share/man/man1/objsh.1",
        "share/bash-completion/completions/objsh",
        "share/zsh/site-functions/_objsh",
        "share/fish/vendor_completions.d/objsh.fish",
    ]

    func testInstallThenUninstallLeavesOnlyWhatWasThere() throws {
        let man = try Tool.path("man", package: "man-db")
        let bash = try Tool.path("bash", package: "bash")
        try Sandbox.run { sandbox in
            let destination = sandbox.root.appendingPathComponent("destdir").path
            let prefix = "/opt/objsh"
            let root = destination + prefix
            let foreign = root + "/share/man/man1/other.1"
            try FileManager.default.createDirectory(atPath: root + "/share/man/man1", withIntermediateDirectories: true)
            try Data(".Dd\n".utf8).write(to: URL(fileURLWithPath: foreign))
            var environment = sandbox.environment
            environment["DESTDIR"] = destination
            // The debug binary that scripts/test built: a release build here would take minutes.
            environment["SKIP_BUILD"] = "1"
            environment["CONFIGURATION"] = "debug"

            let install = try Tool.run(bash, [PackageLayout.file("scripts/install").path, prefix], environment: environment)
            XCTAssertEqual(install.status, 0, "scripts/install failed:\n\(install.transcript)")
            for file in Self.installedFiles where !FileManager.default.fileExists(atPath: root + "/" + file) {
                XCTFail("scripts/install did not install \(prefix)/\(file)")
            }
            let version = try Tool.run(root + "/bin/objsh", ["--version"], environment: sandbox.environment)
            XCTAssertEqual(version.status, 0, "the installed objsh does not run:\n\(version.transcript)")

            var manEnvironment = sandbox.environment
            manEnvironment["MANPATH"] = root + "/share/man"
            let found = try Tool.run(man, ["-w", "objsh"], environment: manEnvironment)
            XCTAssertEqual(found.output, root + "/share/man/man1/objsh.1\n", "MANPATH=\(root)/share/man man -w objsh:\n\(found.transcript)")

            let uninstall = try Tool.run(bash, [PackageLayout.file("scripts/uninstall").path, prefix], environment: environment)
            XCTAssertEqual(uninstall.status, 0, "scripts/uninstall failed:\n\(uninstall.transcript)")
            XCTAssertEqual(
                try Self.files(under: root), ["share/man/man1/other.1"],
                "scripts/uninstall should remove exactly what scripts/install put there")
        }
    }

    /// The regular files under a directory, relative to it, sorted.
    static func files(under root: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
