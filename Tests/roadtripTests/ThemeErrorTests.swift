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
