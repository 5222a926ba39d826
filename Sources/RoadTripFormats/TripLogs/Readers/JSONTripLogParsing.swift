import Foundation
import RoadTripCore

/// Parses a JSON trip log (roadtrip's own, GeoJSON) with `JSONDocument`, reporting why it is not
/// JSON. A file cut short (the parser stops where only white space follows, `TruncatedFile`) gets
/// its own error at the line and column where it ends: unlike XML, where every point before the
/// cut is whole, a JSON document read in part is not known to be what was written, so it is not
/// read.
enum JSONTripLogParsing {
    /// The parsed document, or `nil` after an error in `log` at the line and column where the text
    /// stops being JSON.
    static func parse(_ data: Data, displayPath: String, log: DiagnosticLog) -> ParsedDocument? {
        do throws(ParsedDocument.SyntaxError) {
            return try JSONDocument.parse(data)
        } catch {
            if let line = error.line, TruncatedFile.isAtEnd(line: line, column: error.column, of: data) {
                let end = TruncatedFile.end(of: data)
                log.error(
                    SourceLocation(path: displayPath, line: end.line, column: end.column),
                    "the file ends early (a recording cut short?): its JSON stops before it is complete (\(error.message)), "
                        + "and a JSON trip log is not read in part")
            } else {
                log.error(error.location(in: displayPath), "JSON syntax error: \(error.message)")
            }
            return nil
        }
    }
}
