// swift-tools-version:6.0
import PackageDescription

// Dependencies point toward the pure model: Navigation and Storage know nothing
// of terminals or HTTP; the executable only parses options and wires parts.
let package = Package(
    name: "objsh",
    products: [
        .executable(name: "objsh", targets: ["objsh"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .target(name: "Navigation"),
        .target(name: "Rendering"),
        .target(name: "Clusters"),
        .target(name: "Browser", dependencies: ["Navigation", "Storage"]),
        .target(name: "ShellCore", dependencies: ["Browser", "Clusters", "Navigation", "Rendering", "Storage"]),
        .systemLibrary(name: "CLineEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .target(name: "LineEditing", dependencies: ["CLineEdit", "ShellCore"]),
        .executableTarget(
            name: "objsh",
            dependencies: [
                "ShellCore", "LineEditing", "Clusters", "Rendering", "Storage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "Storage", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage"]),
        .testTarget(name: "BrowserTests", dependencies: ["Browser", "Navigation", "Storage"]),
        .testTarget(name: "ObjshCLITests"),
        .testTarget(name: "ShellCoreTests", dependencies: ["ShellCore", "Clusters", "Storage", "Browser"], exclude: ["Transcripts"]),
        .testTarget(name: "CompletionTests", dependencies: ["ShellCore", "Browser"]),
        // Drives the built objsh binary in a pseudo-terminal through tmux; no module dependencies.
        .testTarget(name: "InteractiveTests"),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering"], resources: [.copy("Goldens")]),
        // Checks the man page, the completion scripts and scripts/install against the built objsh.
        .testTarget(name: "DistributionTests", dependencies: ["ShellCore"], exclude: ["Drivers"]),
    ]
)
