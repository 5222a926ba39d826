// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "roadtrip",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "RoadTripKit", targets: ["RoadTripKit"]),
        .executable(name: "roadtrip", targets: ["roadtrip"]),
    ],
    targets: [
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // C targets, not systemLibraries: libproj, libnetcdf, libzip, libmicrohttpd and libcurl are
        // opened on first use (dlopen, Sources/CLibraryLoader), not linked, so that their ~80
        // dependencies (HDF5, GnuTLS, SQLite, libtiff, Kerberos, …) stay out of every roadtrip
        // process that computes no geodesic, draws no tile, reads no KMZ, serves nothing or checks
        // no external link.
        .target(name: "CLibraryLoader", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CProj", dependencies: ["CLibraryLoader"]),
        .target(name: "CMicroHTTPD", dependencies: ["CLibraryLoader"]),
        .target(name: "CCurl", dependencies: ["CLibraryLoader"]),
        // No pkgConfig: geonames' pkg-config brings GLib's -pthread (a SwiftPM warning); see shim.h.
        .systemLibrary(name: "CGeonames", providers: [.apt(["libgeonames-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .target(name: "CZip", dependencies: ["CLibraryLoader"]),
        .target(name: "CNetCDF", dependencies: ["CLibraryLoader"]),
        // The command-line tool's allocator (see shim.h); Debian ships no pkg-config file for it.
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        // Header only (XXH_INLINE_ALL, see shim.h): no pkgConfig, so nothing is linked.
        .systemLibrary(name: "CXXHash", providers: [.apt(["libxxhash-dev"])]),
        // A C target, not a systemLibrary: libvips' API is C-variadic (Swift cannot call it) and its
        // pkg-config brings GLib's -pthread (a SwiftPM warning). The GLib include paths are Debian's
        // x86_64 multiarch ones (`pkg-config --variable=libdir glib-2.0`); see Sources/CVips.
        // libvips itself is not linked: the wrapper opens it on first use (dlopen), so the ~44
        // libraries only it needs stay out of builds without photos or share previews.
        .target(
            name: "CVips",
            cSettings: [
                .unsafeFlags(["-I/usr/include/glib-2.0", "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include"])
            ],
            linkerSettings: [
                .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"), .linkedLibrary("dl"),
            ]
        ),
        // The floors of the pipeline, each importing only those before it (README, "Layout of the code").
        .target(name: "RoadTripCore", dependencies: ["CXXHash"]),
        .target(name: "RoadTripFormats", dependencies: ["RoadTripCore", "CLibXML2", "CYAML", "CExif", "CVips", "CZip"]),
        .target(name: "RoadTripGeo", dependencies: ["RoadTripCore", "CProj", "CGeonames", "CNetCDF", "CLibraryLoader"]),
        .target(name: "RoadTripContent", dependencies: ["RoadTripCore", "RoadTripFormats", "RoadTripGeo", "CCmark"]),
        .target(name: "RoadTripCompute", dependencies: ["RoadTripCore", "RoadTripFormats", "RoadTripGeo", "RoadTripContent"]),
        .target(
            name: "RoadTripRender",
            dependencies: ["RoadTripCore", "RoadTripFormats", "RoadTripGeo", "RoadTripContent", "RoadTripCompute"],
            // The default theme inside the binary: Themes/default/ compiled in at build time (BuiltInTheme).
            plugins: ["EmbedDefaultTheme"]
        ),
        .target(
            name: "RoadTripSite",
            dependencies: ["RoadTripCore", "RoadTripFormats", "RoadTripGeo", "RoadTripContent", "RoadTripCompute", "RoadTripRender", "CCurl"]
        ),
        .target(
            name: "RoadTripServe",
            dependencies: ["RoadTripCore", "RoadTripSite", "CMicroHTTPD"]
        ),
        // The umbrella: one file re-exporting every floor, for the command-line tool, the benchmarks
        // and the fuzz harnesses.
        .target(
            name: "RoadTripKit",
            dependencies: [
                "RoadTripCore", "RoadTripFormats", "RoadTripGeo", "RoadTripContent", "RoadTripCompute", "RoadTripRender",
                "RoadTripSite", "RoadTripServe",
            ]
        ),
        // Build-time only: writes the Swift source holding Themes/default/'s bytes.
        .executableTarget(name: "ThemeEmbedder"),
        // Plugins/EmbedDefaultTheme/Theme links to Themes/default so that SwiftPM re-plans (and re-runs
        // the plugin) when a theme file is added or removed; it is not a source of the plugin.
        .plugin(
            name: "EmbedDefaultTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"],
            exclude: ["Theme"]
        ),
        .executableTarget(name: "roadtrip", dependencies: ["RoadTripKit", "CMimalloc"]),
        .executableTarget(name: "roadtrip-benchmarks", dependencies: ["RoadTripKit"]),
        // What the tests share about the tools they run (xmllint, the Nu validator): skipped when
        // missing, failed under CI. A plain target, as test targets cannot depend on each other.
        .target(name: "TestTools", path: "Tests/TestTools"),
        .testTarget(
            name: "RoadTripKitTests",
            dependencies: [
                "RoadTripKit", "RoadTripCore", "RoadTripFormats", "RoadTripGeo", "RoadTripContent", "RoadTripCompute",
                "RoadTripRender", "RoadTripSite", "RoadTripServe", "TestTools",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "roadtripTests", dependencies: ["RoadTripKit", "roadtrip", "TestTools"]),
    ],
    swiftLanguageModes: [.v6]
)
