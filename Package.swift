// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "objsh",
    targets: [
        .target(name: "Rendering"),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering"],
            resources: [.copy("Goldens")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
