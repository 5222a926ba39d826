import Foundation
import RoadTripCore

/// One streaming pass over an XML trip log (KML, TCX): what their readers share. A reader's state
/// says what an element start and end mean; `readNodes` walks the document with
/// `XMLStreamReader`, collects the text of the field being read, and handles the end of the
/// document — well-formed, cut short (`TruncatedFile`: one warning, the points read kept), or
/// broken (an error at libxml2's line and column).
protocol XMLTrackStream {
    /// The reader of the document.
    var reader: XMLStreamReader { get }
    /// The file, read again for start tags' columns and for where a cut-short file ends.
    var url: URL { get }
    /// How diagnostics name the file.
    var displayPath: String { get }
    /// Receives the errors and warnings.
    var diagnostics: DiagnosticLog { get }
    /// Warnings held until the end of the read (`XMLElementWarnings`).
    var warnings: XMLElementWarnings { get set }
    /// Elements read so far: the current element's ordinal in document order (1 for the root).
    var elementCount: Int { get set }
    /// The text of the field being read, when `isCollectingText`.
    var text: [UInt8] { get set }
    /// Whether a field's text is being collected.
    var isCollectingText: Bool { get }
    /// Whether the root element has been read (a document cut short before it is no trip log).
    var hasRoot: Bool { get }
    /// Points kept so far, for the warning about a file that ends early.
    var pointsKept: Int { get }

    /// Handles an element start (the reader stands on it); `false` after reporting an error that
    /// ends the read.
    mutating func startElement() -> Bool
    /// Handles an element end (or the end of an empty element).
    mutating func endElement()
    /// Keeps what the elements open at the end of a document cut short hold (a KML `LineString`'s
    /// coordinates so far, a `gx:Track`'s whens and coords so far); before the held warnings are
    /// reported.
    mutating func keepOpenElementsAtCut()
}

extension XMLTrackStream {
    /// Nothing is held in open elements (GPX and TCX keep each point at its end).
    mutating func keepOpenElementsAtCut() {}
}

extension XMLTrackStream {
    /// Reads the document to its end; `false` after reporting an error (the held warnings first).
    /// At the end, well-formed or cut short, the held warnings are reported, then the warning
    /// about the cut, if any.
    mutating func readNodes() -> Bool {
        while true {
            do {
                guard try reader.read() else { break }
            } catch {
                let data = try? Data(contentsOf: url, options: .alwaysMapped)
                let isCutShort = hasRoot && data.map {
                    TruncatedFile.isAtEnd(line: error.line, column: error.column, of: $0, isXML: true)
                } ?? false
                if isCutShort { keepOpenElementsAtCut() }
                warnings.flush(url: url, displayPath: displayPath, to: diagnostics)
                guard isCutShort else {
                    // libxml2's column can run past the line's end in a document it converted from
                    // another encoding (`XMLStartTagLocator.clamped`).
                    var column = error.column
                    if let given = column, let data {
                        column = data.withUnsafeBytes { raw in
                            XMLStartTagLocator(bytes: raw.bindMemory(to: UInt8.self)).clamped(column: given, line: error.line)
                        }
                    }
                    diagnostics.error(
                        SourceLocation(path: displayPath, line: error.line, column: column),
                        (error.isLimit ? "cannot read this XML: " : "not well-formed XML: ") + error.message)
                    return false
                }
                diagnostics.report(TruncatedFile.warning(url: url, displayPath: displayPath, pointsRead: pointsKept))
                return true
            }
            switch reader.kind {
            case .element:
                elementCount += 1
                guard startElement() else {
                    warnings.flush(url: url, displayPath: displayPath, to: diagnostics)
                    return false
                }
                if reader.isEmptyElement { endElement() }
            case .endElement:
                endElement()
            case .text:
                if isCollectingText { reader.withValue { text.append(contentsOf: $0) } }
            case .whitespace, .entityReference, .other:
                break
            }
        }
        warnings.flush(url: url, displayPath: displayPath, to: diagnostics)
        return true
    }

    /// Whether the root element `name` is `expected`; when not, reports "not a <document> document
    /// (root element `name`)" at its line.
    func isRoot(_ name: String, _ expected: String, document: String) -> Bool {
        guard name != expected else { return true }
        diagnostics.error(
            SourceLocation(path: displayPath, line: reader.line), "not a \(document) document (root element `\(name)`)")
        return false
    }
}

/// Opening one of the XML trip-log formats (GPX, KML, TCX) for its `XMLTrackStream`.
enum XMLTrackFile {
    /// The longest text node of a trip log, in bytes: 512 MiB, a KML `LineString` of about 15
    /// million points in one `coordinates` (Google Earth and GPSBabel write a whole track there),
    /// where libxml2's default of 10 MB would stop at about 300,000.
    static let maximumTextLength = 512 << 20

    /// libxml2's streaming reader over the file at `url`, or `nil` after an error in `log`: the file
    /// cannot be opened ("cannot open the KML file: permission denied: the file is not readable"), or it is empty or blank ("the file is empty:
    /// a KML document has a <kml> root element"). `format` names the format, `rootElement` its root.
    static func openReader(
        _ url: URL, displayPath: String, format: String, rootElement: String, log: DiagnosticLog
    ) -> XMLStreamReader? {
        guard let reader = XMLStreamReader(contentsOf: url, dropsBlankText: true, maximumTextLength: maximumTextLength) else {
            // Why, in the words every reader uses ("permission denied: the file is not readable").
            log.error(SourceLocation(path: displayPath), "cannot open the \(format) file: " + FileBytes.reason(for: url, error: nil))
            return nil
        }
        if FileBytes.isBlankFile(url) {
            log.error(
                SourceLocation(path: displayPath),
                FileBytes.emptyFileMessage("a \(format) document has a <\(rootElement)> root element"))
            return nil
        }
        return reader
    }
}
