import Foundation
import Testing
@testable import RoadTripCore

/// How diagnostics name a project's files: relative to the project root when inside it, whether
/// the paths are in standard form (cut by their text) or not (cut after `standardizedFileURL`).
@Suite struct ProjectPathTests {
    /// Each case by hand: the path as the project root sees it.
    @Test func pathsRelativeToTheRoot() {
        func relative(_ path: String, _ root: String) -> String {
            ProjectPath.relative(URL(fileURLWithPath: path), to: URL(fileURLWithPath: root))
        }
        #expect(relative("/p/Destinations/oslo/index.md", "/p") == "Destinations/oslo/index.md")
        #expect(relative("/p/Destinations/oslo/index.md", "/p/") == "Destinations/oslo/index.md")
        // Dot segments are resolved before cutting: /p/Destinations/../Themes/x → /p/Themes/x.
        #expect(relative("/p/Destinations/../Themes/x", "/p") == "Themes/x")
        #expect(relative("/p/./Destinations/a.md", "/p/.") == "Destinations/a.md")
        // Outside the root (a sibling whose name starts with the root's): the whole path.
        #expect(relative("/pq/a.md", "/p") == "/pq/a.md")
        #expect(relative("/q/a.md", "/p") == "/q/a.md")
        // A root of "/" keeps everything after the first slash.
        #expect(relative("/p/a.md", "/") == "p/a.md")
        // Names with spaces and non-ASCII letters are cut by characters, as written.
        #expect(relative("/Users/Åse/Road trips/Destinations/Tromsø/index.md", "/Users/Åse/Road trips")
            == "Destinations/Tromsø/index.md")
    }
}
