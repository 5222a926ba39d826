import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// The theme compiled into roadtrip (``BuiltInTheme``) and the lookup of a project's theme files
/// over it (``ThemeFile/lookup(projectRoot:name:)``). The reference is the repository's
/// `Themes/default/`, read from the package root beside this file.
@Suite struct BuiltInThemeTests {
    /// The package root, three folders up from this file (Tests/RoadTripKitTests/…).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every regular file below `folder` that is not hidden or inside a hidden folder, by its
    /// '/'-separated path relative to `folder`, with its bytes — listed with POSIX `readdir`
    /// names through FileManager's path API, independently of `ThemeFile`'s URL enumeration.
    static func visibleFiles(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        for path in paths where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            var isDirectory: ObjCBool = false
            let full = folder.appendingPathComponent(path).path
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
        }
        return files
    }

    /// A throw-away project root, removed by the caller.
    static func temporaryProject() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    static func write(_ text: String, to relativePath: String, in root: URL) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test("the embedded theme is the repository's Themes/default, file for file and byte for byte")
    func embeddedCopyEqualsRepository() throws {
        let repository = try Self.visibleFiles(in: Self.packageRoot.appendingPathComponent("Themes/default"))
        #expect(!repository.isEmpty)
        // A new or removed file is only picked up when SwiftPM plans the build again; see
        // Plugins/EmbedDefaultTheme.
        #expect(BuiltInTheme.files.keys.sorted() == repository.keys.sorted())
        for (path, bytes) in repository {
            #expect(BuiltInTheme.files[path] == bytes, "\(path) differs from the embedded copy")
        }
        // What a theme needs is among them.
        for layout in Theme.requiredLayouts {
            #expect(BuiltInTheme.files["layouts/\(layout).mustache"] != nil, "\(layout)")
        }
    }

    @Test("the built-in theme loads without a diagnostic, and names its files as built-in")
    func builtInThemeLoads() throws {
        let root = try Self.temporaryProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let log = DiagnosticLog()
        let theme = try #require(Theme.load(projectRoot: root, name: "default", log: log))
        #expect(log.diagnostics.isEmpty, "\(log.diagnostics)")
        #expect(theme.assets.map(\.relativePath) == ["assets/nearby.js", "assets/roadtrip.css", "assets/roadtrip.js"])
        #expect(theme.assets.allSatisfy { if case .builtIn = $0.origin { true } else { false } })
        #expect(theme.displayPath(ofTemplate: "base") == "(built-in theme)/layouts/base.mustache")
        #expect(theme.displayPath(ofTemplate: "partials/map") == "(built-in theme)/layouts/partials/map.mustache")
        #expect(theme.templates.names.contains("partials/card"))
    }

    @Test("a project's file wins over the built-in one at the same path; other files are inherited or added")
    func lookupPrefersTheProjectsFiles() throws {
        let root = try Self.temporaryProject()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write("<li>{{title}}</li>\n", to: "Themes/default/layouts/partials/card.mustache", in: root)
        try Self.write("body {}\n", to: "Themes/default/assets/roadtrip.css", in: root)
        try Self.write("x\n", to: "Themes/default/assets/mine.txt", in: root)
        try Self.write("hidden\n", to: "Themes/default/assets/.hidden.css", in: root)
        let files = try #require(ThemeFile.lookup(projectRoot: root, name: "default"))
        #expect(files.keys.sorted() == (Array(BuiltInTheme.files.keys) + ["assets/mine.txt"]).sorted())
        let card = try #require(files["layouts/partials/card.mustache"])
        #expect(card.displayPath == "Themes/default/layouts/partials/card.mustache")
        #expect(try card.text() == "<li>{{title}}</li>\n")
        if case .copy(let source) = files["assets/roadtrip.css"]?.outputContents {
            #expect(source.standardizedFileURL.path
                == root.appendingPathComponent("Themes/default/assets/roadtrip.css").standardizedFileURL.path)
        } else {
            Issue.record("the project's roadtrip.css is not copied: \(String(describing: files["assets/roadtrip.css"]))")
        }
        let base = try #require(files["layouts/base.mustache"])
        #expect(base.displayPath == "(built-in theme)/layouts/base.mustache")
        #expect(base.outputContents == .data(BuiltInTheme.files["layouts/base.mustache"]!))

        let log = DiagnosticLog()
        let theme = try #require(Theme.load(projectRoot: root, name: "default", log: log))
        #expect(theme.displayPath(ofTemplate: "partials/card") == "Themes/default/layouts/partials/card.mustache")
        #expect(try theme.templates.render("partials/card", context: .object(["title": .string("Oslo")])) == "<li>Oslo</li>\n")
        #expect(theme.assets.map(\.relativePath) == ["assets/mine.txt", "assets/nearby.js", "assets/roadtrip.css", "assets/roadtrip.js"])
    }

    @Test("a theme with no built-in of its name inherits nothing: its missing layouts are errors at their paths")
    func otherThemesInheritNothing() throws {
        let root = try Self.temporaryProject()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(ThemeFile.lookup(projectRoot: root, name: "fancy") == nil)
        try Self.write("<p>home</p>\n", to: "Themes/fancy/layouts/home.mustache", in: root)
        let log = DiagnosticLog()
        #expect(Theme.load(projectRoot: root, name: "fancy", log: log) == nil)
        #expect(log.diagnostics.map(\.description) == [
            "Themes/fancy/layouts/destination.mustache: error: theme 'fancy' has no 'destination' layout",
            "Themes/fancy/layouts/trip.mustache: error: theme 'fancy' has no 'trip' layout",
            "Themes/fancy/layouts/404.mustache: error: theme 'fancy' has no '404' layout",
        ])
    }

    @Test("a broken theme.yaml override is an error at that file")
    func brokenManifestOverride() throws {
        let root = try Self.temporaryProject()
        defer { try? FileManager.default.removeItem(at: root) }
        // Line 2 opens a flow sequence that never closes.
        try Self.write("name: mine\nneeds: [a, b\n", to: "Themes/default/theme.yaml", in: root)
        let log = DiagnosticLog()
        #expect(Theme.load(projectRoot: root, name: "default", log: log) == nil)
        #expect(log.diagnostics.count == 1)
        #expect(log.diagnostics.first?.location.path == "Themes/default/theme.yaml")
        #expect(log.diagnostics.first?.severity == .error)
    }

    @Test("eject writes every built-in file, refuses to overwrite one, and overwrites with force")
    func ejection() throws {
        let root = try Self.temporaryProject()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Destinations"), withIntermediateDirectories: true)
        let summary = try ThemeEjection.eject(projectRoot: root, force: false)
        #expect(summary.written == BuiltInTheme.files.keys.sorted().map { "Themes/default/" + $0 })
        #expect(summary.replaced.isEmpty)
        #expect(try Self.visibleFiles(in: root.appendingPathComponent("Themes/default")) == BuiltInTheme.files)

        try Self.write("mine\n", to: "Themes/default/layouts/home.mustache", in: root)
        #expect {
            try ThemeEjection.eject(projectRoot: root, force: false)
        } throws: { error in
            (error as? ThemeEjection.Failure)?.existingFiles == BuiltInTheme.files.keys.sorted().map { "Themes/default/" + $0 }
        }
        #expect(try String(contentsOf: root.appendingPathComponent("Themes/default/layouts/home.mustache"), encoding: .utf8) == "mine\n")

        let forced = try ThemeEjection.eject(projectRoot: root, force: true)
        #expect(forced.replaced == forced.written)
        #expect(try Self.visibleFiles(in: root.appendingPathComponent("Themes/default")) == BuiltInTheme.files)
    }

    /// Eject writes only into a project (a folder holding Destinations/; it never makes one), and
    /// says what is in the way — a file `Themes`, a file where `layouts/` goes, even with force —
    /// before it writes anything.
    @Test func ejectionNeedsAProjectAndNamesWhatIsInTheWay() throws {
        let root = try Self.temporaryProject()
        defer { try? FileManager.default.removeItem(at: root) }
        func failure(force: Bool) -> String? {
            do { _ = try ThemeEjection.eject(projectRoot: root, force: force); return nil } catch { return error.message }
        }
        #expect(failure(force: false) == "no Destinations/ folder in \(root.path), so it is not a roadtrip project: "
            + "--source names the project root, the folder holding Destinations/; create a project with 'roadtrip new site DIR'")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)

        try FileManager.default.createDirectory(at: root.appendingPathComponent("Destinations"), withIntermediateDirectories: true)
        try Self.write("not a folder\n", to: "Themes", in: root)
        #expect(failure(force: false) == "cannot write the built-in theme into Themes/default/: Themes is a file, not a folder; "
            + "move it away; nothing was written")
        try FileManager.default.removeItem(at: root.appendingPathComponent("Themes"))

        try Self.write("not a folder\n", to: "Themes/default/layouts", in: root)
        #expect(failure(force: true) == "cannot write the built-in theme into Themes/default/: Themes/default/layouts is a "
            + "file, not a folder; move it away; nothing was written")
        // assets/ sorts before layouts/, and still nothing of it was written.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Themes/default").path) == ["layouts"])
    }
}
