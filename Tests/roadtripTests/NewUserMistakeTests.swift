import Foundation
import Testing

/// Messages for what new users really get wrong (issue 11, item 8), each through the built
/// binary: the exit status and the diagnostic's exact position and words.
@Suite struct NewUserMistakeTests {
    /// A project whose only destination is `index` (the whole index.md), and `siteYAML` when given.
    func project(index: String, siteYAML: String? = nil) throws -> TemporaryProject {
        let project = try TemporaryProject()
        try project.write("Destinations/bergen/index.md", index)
        if let siteYAML { try project.write("Destinations/site.yaml", siteYAML) }
        return project
    }

    static let bergen = "---\ntitle: Bergen\nlatitude: 60.39\nlongitude: 5.32\n---\nBody.\n"

    /// `timeZone: Europe/Olso` (a typo) is an error at line 2, column 11, and nothing is built —
    /// not a warning followed by a site in UTC.
    @Test func unknownTimeZoneStopsTheBuild() throws {
        let project = try project(index: Self.bergen, siteYAML: "title: Trips\ntimeZone: Europe/Olso\n")
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/site.yaml:2:11: error: timeZone 'Europe/Olso' is not an IANA time zone name"))
        #expect(!result.standardError.contains("using UTC"))
        #expect(!project.exists("Output/index.html"))
    }
}
