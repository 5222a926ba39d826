// swift-tools-version: 6.0
import PackageDescription

// roadtrip's libFuzzer harnesses (README.md, "Fuzzing"): `./run fuzz` builds this package with
// `-sanitize=fuzzer,address`. It depends on the roadtrip package through `Fuzz/roadtrip`, a
// symbolic link to `..`: SwiftPM names a path dependency after its folder, and the checkout's own
// folder may have any name (even "fuzz", this package's own name).

let package = Package(
    name: "roadtrip-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "roadtrip")],
    targets: [
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "roadtrip-fuzz",
            dependencies: ["CLibFuzzer", .product(name: "RoadTripKit", package: "roadtrip")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
