import Foundation
import RoadTripCore

/// A trip log that stops before its format says it is complete: the phone died, the battery ran
/// out, a copy was cut short. What was read before the cut is a usable log, so the readers of
/// nested formats (GPX, KML, TCX) keep it and give one warning at the place where the file ends
/// early (DESIGN §7: a file that can still be used is not an error).
///
/// A parser's error is taken for the end of a cut-short file when nothing but white space
/// follows the place where the parser stopped — libxml2 reports a truncated document as
/// "Extra content at the end of the document", "Premature end of data", "Couldn't find end of
/// Start Tag" and the like, always at the end of the bytes; an error with more of the file after
/// it (a mismatched tag in the middle) stays an error.
enum TruncatedFile {
    /// The 1-based line and column just after the last character of `data` that is not white
    /// space (space, tab, CR, LF): where a cut-short file ends. Lines end at LF, CR LF or CR;
    /// columns count Unicode scalars of UTF-8 (a tab counts as one). `(1, 1)` for a blank file.
    static func end(of data: Data) -> (line: Int, column: Int) {
        data.withUnsafeBytes { end(of: $0.bindMemory(to: UInt8.self)) }
    }

    private static func end(of bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var last = bytes.count
        while last > 0, isSpace(bytes[last - 1]) { last -= 1 }
        var line = 1
        var column = 1
        var index = 0
        while index < last {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                line += 1
                column = 1
                if byte == 0x0D, index + 1 < last, bytes[index + 1] == 0x0A { index += 1 }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// Whether a parser that stopped at `line` and `column` (1-based; the column in characters or
    /// in bytes, which is never less) stopped at the end of `data`: nothing but white space after
    /// it, or, for XML (`isXML`), no complete tag (no `>`) after it — libxml2 reports a file cut
    /// right after a `<`, or inside a value (`<time>2`), a few characters before the end, and a file
    /// cut there is as truncated as one cut between two points. Without a column, being on the last
    /// line that has text (or beyond it) is enough.
    static func isAtEnd(line: Int, column: Int?, of data: Data, isXML: Bool = false) -> Bool {
        let end = end(of: data)
        if line > end.line { return true }
        if line == end.line, column.map({ $0 >= end.column }) ?? true { return true }
        guard isXML else { return false }
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let offset = offset(ofLine: line, column: column ?? 1, in: bytes) else { return false }
            return !bytes[offset...].contains(0x3E)  // '>'
        }
    }

    /// The byte offset of `line`, `column` (1-based; the column counted in characters) in `bytes`,
    /// or `nil` beyond the end.
    private static func offset(ofLine line: Int, column: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var currentLine = 1
        while currentLine < line {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            if byte == 0x0A { currentLine += 1 }
            else if byte == 0x0D {
                currentLine += 1
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
            }
        }
        var characters = 1
        while characters < column, index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            characters += 1
        }
        return index <= bytes.count ? index : nil
    }

    /// The one warning for a cut-short file at `url`: at the line and column where it ends,
    /// naming how many points were read before it (they are kept).
    static func warning(url: URL, displayPath: String, pointsRead: Int) -> Diagnostic {
        let end = end(of: (try? Data(contentsOf: url, options: .alwaysMapped)) ?? Data())
        return .warning(
            SourceLocation(path: displayPath, line: end.line, column: end.column),
            message(pointsRead: pointsRead))
    }

    /// "the file ends early (a recording cut short?); the 12 points read before it are kept".
    static func message(pointsRead: Int) -> String {
        "the file ends early (a recording cut short?); "
            + (pointsRead == 1 ? "the 1 point" : "the \(CountText.counted(pointsRead, "point"))")
            + " read before it " + (pointsRead == 1 ? "is" : "are") + " kept"
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
