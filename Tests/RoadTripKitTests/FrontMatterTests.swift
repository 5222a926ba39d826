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

/// The bytes of `Fixtures/bad-inputs/<name>` (copied from /work/shared/bad-inputs), decoded
/// without stripping a byte-order mark.
private func badInput(_ name: String) throws -> String {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/bad-inputs/\(name)", withExtension: nil))
    return String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

/// Splits `text` expecting an error; returns the diagnostic.
private func splitError(_ text: String) -> Diagnostic? {
    do {
        _ = try FrontMatter.split(text, path: "d/index.md")
        return nil
    } catch {
        return error
    }
}

/// Every scalar's text in a node tree (keys included).
private func scalars(_ node: YAMLNode) -> [String] {
    switch node.content {
    case .scalar(let text, _): return [text]
    case .sequence(let items): return items.flatMap(scalars)
    case .mapping(let pairs): return pairs.flatMap { scalars($0.key) + scalars($0.value) }
    }
}

@Suite struct FrontMatterTests {
    // MARK: The shared bad inputs (their README gives the expectations)

    /// Found by the `front-matter` fuzz harness: the missing value of `? a`, the last YAML line,
    /// was placed on the closing fence (line 4). It is at the end of line 3, "? a": column 4.
    @Test func aMissingValueBeforeTheClosingFenceStaysInTheFrontMatter() throws {
        let split = try FrontMatter.split("---\ntitle: x\n? a\n---\nbody\n", path: "d/index.md")
        let value = try #require(split.yaml?["a"])
        #expect(value.line == 3 && value.column == 4)
        #expect(split.bodyFirstLine == 5)
    }

    @Test func unterminatedFenceIsAnErrorAtLine1() throws {
        let error = splitError(try badInput("fm-unterminated.md"))
        #expect(error?.location == SourceLocation(path: "d/index.md", line: 1, column: 1))
        #expect(error?.message == "front matter opened at line 1 is never closed (expected a closing '---' line)")
    }

    /// The second `title` is file line 3 (line 1 is the fence); the first is line 2.
    @Test func duplicateKeyFixture() throws {
        let error = splitError(try badInput("fm-duplicate-key.md"))
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 1)
        #expect(error?.message.contains("'title'") == true)
        #expect(error?.message.contains("line 2") == true)
    }

    /// PyYAML's SafeLoader reports the YAML text's 0-based mark (3, 3) for this block (the
    /// `latitude` key indented 3 under a `- ` entry at 2); the YAML starts at file line 2, so
    /// the file position is line 2 + 3 = 5, column 3 + 1 = 4.
    @Test func badIndentationFixture() throws {
        let error = splitError(try badInput("fm-bad-indentation.md"))
        #expect(error?.location.line == 5)
        #expect(error?.location.column == 4)
        #expect(error?.message.hasPrefix("YAML syntax error:") == true)
        #expect(error?.message.contains("while parsing a block collection at line 4, column 3") == true)
    }

    /// `latitude: 91.5` is file line 3; the value starts after "latitude: " (10 characters), column 11.
    @Test func latitudeOutOfRangeFixtureGivesThePositionedValue() throws {
        let split = try FrontMatter.split(try badInput("fm-latitude-out-of-range.md"), path: "d/index.md")
        let latitude = try #require(split.yaml?["latitude"])
        #expect(latitude.line == 3)
        #expect(latitude.column == 11)
        #expect(latitude.doubleValue == 91.5)
        #expect(split.body == "Body.\n")
        #expect(split.bodyFirstLine == 6)
    }

    @Test func latitudeNotANumberFixtureGivesTheString() throws {
        let split = try FrontMatter.split(try badInput("fm-latitude-not-a-number.md"), path: "d/index.md")
        let latitude = try #require(split.yaml?["latitude"])
        #expect(latitude.line == 3)
        #expect(latitude.metadataValue == .string("forty"))
        #expect(latitude.doubleValue == nil)
        #expect(split.yaml?["longitude"]?.doubleValue == -74.0)
    }

    /// The BOM/CRLF fixture is valid: `country` is the string "NO", nothing keeps a CR or BOM.
    @Test func bomCRLFNorwayFixtureIsValid() throws {
        let text = try badInput("fm-valid-bom-crlf-norway.md")
        #expect(text.unicodeScalars.first == "\u{FEFF}")  // the fixture really has a BOM
        let split = try FrontMatter.split(text, path: "d/index.md")
        let yaml = try #require(split.yaml)
        #expect(yaml["country"]?.metadataValue == .string("NO"))
        #expect(yaml["title"]?.metadataValue == .string("BOM and CRLF are fine"))
        #expect(yaml["latitude"]?.doubleValue == 59.9139)
        #expect(yaml["longitude"]?.line == 4)
        for value in scalars(yaml) + [split.body] {
            #expect(!value.unicodeScalars.contains("\r"))
            #expect(!value.unicodeScalars.contains("\u{FEFF}"))
        }
        #expect(split.body == "This one is **valid**: it must build, with country the string \"NO\".\n")
        #expect(split.bodyFirstLine == 7)
    }

    /// An empty file has no front matter and an empty body (the SiteLoader then reports the
    /// missing location).
    @Test func emptyFixtureHasNoFrontMatter() throws {
        let split = try FrontMatter.split(try badInput("empty.md"), path: "d/index.md")
        #expect(split.yaml == nil)
        #expect(split.body == "")
        #expect(split.bodyFirstLine == 1)
    }

    // MARK: Front matter other generators read

    /// A fence after blank lines, TOML's `+++` and JSON's `{` are errors at their own line and
    /// column, saying roadtrip reads YAML between `---` lines; whitespace-only lines are blank.
    @Test func otherFrontMatterIsNotRecognised() {
        let blankFirst = splitError("\n \t\n---\ntitle: x\n---\nBody\n")
        #expect(blankFirst?.location == SourceLocation(path: "d/index.md", line: 3, column: 1))
        #expect(blankFirst?.message == "front matter not recognised: roadtrip reads YAML between `---` lines, "
            + "and the first `---` must be the file's first line; delete the 2 blank lines above it")
        let toml = splitError("+++\ntitle = \"x\"\n+++\nBody\n")
        #expect(toml?.location == SourceLocation(path: "d/index.md", line: 1, column: 1))
        #expect(toml?.message.hasPrefix("front matter not recognised: roadtrip reads YAML between `---` lines; this is TOML") == true)
        let json = splitError("\n  {\"title\": \"x\"}\nBody\n")
        #expect(json?.location == SourceLocation(path: "d/index.md", line: 2, column: 3))
        #expect(json?.message.hasPrefix("front matter not recognised: roadtrip reads YAML between `---` lines; this looks like JSON") == true)
    }

    /// The JSON hint is true: a JSON object between `---` lines is read as YAML.
    @Test func jsonBetweenFencesIsYAML() throws {
        let split = try FrontMatter.split("---\n{\n  \"title\": \"x\", \"latitude\": 1\n}\n---\n", path: "d/index.md")
        #expect(split.yaml?["title"]?.stringValue == "x")
        #expect(split.yaml?["latitude"]?.doubleValue == 1)
        #expect(split.isPresent)
    }

    // MARK: Fences

    @Test func noFrontMatterIsAllBody() throws {
        let split = try FrontMatter.split("# New York\r\n\r\nText\n", path: "d/index.md")
        #expect(split.yaml == nil)
        #expect(!split.isPresent)
        #expect(split.body == "# New York\n\nText\n")
        #expect(split.bodyFirstLine == 1)
    }

    @Test func trailingBlanksOnFencesAreFine() throws {
        let split = try FrontMatter.split("--- \t\ntitle: x\n---  \nBody\n", path: "d/index.md")
        #expect(split.yaml?["title"]?.stringValue == "x")
        #expect(split.body == "Body\n")
        #expect(split.bodyFirstLine == 4)
    }

    @Test func emptyBlockIsFine() throws {
        let split = try FrontMatter.split("---\n---\nBody\n", path: "d/index.md")
        #expect(split.yaml == nil)
        #expect(split.body == "Body\n")
        #expect(split.bodyFirstLine == 3)
    }

    @Test func dotsCloseTheFrontMatter() throws {
        let split = try FrontMatter.split("---\ntitle: x\n...\nBody\n", path: "d/index.md")
        #expect(split.yaml?["title"]?.stringValue == "x")
        #expect(split.body == "Body\n")
    }

    @Test func closingFenceOnTheLastLineLeavesAnEmptyBody() throws {
        let split = try FrontMatter.split("---\ntitle: x\n---", path: "d/index.md")
        #expect(split.yaml?["title"]?.stringValue == "x")
        #expect(split.body == "")
        #expect(split.bodyFirstLine == 4)
    }

    /// A later `---` in the body is body text (a thematic break), not a fence.
    @Test func onlyTheFirstClosingFenceCounts() throws {
        let split = try FrontMatter.split("---\na: 1\n---\nText\n---\nMore\n", path: "d/index.md")
        #expect(split.body == "Text\n---\nMore\n")
    }

    /// A lone CR (old Mac line ending) also ends a line, for libyaml and for cmark alike.
    @Test func loneCarriageReturnsAreLineEnds() throws {
        let split = try FrontMatter.split("---\ra: 1\rb: 2\r---\rBody\r", path: "d/index.md")
        #expect(split.yaml?["b"]?.line == 3)
        #expect(split.body == "Body\n")
        #expect(split.bodyFirstLine == 5)
    }

    /// `----` is not a fence: column 4 is the fourth dash, the first character after `---`.
    @Test func fourDashesIsAMalformedFence() {
        let error = splitError("----\ntitle: x\n----\n")
        #expect(error?.location.line == 1)
        #expect(error?.location.column == 4)
        #expect(error?.message.contains("malformed front matter fence") == true)
    }

    /// `--- title: x`: the first non-blank after `---` is `t`, column 5.
    @Test func contentOnTheFenceLineIsAMalformedFence() {
        let error = splitError("--- title: x\n---\nBody\n")
        #expect(error?.location.line == 1)
        #expect(error?.location.column == 5)
        #expect(error?.message.contains("malformed front matter fence") == true)
    }

    @Test func frontMatterMustBeAMapping() {
        let error = splitError("---\n- a\n- b\n---\n")
        #expect(error?.location.line == 2)
        #expect(error?.location.column == 1)
        #expect(error?.message.contains("mapping") == true)
    }

    /// A YAML error inside CRLF front matter after a BOM is still at its file line: the bad
    /// `title: a: b` is file line 3, its libyaml mark column 8 (0-based; PyYAML agrees) → 9.
    @Test func yamlErrorsAreAtFileLines() {
        let error = splitError("\u{FEFF}---\r\nx: 1\r\ntitle: a: b\r\n---\r\n")
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 9)
        #expect(error?.message.contains("mapping values are not allowed") == true)
    }
}
