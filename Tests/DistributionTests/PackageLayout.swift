import Foundation

/// Where the package's files and the built `objsh` binary are.
enum PackageLayout {
    /// The package root: three levels above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A file of the package by its relative path.
    static func file(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The debug `objsh` binary: beside the test bundle, or in `.build/debug`.
    static func objshBinary() throws -> String {
        let testBundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [testBundleDirectory.appendingPathComponent("objsh").path, file(".build/debug/objsh").path]
        guard let binary = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw ToolFailure(description: "no objsh binary in \(candidates): build it with swift build --product objsh (scripts/test does)")
        }
        return binary
    }
}
