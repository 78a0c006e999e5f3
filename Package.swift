// swift-tools-version:6.0
import PackageDescription

// How objsh is linked, for a smaller resident set (peak RSS of a 1 GiB upload 33.5 MB with
// the default link, 28.6 MB with this; an idle shell 28.5 MB and 23 MB). Loading the binary
// used to read two tables whole: 2.9 MB of relocation entries (120,000 relative ones, as
// it is position-independent), which lld packs as DT_RELR (glibc 2.36 and later) into 23 KB;
// and a dynamic symbol table of every objsh symbol, which the static Swift runtime's link
// arguments export (-export-dynamic) and the shared libraries' symbol lookups then walk.
// objsh.symbols keeps them local: nothing loads objsh as a library.
let manifestFolder = String(#filePath.dropLast("Package.swift".count))
let leanLinking: [LinkerSetting] = [
    .unsafeFlags([
        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        "-Xlinker", "--version-script=\(manifestFolder)Sources/objsh/objsh.symbols",
    ])
]

// The shell's state (the panes, each cluster's browser, the shell) lives on the main actor,
// as a view controller container's does: a foreground command and others running beside it
// take turns on it and never race. In the targets that hold that state, an async function
// that names no actor runs on its caller's (SE-0461), so a command's closures stay on the
// main actor instead of being sent away; the engines and stores keep running concurrently.
let shellState: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

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
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .target(name: "Navigation", swiftSettings: shellState),
        // Paths and places in an account (a container and a prefix, the names below it), the
        // globs over names and the name filter: the model Browser, Sync and Transfers share.
        .target(name: "Places"),
        .target(name: "Rendering"),
        // Where and as whom a store connects: the settings structs alone, so that a store
        // does not link the config parser (nor Yams).
        .target(name: "Endpoints"),
        // Yams: clouds.yaml and secure.yaml, read with a real YAML parser.
        .target(name: "Clusters", dependencies: ["Endpoints", .product(name: "Yams", package: "Yams")]),
        // The navigation model over the storage protocol: panes, paths, the façade commands
        // read the account through; no transfer engine (ShellCore binds those to a session).
        .target(
            name: "Browser", dependencies: ["Listing", "NameIndex", "Navigation", "Places", "Rendering", "Storage"],
            swiftSettings: shellState),
        .target(
            name: "ShellCore",
            dependencies: ["Browser", "Clusters", "Listing", "NameIndex", "Navigation", "Rendering", "Storage", "Sync", "Transfers", "Workers"],
            swiftSettings: shellState),
        // Comparing two places (local folders, containers, folders) by content: the engine of diff and sync.
        .target(name: "Sync", dependencies: ["Listing", "Places", "Storage", "Transfers", "Workers"]),
        .systemLibrary(name: "CLineEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // The terminal side: line editing, signals, the terminal's facts and the interactive loop.
        .target(name: "LineEditing", dependencies: ["CLineEdit", "Rendering", "ShellCore"], swiftSettings: shellState),
        // The one place that turns a cluster's endpoint into a store.
        .target(name: "ClusterStores", dependencies: ["Clusters", "Storage", "StorageHTTP", "StorageOpenStack", "StorageS3"]),
        // What the OS shells' completion asks objsh: `--complete` and the completion scripts.
        .target(
            name: "CommandLineCompletion",
            dependencies: [
                "Browser", "ClusterStores", "Clusters", "ShellCore", "Storage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: shellState),
        // The hidden OBJSH_TEST_* delays the binary tests steer; compiled into debug builds
        // only (#if DEBUG): a release build links an empty module.
        .target(name: "TestHooks", dependencies: ["Clusters", "Storage"]),
        .executableTarget(
            name: "objsh",
            dependencies: [
                "Browser", "ClusterStores", "Clusters", "CommandLineCompletion", "LineEditing", "Rendering", "ShellCore", "TestHooks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["objsh.symbols"],
            linkerSettings: leanLinking
        ),
        // bench/index.sh's figures: a generated account indexed and searched through the code `index` and `search` run.
        .executableTarget(name: "objsh-index-bench", dependencies: ["Browser", "NameIndex", "Storage"], path: "bench/IndexBench"),
        .target(name: "Storage", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // The one worker model (`WorkerPool`: jobs at most N at once) and the one prefetch
        // queue, with no dependencies: a target of its own, not a part of Storage, since
        // running jobs side by side is no part of what a store is, and the backends, the
        // listing engine and the transfers all need it, none of them through another.
        .target(name: "Workers"),
        // Listing a large folder as key ranges side by side, over the storage protocol only.
        .target(name: "Listing", dependencies: ["Storage", "Workers"]),
        // The local index of an account's names (`index`, `search` from it): files under the
        // cache folder, filled by the listing engine; no terminal, no HTTP.
        .target(name: "NameIndex", dependencies: ["Listing", "Storage"]),
        // Moving data: parts, workers, verification, resume and progress, over the storage protocol and the listing engine.
        // No Rendering: why bytes are not verified, and what an interruption kept, are data ShellCore's ErrorReport words.
        .target(
            name: "Transfers",
            dependencies: ["Listing", "Places", "Storage", "Workers", .product(name: "Crypto", package: "swift-crypto")]),
        // HTTP shared by the Swift and S3 backends: requests with retries, failures in
        // the user's words, upload bodies read from files, the redacted --debug line, and
        // the one HTTP client (timeouts, TLS) both stores are built on.
        .target(
            name: "StorageHTTP",
            dependencies: [
                "Storage", "Endpoints",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "StorageOpenStack",
            dependencies: [
                "Storage", "Endpoints", "StorageHTTP", "Workers",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // The S3 backend: SigV4 over swift-crypto, XML through FoundationXML's XMLParser.
        .target(
            name: "StorageS3",
            dependencies: [
                "Storage", "Endpoints", "StorageHTTP", "Workers",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // The storage contract every backend must pass; a library so that each
        // backend's test target runs the same suite.
        .target(
            name: "StorageContract", dependencies: ["Storage", "Listing", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/StorageContract"),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation"]),
        .testTarget(name: "PlacesTests", dependencies: ["Places"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "StorageContract", "Listing"]),
        .testTarget(name: "SyncTests", dependencies: ["Sync", "Storage", "Listing", "Places", "Transfers"]),
        .testTarget(name: "TransfersTests", dependencies: ["Transfers", "Storage", "StorageContract"]),
        .testTarget(name: "WorkersTests", dependencies: ["Workers"]),
        .testTarget(name: "BrowserTests", dependencies: ["Browser", "Listing", "Navigation", "Storage"]),
        .testTarget(name: "NameIndexTests", dependencies: ["NameIndex", "Storage"]),
        .testTarget(name: "ObjshCLITests", dependencies: ["GoldenFiles"], exclude: ["Goldens"]),
        .testTarget(
            name: "ShellCoreTests",
            dependencies: ["ShellCore", "Clusters", "Storage", "Browser", "NameIndex", "Rendering", "Sync", "GoldenFiles"],
            exclude: ["Transcripts"]),
        .testTarget(name: "ClustersTests", dependencies: ["Clusters"]),
        // The one golden-file check of the four golden suites: compare, or record and fail.
        .target(name: "GoldenFiles", path: "Tests/GoldenFiles"),
        // Starts scripts/fault-proxy between a client and the real Swift server; reads scripts/proxy-server's log.
        .target(name: "FaultProxyHarness", path: "Tests/FaultProxyHarness"),
        // Counts the bytes in a stream that would act on a terminal: the escape sweeps' scanner.
        .target(name: "TerminalScan", path: "Tests/TerminalScan"),
        .testTarget(
            name: "StorageOpenStackTests",
            dependencies: [
                "StorageOpenStack", "StorageHTTP", "StorageContract", "Storage", "Clusters", "Places", "Transfers", "FaultProxyHarness", "Workers",
            ]),
        // The S3 store against the test server's s3api (and moto), and the SigV4 test vectors.
        .testTarget(
            name: "StorageS3Tests",
            dependencies: ["StorageS3", "StorageOpenStack", "StorageContract", "Storage", "Clusters", "Places", "Transfers"]),
        // Both stores against Ceph RGW (scripts/rgw-server): the contract on its S3 and Swift APIs, and its differences.
        .testTarget(
            name: "RGWTests",
            dependencies: [
                "StorageS3", "StorageOpenStack", "StorageContract", "Storage", "Clusters", "Places", "Transfers", "Browser", "Listing",
            ]),
        // Runs the built objsh binary (swift build --product objsh) against the real Swift server.
        .testTarget(
            name: "ObjshSwiftShellTests",
            dependencies: ["FaultProxyHarness", "TerminalScan", "ShellCore", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "CompletionTests", dependencies: ["ShellCore", "Browser"]),
        // Seeded random input for the tokenizer, parser, completer, shell and config parser.
        .testTarget(name: "FuzzTests", dependencies: ["ShellCore", "Browser", "Clusters", "Storage"]),
        // Drives the built objsh binary in a pseudo-terminal through tmux; of the modules, only the golden check
        // and the control byte scan.
        .testTarget(name: "InteractiveTests", dependencies: ["FaultProxyHarness", "GoldenFiles", "TerminalScan"], exclude: ["Goldens"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "GoldenFiles"], exclude: ["Goldens"]),
        // Checks the man page, the completion scripts and scripts/install against the built objsh.
        .testTarget(name: "DistributionTests", dependencies: ["ShellCore", "Rendering"], exclude: ["Drivers"]),
    ]
)
