import Foundation
import RoadTripCore

/// A whole YAML file (`site.yaml`, `theme.yaml`): read as UTF-8 (a leading BOM dropped) and parsed,
/// with any problem logged at its position.
package enum YAMLFile {
    /// The parsed document, `.success(nil)` for an empty one, or `.failure` after logging why the
    /// file cannot be used. `path` is the file as diagnostics name it.
    package static func read(_ url: URL, path: String, log: DiagnosticLog) -> Result<YAMLNode?, Diagnostic> {
        let text: String
        do {
            text = try TextFile.read(url)
        } catch {
            let diagnostic = Diagnostic.error(error.location(in: path), error.message)
            log.report(diagnostic)
            return .failure(diagnostic)
        }
        return parse(text, path: path, log: log)
    }

    /// The parsed document of `text` (a whole file's contents, a leading BOM dropped),
    /// `.success(nil)` for an empty one, or `.failure` after logging why it cannot be used.
    /// `path` is the file as diagnostics name it.
    package static func parse(_ text: String, path: String, log: DiagnosticLog) -> Result<YAMLNode?, Diagnostic> {
        do {
            let withoutBOM = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
            return .success(try YAMLParser.parse(withoutBOM, path: path))
        } catch {
            log.report(error)
            return .failure(error)
        }
    }
}
