import Foundation
import RoadTripKit

/// The lines of an input as a diagnostic may point into them. Readers differ in what ends a line
/// (LF only, or LF, CR and CRLF), so the bounds are the loosest of both: a diagnostic's 1-based line
/// is at most `lineCount` (CR, LF and CRLF each ending a line) and its 1-based column at most one
/// past `longestLine` (only LF ending a line; columns count bytes or characters, never more than
/// the bytes).
struct InputLines {
    /// The number of lines when LF, CR and CRLF each end one (a final break starts an empty line).
    let lineCount: Int
    /// The length in bytes of the longest line when only LF ends one, without the LF.
    let longestLine: Int

    init(_ data: Data) {
        var lines = 1
        var longest = 0
        var current = 0
        var previous: UInt8 = 0
        for byte in data {
            // CRLF is one break; CR and LF alone are one each.
            if byte == 0x0D || (byte == 0x0A && previous != 0x0D) { lines += 1 }
            if byte == 0x0A {
                longest = max(longest, current)
                current = 0
            } else {
                current += 1
            }
            previous = byte
        }
        lineCount = lines
        longestLine = max(longest, current)
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
