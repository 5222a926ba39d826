import Foundation
import Testing

/// Every malformed front-matter file of `../shared/bad-inputs/` (README there), built as the only
/// destination of a project: the exit status and the diagnostic's position must be exactly as the
/// README requires. Skipped, with a message, when `../shared` is absent.
@Suite(.serialized) struct BadInputTests {
    struct Case: Sendable, CustomStringConvertible {
        let file: String
        let status: Int32
        /// A fragment the standard error must contain (path relative to the project root).
        let expected: String
        var description: String { file }
    }

    static let cases: [Case] = [
        // Opened at line 1, never closed.
        Case(file: "fm-unterminated.md", status: 1, expected: "index.md:1:1: error: front matter opened at line 1"),
        // `latitude: 91.5` is file line 3; the value starts in column 11.
        Case(file: "fm-latitude-out-of-range.md", status: 1, expected: "index.md:3:11: error: latitude 91.5 is outside"),
        // `latitude: forty` is file line 3, value at column 11, and the message names the value.
        Case(file: "fm-latitude-not-a-number.md", status: 1, expected: "index.md:3:11: error: latitude must be a number of degrees, not 'forty'"),
        // The second `title` is file line 3, column 1; the first is on line 2.
        Case(file: "fm-duplicate-key.md", status: 1, expected: "index.md:3:1: error: duplicate key 'title'"),
        // The mis-indented `latitude` is file line 5 (YAML line 4 after the fence).
        Case(file: "fm-bad-indentation.md", status: 1, expected: "index.md:5:"),
        // No front matter at all (a file of 0 bytes): a destination needs a location.
        Case(file: "empty.md", status: 1, expected: "index.md:1:1: error: the file is empty: a destination needs a location"),
    ]

    @Test(arguments: cases) func malformedFrontMatterIsAPreciseError(_ testCase: Case) throws {
        guard let shared = CommandRunner.sharedFolder else {
            print("skipped: ../shared/bad-inputs is not present in this checkout")
            return
        }
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.copy(shared.appendingPathComponent("bad-inputs/\(testCase.file)"), to: "Destinations/bad/index.md")
        let result = try project.build()
        #expect(result.status == testCase.status, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("Destinations/bad/" + testCase.expected), "stderr: \(result.standardError)")
        #expect(!project.exists("Output/index.html"))
    }

    /// BOM + CRLF + `country: NO`: builds; `NO` stays the string "NO" (YAML 1.2 core schema), and no
    /// carriage return or U+FEFF reaches the output.
    @Test func bomAndCRLFBuildCleanly() throws {
        guard let shared = CommandRunner.sharedFolder else {
            print("skipped: ../shared/bad-inputs is not present in this checkout")
            return
        }
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.copy(
            shared.appendingPathComponent("bad-inputs/fm-valid-bom-crlf-norway.md"), to: "Destinations/oslo/index.md")
        // A theme line that prints the unknown key proves its value and type reach templates.
        let layout = project.root.appendingPathComponent("Themes/default/layouts/destination.mustache")
        let original = try String(contentsOf: layout, encoding: .utf8)
        try Data(original.replacingOccurrences(
            of: "{{$content}}", with: "{{$content}}<p id=\"country\">[{{destination.params.country}}]</p>").utf8)
            .write(to: layout)
        let result = try project.build()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let page = try project.read("Output/oslo/index.html")
        #expect(page.contains("<p id=\"country\">[NO]</p>"))
        #expect(page.contains("BOM and CRLF are fine"))
        for path in ["Output/oslo/index.html", "Output/index.html", "Output/oslo/annotations.geojson", "Output/oslo/map.svg"] {
            let text = try project.read(path)
            #expect(!text.contains("\r"), "\\r in \(path)")
            #expect(!text.contains("\u{FEFF}"), "BOM in \(path)")
        }
    }
}
