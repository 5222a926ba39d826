import Foundation
import RoadTripCore

/// A strict JSON reader (RFC 8259) that keeps where every value starts, for data files such as
/// `pois.json`.
///
/// Foundation's `JSONSerialization` on Linux accepts a trailing comma (`[1,]`) and reports no line
/// or column, so roadtrip parses JSON itself: errors carry the 1-based line and column (Unicode
/// scalars, a tab counting as one) where parsing stopped. Numbers without fraction or exponent that
/// fit in `Int` become `.integer`, every other number `.double` — a number beyond the `Double`
/// range (`1e400`, valid JSON) becomes ±infinity, for the reader of that value to reject where it
/// stands (RFC 8259 §6 leaves the range to implementations); a leading UTF-8 byte order mark
/// is skipped (RFC 8259 §8.1 allows ignoring it). Nesting deeper than `maximumDepth` is an error,
/// and so is a key given twice in one object (RFC 8259 §4: names SHOULD be unique, and readers
/// differ on which value counts; roadtrip's YAML reader refuses them too), at the second one,
/// naming where the first is.
package enum JSONDocument {
    /// Deepest nesting of arrays and objects accepted (protects the recursive parser's stack).
    package static let maximumDepth = 512

    /// Parses `data` as one JSON text. Throws `ParsedDocument.SyntaxError` with the line and column
    /// where the text stops being JSON (e.g. `expected a value but found ']'` for a trailing comma).
    package static func parse(_ data: Data) throws(ParsedDocument.SyntaxError) -> ParsedDocument {
        var parser = Parser(bytes: Array(data))
        parser.skipByteOrderMark()
        parser.skipWhitespace()
        let (value, position) = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if !parser.isAtEnd {
            throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return ParsedDocument(value: value, positions: position)
    }

    /// The recursive-descent parser over UTF-8 bytes.
    private struct Parser {
        package let bytes: [UInt8]
        package var offset = 0
        /// 1-based line of `offset`.
        package var line = 1
        /// Byte offset where the current line starts.
        package var lineStart = 0

        package var isAtEnd: Bool { offset >= bytes.count }
        package var current: UInt8? { isAtEnd ? nil : bytes[offset] }

        package init(bytes: [UInt8]) { self.bytes = bytes }

        /// 1-based column of `offset`: Unicode scalars since the line start (UTF-8 continuation
        /// bytes `10xxxxxx` do not start a scalar).
        ///
        /// Counted on from the last column asked for on the same line, so a minified document on
        /// one line costs linear time, not quadratic.
        package var column: Int {
            mutating get {
                if columnCache.lineStart != lineStart || columnCache.offset > offset {
                    columnCache = (lineStart, lineStart, 1)
                }
                var count = columnCache.column
                var index = columnCache.offset
                while index < offset && index < bytes.count {
                    if bytes[index] & 0xC0 != 0x80 { count += 1 }
                    index += 1
                }
                columnCache = (lineStart, index, count)
                return count
            }
        }

        /// The last column computed: the line it was on, its byte offset, and its column.
        private var columnCache = (lineStart: 0, offset: 0, column: 1)

        package var position: ParsedDocument.Position {
            mutating get { ParsedDocument.Position(line: line, column: column) }
        }

        package mutating func error(_ message: String) -> ParsedDocument.SyntaxError {
            ParsedDocument.SyntaxError(message: message, line: line, column: column)
        }

        /// A readable name for the byte at `offset`, or "the end of the file".
        package func describeCurrent() -> String {
            guard let byte = current else { return "the end of the file" }
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return String(format: "byte 0x%02X", byte)
        }

        package mutating func skipByteOrderMark() {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                offset = 3
                lineStart = 3
            }
        }

        /// Skips RFC 8259 whitespace (space, tab, line feed, carriage return), counting lines.
        package mutating func skipWhitespace() {
            while let byte = current {
                switch byte {
                case 0x20, 0x09, 0x0D:
                    offset += 1
                case 0x0A:
                    offset += 1
                    line += 1
                    lineStart = offset
                default:
                    return
                }
            }
        }

        package mutating func parseValue(depth: Int) throws(ParsedDocument.SyntaxError)
            -> (MetadataValue, ParsedDocument.Position)
        {
            let start = position
            guard let byte = current else { throw error("expected a value but found the end of the file") }
            switch byte {
            case UInt8(ascii: "{"):
                return try parseObject(depth: depth + 1, start: start)
            case UInt8(ascii: "["):
                return try parseArray(depth: depth + 1, start: start)
            case UInt8(ascii: "\""):
                return (.string(try parseString()), start)
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                return (.bool(true), start)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                return (.bool(false), start)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                return (.null, start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return (try parseNumber(), start)
            default:
                throw error("expected a value but found \(describeCurrent())")
            }
        }

        package mutating func parseObject(depth: Int, start: ParsedDocument.Position)
            throws(ParsedDocument.SyntaxError) -> (MetadataValue, ParsedDocument.Position)
        {
            guard depth <= JSONDocument.maximumDepth else {
                throw error("nesting deeper than \(JSONDocument.maximumDepth) levels")
            }
            offset += 1  // {
            var entries: [MetadataEntry] = []
            var node = start
            var keyPositions: [String: ParsedDocument.Position] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                offset += 1
                return (.mapping(entries), node)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else {
                    throw error("expected a string key but found \(describeCurrent())")
                }
                let keyPosition = position
                let key = try parseString()
                if let first = keyPositions[key] {
                    throw ParsedDocument.SyntaxError(
                        message: "the key \(QuotedText.doubleQuoted(key)) is given twice in this object "
                            + "(first at line \(first.line), column \(first.column))",
                        line: keyPosition.line, column: keyPosition.column)
                }
                keyPositions[key] = keyPosition
                skipWhitespace()
                guard current == UInt8(ascii: ":") else {
                    throw error("expected ':' after the key \"\(key)\" but found \(describeCurrent())")
                }
                offset += 1
                skipWhitespace()
                let (value, position) = try parseValue(depth: depth)
                entries.append(MetadataEntry(key: key, value: value))
                node.keys.append(key)
                node.children.append(position)
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","):
                    offset += 1
                case UInt8(ascii: "}"):
                    offset += 1
                    return (.mapping(entries), node)
                default:
                    throw error("expected ',' or '}' but found \(describeCurrent())")
                }
            }
        }

        package mutating func parseArray(depth: Int, start: ParsedDocument.Position)
            throws(ParsedDocument.SyntaxError) -> (MetadataValue, ParsedDocument.Position)
        {
            guard depth <= JSONDocument.maximumDepth else {
                throw error("nesting deeper than \(JSONDocument.maximumDepth) levels")
            }
            offset += 1  // [
            var elements: [MetadataValue] = []
            var node = start
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                offset += 1
                return (.list(elements), node)
            }
            while true {
                skipWhitespace()
                if current == UInt8(ascii: "]") {
                    throw error("expected a value but found ']' (JSON allows no trailing comma)")
                }
                let (value, position) = try parseValue(depth: depth)
                elements.append(value)
                node.children.append(position)
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","):
                    offset += 1
                case UInt8(ascii: "]"):
                    offset += 1
                    return (.list(elements), node)
                default:
                    throw error("expected ',' or ']' but found \(describeCurrent())")
                }
            }
        }

        package mutating func expectLiteral(_ literal: String) throws(ParsedDocument.SyntaxError) {
            for expected in literal.utf8 {
                guard current == expected else {
                    throw error("expected '\(literal)' but found \(describeCurrent())")
                }
                offset += 1
            }
        }

        /// RFC 8259 §6 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        package mutating func parseNumber() throws(ParsedDocument.SyntaxError) -> MetadataValue {
            let start = offset
            var isInteger = true
            if current == UInt8(ascii: "-") { offset += 1 }
            if current == UInt8(ascii: "0") {
                offset += 1
            } else {
                guard skipDigits() > 0 else { throw error("expected a digit but found \(describeCurrent())") }
            }
            if current == UInt8(ascii: ".") {
                isInteger = false
                offset += 1
                guard skipDigits() > 0 else {
                    throw error("expected a digit after '.' but found \(describeCurrent())")
                }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                isInteger = false
                offset += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
                guard skipDigits() > 0 else {
                    throw error("expected a digit in the exponent but found \(describeCurrent())")
                }
            }
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            if isInteger, let integer = Int(text) { return .integer(integer) }
            // Swift's parser rounds correctly and gives ±infinity beyond the range.
            return .double(Double(text) ?? .nan)
        }

        /// Skips ASCII digits and returns how many there were.
        package mutating func skipDigits() -> Int {
            var count = 0
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                offset += 1
                count += 1
            }
            return count
        }

        /// A string starting at `"`: escapes decoded (RFC 8259 §7, including surrogate pairs);
        /// raw control characters and invalid UTF-8 are errors.
        package mutating func parseString() throws(ParsedDocument.SyntaxError) -> String {
            offset += 1  // opening quote
            var utf8: [UInt8] = []
            while true {
                guard let byte = current else { throw error("unterminated string") }
                switch byte {
                case UInt8(ascii: "\""):
                    offset += 1
                    guard let text = String(validating: utf8, as: UTF8.self) else {
                        throw error("the string is not valid UTF-8")
                    }
                    return text
                case UInt8(ascii: "\\"):
                    offset += 1
                    try appendEscape(to: &utf8)
                case 0x00..<0x20:
                    throw error("control character 0x\(String(byte, radix: 16)) inside a string (escape it)")
                default:
                    utf8.append(byte)
                    offset += 1
                }
            }
        }

        package mutating func appendEscape(to utf8: inout [UInt8]) throws(ParsedDocument.SyntaxError) {
            guard let byte = current else { throw error("unterminated string") }
            offset += 1
            let simple: [UInt8: UInt8] = [
                UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
                UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
            ]
            if let replacement = simple[byte] {
                utf8.append(replacement)
                return
            }
            guard byte == UInt8(ascii: "u") else {
                offset -= 1
                throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))'")
            }
            var code = try parseHex4()
            if (0xD800...0xDBFF).contains(code) {
                guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count,
                    bytes[offset + 1] == UInt8(ascii: "u")
                else { throw error("a high surrogate \\u\(String(code, radix: 16)) must be followed by a low one") }
                offset += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("\\u\(String(low, radix: 16)) is not a low surrogate")
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else {
                throw error("\\u\(String(code, radix: 16)) is a lone surrogate")
            }
            utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
        }

        package mutating func parseHex4() throws(ParsedDocument.SyntaxError) -> UInt32 {
            var code: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = current, let digit = hexValue(byte) else {
                    throw error("expected 4 hex digits after \\u but found \(describeCurrent())")
                }
                code = code * 16 + digit
                offset += 1
            }
            return code
        }

        package func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
    }
}
