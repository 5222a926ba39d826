import Foundation
import Testing

/// Broken themes and data files: each is an error at its file, line and column, and nothing is
/// written (DESIGN §7; ../shared/bad-inputs/README.md).
@Suite(.serialized) struct ThemeErrorTests {
    static let destination = "---\ntitle: Oslo\nlatitude: 59.9139\nlongitude: 10.7522\n---\n"

    @Test func unclosedSectionNamesTheTemplateAndLine() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/oslo/index.md", Self.destination)
        // The section opens on line 2, column 3 of the layout.
        try project.write("Themes/default/layouts/home.mustache", "<p>\n  {{#home.destinations}}<a>{{title}}</a>\n")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Themes/default/layouts/home.mustache:2:3: error: section 'home.destinations' opened at line 2 is never closed"),
            "stderr: \(result.standardError)")
        #expect(!project.exists("Output/index.html"))
    }

    /// `Themes` a file or a link to nothing is a warning (the built-in theme still builds the
    /// site); an override that is a link to nothing is an error at it, never the built-in file
    /// used in silence; a page layout left empty is "the file is empty", while an empty partial
    /// (hiding that part of the page) is fine.
    @Test func themeFilesThatAreNone() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try project.write("Destinations/oslo/index.md", Self.destination)
        let themes = project.root.appendingPathComponent("Themes")
        try project.write("Themes", "not a folder\n")
        let file = try project.build()
        #expect(file.status == 0)
        #expect(file.standardError == "Themes: warning: this is a file, not a folder: a project's themes are folders inside "
            + "the folder Themes/ (Themes/<name>/layouts/…); it is not read\n")
        try FileManager.default.removeItem(at: themes)
        try FileManager.default.createSymbolicLink(atPath: themes.path, withDestinationPath: "/nonexistent/themes")
        let dangling = try project.build()
        #expect(dangling.status == 0)
        #expect(dangling.standardError == "Themes: warning: this is a symbolic link to a missing folder ('/nonexistent/themes'): "
            + "a project's themes are folders inside the folder Themes/ (Themes/<name>/layouts/…); it is not read\n")
        try FileManager.default.removeItem(at: themes)
        // The theme's own folder a link to nothing, a link to itself, a file: the same warning at
        // it (a link to a folder is followed), and the built-in theme builds the site. With
        // --no-cache: a build that reuses the last one repeats the last one's warnings, and does
        // not yet tell these states of Themes/ from the one before (no theme file in either).
        #expect(mkdir(themes.path, 0o755) == 0)
        let theme = themes.appendingPathComponent("default")
        for (target, reason) in [("/nonexistent/theme", "this is a symbolic link to a missing folder ('/nonexistent/theme')"),
                                 ("default", "this is a symbolic link in a loop ('default'), which leads to no folder")] {
            try FileManager.default.createSymbolicLink(atPath: theme.path, withDestinationPath: target)
            let linked = try project.build(["--no-cache"])
            #expect(linked.status == 0)
            #expect(linked.standardError == "Themes/default: warning: \(reason): a theme is a folder of layouts and assets "
                + "(Themes/default/layouts/…); it is not read\n")
            #expect(project.exists("Output/oslo/index.html"))
            try FileManager.default.removeItem(at: theme)
        }
        try project.write("Themes/default", "not a folder\n")
        #expect(try project.build(["--no-cache"]).standardError == "Themes/default: warning: this is a file, not a folder: a theme is a "
            + "folder of layouts and assets (Themes/default/layouts/…); it is not read\n")
        try FileManager.default.removeItem(at: themes)

        try FileManager.default.createDirectory(
            at: themes.appendingPathComponent("default/layouts/partials"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: themes.appendingPathComponent("default/layouts/partials/card.mustache").path,
            withDestinationPath: "../../../shared/card.mustache")
        let override = try project.build()
        #expect(override.status == 1)
        #expect(override.standardError.hasPrefix("Themes/default/layouts/partials/card.mustache: error: this is a symbolic "
            + "link to a missing file ('../../../shared/card.mustache')\n"), "\(override.standardError)")
        try FileManager.default.removeItem(at: themes.appendingPathComponent("default/layouts/partials/card.mustache"))

        try project.write("Themes/default/layouts/partials/card.mustache", "")
        try project.write("Themes/default/layouts/destination.mustache", "\n  \n")
        let emptyLayout = try project.build()
        #expect(emptyLayout.status == 1)
        #expect(emptyLayout.standardError.hasPrefix("Themes/default/layouts/destination.mustache: error: the file is empty: "
            + "the 'destination' layout renders whole pages; write its template, or delete the file to use the built-in one\n"))
        try FileManager.default.removeItem(at: themes.appendingPathComponent("default/layouts/destination.mustache"))
        let emptyPartial = try project.build()
        #expect(emptyPartial.status == 0, "\(emptyPartial.standardError)")
    }

    /// A build that reuses the last one tells apart the states of `Themes` in which no theme file
    /// is read — a file, a link to nothing, a folder holding a link to nothing — and warns about
    /// the state it finds, not the last build's: every source settled (a minute old), so that the
    /// stored build is trusted, and each state's warning as a `--no-cache` build words it.
    @Test func aReusedBuildSeesThemesChangeBetweenStatesWithoutAThemeFile() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try project.write("Destinations/oslo/index.md", Self.destination)
        let themes = project.root.appendingPathComponent("Themes")
        let themesAdvice = ": a project's themes are folders inside the folder Themes/ (Themes/<name>/layouts/…); it is not read\n"
        try project.write("Themes", "not a folder\n")
        try IncrementalBuildTests.settle(project, ["Destinations/oslo/index.md", "Themes"])
        #expect(try project.build().standardError == "Themes: warning: this is a file, not a folder" + themesAdvice)
        try FileManager.default.removeItem(at: themes)
        try FileManager.default.createSymbolicLink(atPath: themes.path, withDestinationPath: "/nonexistent/themes")
        let dangling = try project.build()
        #expect(dangling.status == 0)
        #expect(dangling.standardError == "Themes: warning: this is a symbolic link to a missing folder ('/nonexistent/themes')" + themesAdvice)
        try FileManager.default.removeItem(at: themes)
        #expect(mkdir(themes.path, 0o755) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: themes.appendingPathComponent("default").path, withDestinationPath: "/nonexistent/theme")
        let inside = try project.build()
        #expect(inside.status == 0)
        #expect(inside.standardError == "Themes/default: warning: this is a symbolic link to a missing folder ('/nonexistent/theme'): "
            + "a theme is a folder of layouts and assets (Themes/default/layouts/…); it is not read\n")
        #expect(inside.standardError == (try project.build(["--no-cache"])).standardError)
    }

    @Test func missingPartialNamesTheLineThatUsesIt() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/oslo/index.md", Self.destination)
        let layout = try project.read("Themes/default/layouts/404.mustache")
        // Line 1 of the new layout uses a partial that does not exist.
        try project.write("Themes/default/layouts/404.mustache", "{{>partials/nowhere}}\n" + layout)
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Themes/default/layouts/404.mustache:1:1: error: partial 'partials/nowhere' is used here"),
            "stderr: \(result.standardError)")
    }

    @Test func aMissingThemeIsAnError() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/oslo/index.md", Self.destination)
        try project.write("Destinations/site.yaml", "theme: fancy\n")
        let result = try project.build()
        #expect(result.status == 1)
        // Reported where site.yaml names the theme: line 1, the value at column 8.
        #expect(result.standardError.contains("Destinations/site.yaml:1:8: error: theme 'fancy' not found"))
    }

    /// pois.json with a trailing comma: the comma is on line 2, so the parser fails where the next
    /// value should start, line 3 column 1 (Python's json module reports the same position).
    @Test func poisJSONSyntaxErrorHasLineAndColumn() throws {
        guard let shared = CommandRunner.sharedFolder else {
            print("skipped: ../shared/bad-inputs is not present in this checkout")
            return
        }
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/oslo/index.md", Self.destination)
        try project.copy(shared.appendingPathComponent("bad-inputs/pois-trailing-comma.json"), to: "Destinations/oslo/pois.json")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains("Destinations/oslo/pois.json:3:1: error:"), "stderr: \(result.standardError)")
    }

    /// Two folders whose slugs collide ("Tromsø" and "tromso") are an error naming both files.
    @Test func slugCollisionNamesBothFiles() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/Tromsø/index.md", Self.destination)
        try project.write("Destinations/tromso/index.md", Self.destination)
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains("Destinations/tromso/index.md"))
        #expect(result.standardError.contains("Destinations/Tromsø/index.md"))
    }
}

@Suite(.serialized) struct TripLogErrorTests {
    static let destination = "---\ntitle: Oslo\nlatitude: 59.9139\nlongitude: 10.7522\n---\n"
    static let emptyGPX = "<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"></gpx>\n"

    /// day1.gpx and day1.json would share trips/day1/: an error naming both; a log with no fixes
    /// is a warning.
    @Test func collidingAndEmptyTripLogs() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/oslo/index.md", Self.destination)
        try project.write("Destinations/oslo/trips/day1.gpx", Self.emptyGPX)
        try project.write("Destinations/oslo/trips/day1.json", "{\"format\":\"roadtrip-triplog\",\"version\":1,\"locations\":[]}\n")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/oslo/trips/day1.json: error: this trip log's page would be trips/day1/, which Destinations/oslo/trips/day1.gpx already uses"),
            "stderr: \(result.standardError)")
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("Destinations/oslo/trips/day1.json"))
        let alone = try project.build()
        #expect(alone.status == 0)
        #expect(alone.standardError.contains("Destinations/oslo/trips/day1.gpx: warning: the trip log has no position fixes"))
    }
}
