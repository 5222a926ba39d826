import Foundation
import Testing
@testable import RoadTripFormats

/// `JSONByteScanner` with an 8-byte buffer, so every string, number and skipped value crosses a
/// refill somewhere; decoded values are checked against the escapes' definitions (RFC 8259 §7).
@Suite struct JSONByteScannerTests {
    func scanner(_ text: String) throws -> JSONByteScanner {
        try JSONByteScanner(url: TripLogTestFiles.file("s.json", text), displayPath: "s.json", bufferSize: 8)
    }

    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func stringsNumbersAndSkippedValuesAcrossRefills() throws {
        // \u00b0 is U+00B0 DEGREE SIGN; \ud83d\ude00 the surrogate pair of U+1F600.
        let text = #"{"a\u00b0b": "x\"y\\z\/\n", "skip": {"k": ["\"]}", 1e5, true, null]}, "n": -12.5e-1, "s": "\ud83d\ude00", "long": "0123456789abcdef"}"#
        let scanner = try scanner(text)
        try scanner.expect(0x7B, "{")
        var first = true
        var seen: [String: String] = [:]
        while let key = try scanner.nextKey(first: &first) {
            let name = string(key)
            switch name {
            case "skip": try scanner.skipValue()
            case "n": seen[name] = string(try scanner.readNumber())
            default: seen[name] = string(try scanner.readString())
            }
        }
        try scanner.expectEnd()
        #expect(seen == ["a°b": "x\"y\\z/\n", "n": "-12.5e-1", "s": "😀", "long": "0123456789abcdef"])
    }

    /// Lines count LF; columns count characters: line 2 is `  "é": [1, 2 x`, and `x` is its 14th.
    @Test func errorsNameLineAndColumn() throws {
        // The skipper matches brackets and strings only: it runs past the `x` to the end of the file.
        let skipping = try scanner("[1, 2 x")
        do {
            try skipping.skipValue()
            Issue.record("no error")
        } catch {
            #expect(error.message == "the file ends inside an unclosed array")
        }
        let strict = try self.scanner("{\n  \"é\": [1, 2 x]}")
        try strict.expect(0x7B, "{")
        var again = true
        _ = try strict.nextKey(first: &again)
        try strict.expect(0x5B, "[")
        var firstElement = true
        _ = try strict.nextElement(first: &firstElement)
        _ = try strict.readNumber()
        _ = try strict.nextElement(first: &firstElement)
        _ = try strict.readNumber()
        do {
            _ = try strict.nextElement(first: &firstElement)
            Issue.record("no error")
        } catch {
            #expect(error.line == 2 && error.column == 14)
            #expect(error.message == "expected ',' or ']', found 'x'")
        }
    }

    @Test(arguments: ["01", "1.", "-", "1e", ".5", "+1", "1.5e+"])
    func numbersOutsideTheGrammarAreErrors(text: String) throws {
        let scanner = try scanner(text)
        #expect(throws: JSONByteScanner.SyntaxError.self) { _ = try scanner.readNumber() }
    }

    @Test func badEscapeAndControlCharacterAreErrors() throws {
        #expect(throws: JSONByteScanner.SyntaxError.self) { _ = try scanner(#""a\qb""#).readString() }
        #expect(throws: JSONByteScanner.SyntaxError.self) { _ = try scanner("\"a\tb\"").readString() }
        #expect(throws: JSONByteScanner.SyntaxError.self) { _ = try scanner(#""abc"#).readString() }
    }

    /// A backslash before a line feed, read or skipped, is an error at the line feed's own place —
    /// line 1, column 6 of `["ab\` + LF — in one line of text (the skipper took any byte after a
    /// backslash, so the file "ended inside a string" past the end of its last line, and the reader's
    /// message held the line feed itself); a letter that is no escape is named.
    @Test func aBackslashBeforeALineFeedIsOneLineError() throws {
        for skips in [true, false] {
            let scanner = try scanner("[\"ab\\\n\"]")
            do {
                if skips {
                    try scanner.skipValue()
                } else {
                    try scanner.expect(0x5B, "[")
                    var first = true
                    _ = try scanner.nextElement(first: &first)
                    _ = try scanner.readString()
                }
                Issue.record("no error")
            } catch {
                #expect(error.message == "a control character inside a string; write it as an escape")
                #expect(error.line == 1 && error.column == 6)
            }
        }
        let letter = try scanner(#"["a\qb"]"#)
        do {
            try letter.skipValue()
            Issue.record("no error")
        } catch {
            #expect(error.message == "'\\q' is not a JSON escape")
        }
    }
}
