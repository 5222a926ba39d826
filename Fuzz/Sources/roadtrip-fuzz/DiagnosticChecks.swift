import Foundation
import RoadTripKit

/// The lines of an input as a diagnostic may point into them. Readers differ in what ends a line
/// (LF only, or LF, CR and CRLF), so the bounds are the loosest of both: a diagnostic's 1-based line
/// is at most `lineCount` (CR, LF and CRLF each ending a line) and its 1-based column at most one
/// past `longestLine` (only LF ending a line; columns count bytes or characters, never more than
/// the bytes). An input that starts as libxml2 recognises UTF-16 (a byte order mark, or `<?` as
/// two UTF-16 code units, little- or big-endian: XML 1.0 Appendix F) is also measured in UTF-16
/// code units, where libxml2 counts lines and columns, and the looser bounds are kept.
struct InputLines {
    /// The number of lines when LF, CR and CRLF each end one (a final break starts an empty line).
    let lineCount: Int
    /// The length of the longest line when only LF ends one, without the LF.
    let longestLine: Int

    init(_ data: Data) {
        var bounds = Self.bounds(of: Array(data))
        if let units = Self.utf16CodeUnits(data) {
            let decoded = Self.bounds(of: units)
            bounds = (max(bounds.lines, decoded.lines), max(bounds.longest, decoded.longest))
        }
        lineCount = bounds.lines
        longestLine = bounds.longest
    }

    /// Lines and the longest line of `units` (bytes, or UTF-16 code units), as the type describes.
    private static func bounds<Unit: FixedWidthInteger>(of units: [Unit]) -> (lines: Int, longest: Int) {
        var lines = 1
        var longest = 0
        var current = 0
        var previous: Unit = 0
        for unit in units {
            // CRLF is one break; CR and LF alone are one each.
            if unit == 0x0D || (unit == 0x0A && previous != 0x0D) { lines += 1 }
            if unit == 0x0A {
                longest = max(longest, current)
                current = 0
            } else {
                current += 1
            }
            previous = unit
        }
        return (lines, max(longest, current))
    }

    /// `data` as UTF-16 code units when it starts as libxml2 detects UTF-16, else `nil`.
    private static func utf16CodeUnits(_ data: Data) -> [UInt16]? {
        let bytes = Array(data.prefix(4))
        let littleEndian: Bool
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            littleEndian = true
        } else if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            littleEndian = false
        } else {
            return nil
        }
        let all = Array(data)
        return stride(from: 0, to: all.count - 1, by: 2).map { index in
            littleEndian ? UInt16(all[index]) | UInt16(all[index + 1]) << 8 : UInt16(all[index]) << 8 | UInt16(all[index + 1])
        }
    }
}

/// What every reader promises about its diagnostics (DESIGN §7): each names the file it was given,
/// points inside it (line and column 1-based, within the input), and says what is wrong in one line
/// of text, so that `<path>:<line>:<column>: error|warning: <message>` is one line of standard error.
enum DiagnosticChecks {
    /// Checks `diagnostics`: those naming one of `inputs`' paths point inside that input; every
    /// path is one of `inputs`' or of `otherPaths` (files and folders the reader may name without
    /// a position).
    static func check(_ diagnostics: [Diagnostic], inputs: [String: Data], otherPaths: Set<String> = []) {
        for diagnostic in diagnostics {
            let location = diagnostic.location
            require(!diagnostic.message.isEmpty, "a diagnostic without a message: \(diagnostic)")
            require(
                !diagnostic.message.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }),
                "a diagnostic's message is more than one line: \(String(reflecting: diagnostic.message))")
            guard let input = inputs[location.path] else {
                require(otherPaths.contains(location.path), "a diagnostic names an unexpected path: \(diagnostic)")
                continue
            }
            let lines = InputLines(input)
            if let line = location.line {
                require(line >= 1 && line <= lines.lineCount, "line \(line) of \(lines.lineCount): \(diagnostic)")
            }
            if let column = location.column {
                require(location.line != nil, "a column without a line: \(diagnostic)")
                require(
                    column >= 1 && column <= lines.longestLine + 1,
                    "column \(column), longest line \(lines.longestLine): \(diagnostic)")
            }
        }
    }

    /// `check(_:inputs:otherPaths:)` for a reader of one file, `path`, holding `input`.
    static func check(_ log: DiagnosticLog, path: String, input: Data) {
        check(log.diagnostics, inputs: [path: input])
    }

    /// A reader that returns nothing (`nil`) must have said why: at least one error.
    static func checkFailureExplained(_ log: DiagnosticLog, returnedNothing: Bool) {
        if returnedNothing {
            require(log.errorCount > 0, "returned nothing without an error: \(log.diagnostics)")
        }
    }
}
