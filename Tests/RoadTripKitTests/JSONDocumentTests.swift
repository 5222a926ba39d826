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

@Suite struct JSONDocumentTests {
    private func parse(_ text: String) throws(ParsedDocument.SyntaxError) -> ParsedDocument {
        try JSONDocument.parse(Data(text.utf8))
    }

    /// Expected value from Python: json.loads('["a\\u00e9\\ud83d\\ude97", 1, -2.5e1, true, null]')
    /// == ['aé🚗', 1, -25.0, True, None] (the surrogate pair D83D DE97 is U+1F697 🚗).
    @Test func decodesEscapesNumbersAndLiterals() throws {
        let document = try parse(#"["a\u00e9\ud83d\ude97", 1, -2.5e1, true, null]"#)
        #expect(document.value == .list([.string("aé🚗"), .integer(1), .double(-25), .bool(true), .null]))
    }

    /// Error positions agree with Python's json module (which counts characters, as we count
    /// Unicode scalars): '["é", x]' → line 1 column 7; '[01]' → line 1 column 3;
    /// '{"a": 1' → line 1 column 8.
    @Test(arguments: [(#"["é", x]"#, 1, 7), ("[01]", 1, 3), (#"{"a": 1"#, 1, 8)])
    func reportsWhereParsingStopped(text: String, line: Int, column: Int) {
        #expect(throws: ParsedDocument.SyntaxError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
        }
    }

    /// A key given twice in one object is an error at the second (line 2, column 3), naming the
    /// first (line 1, column 17: `[{"title": "A", ` is 16 characters); the same key in two objects,
    /// or a key equal to a value, is fine.
    @Test func aKeyGivenTwiceInOneObjectIsAnError() throws {
        do {
            _ = try parse("[{\"title\": \"A\", \"latitude\": 1, \"longitude\": 2,\n  \"latitude\": 3}]")
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.message == "the key \"latitude\" is given twice in this object (first at line 1, column 17)")
            #expect(error.line == 2 && error.column == 3)
        }
        let fine = try parse(#"[{"a": "a"}, {"a": {"a": 1}}]"#)
        #expect(fine.value == .list([.mapping([MetadataEntry(key: "a", value: .string("a"))]),
            .mapping([MetadataEntry(key: "a", value: .mapping([MetadataEntry(key: "a", value: .integer(1))]))])]))
    }

    /// A UTF-8 byte order mark is skipped (RFC 8259 §8.1 lets a parser ignore it); element
    /// positions count lines after it: the object on line 2 starts after two spaces, column 3.
    @Test func skipsByteOrderMarkAndRecordsElementPositions() throws {
        let document = try parse("\u{FEFF}[\n  {\"a\": 1}\n]")
        #expect(document.value == .list([.mapping([MetadataEntry(key: "a", value: .integer(1))])]))
        #expect(document.positions?.child(at: 0)?.line == 2)
        #expect(document.positions?.child(at: 0)?.column == 3)
        #expect(document.positions?.child(at: 0)?.child(forKey: "a")?.column == 9)
    }
}
