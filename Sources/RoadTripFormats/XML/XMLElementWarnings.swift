import Foundation
import RoadTripCore

/// Warnings about elements of one XML document read with `XMLStreamReader`, held until the read
/// ends and then reported at the line and column of each element's start tag.
///
/// libxml2's streaming reader gives an element only the line where its start tag ends (16 bits),
/// and no column; so a reader (GPX, KML, TCX) notes each warning with the element's ordinal in
/// document order (1 for the root), and `flush` looks the start tags up once, in the file read
/// again, with `XMLStartTagLocator` — and only when there are warnings. An element whose tag is not
/// found where expected (a UTF-16 file, which the locator cannot scan) keeps libxml2's line and
/// column 1.
struct XMLElementWarnings {
    /// A warning about one element.
    struct Pending {
        /// The element's ordinal among the document's elements, 1 for the root.
        var ordinal: Int
        /// The element's local name, to check that the start tag found is its own; "" accepts any.
        var localName: String
        /// libxml2's line for it (where its start tag ends), used when the tag is not found.
        var line: Int
        /// The diagnostic's message.
        var message: String
        /// Where in the element's text the warning points, when it is about a part of the text (a
        /// KML coordinate tuple): lines after the text's first, and characters after that line's
        /// start (after the start tag's `>` on the first line); `nil` points at the start tag.
        var textOffset: (lines: Int, characters: Int)?
    }

    /// The warnings held, in the order they were made.
    private(set) var pending: [Pending] = []

    /// Holds a warning about the element `ordinal` named `localName` ("" for any name), or about
    /// the part of its text at `textOffset` (see `Pending`).
    mutating func add(
        ordinal: Int, localName: String, line: Int, textOffset: (lines: Int, characters: Int)? = nil, _ message: String
    ) {
        pending.append(Pending(ordinal: ordinal, localName: localName, line: line, message: message, textOffset: textOffset))
    }

    /// Reports the held warnings to `log` in the order they were made, each at its element's start
    /// tag in the file at `url` (named `displayPath`), and forgets them.
    mutating func flush(url: URL, displayPath: String, to log: DiagnosticLog) {
        guard !pending.isEmpty else { return }
        var tags: [Int: XMLStartTag] = [:]
        let wanted = Set(pending.map(\.ordinal))
        if let data = try? Data(contentsOf: url, options: .alwaysMapped), let last = wanted.max() {
            data.withUnsafeBytes { raw in
                var locator = XMLStartTagLocator(bytes: raw.bindMemory(to: UInt8.self))
                for ordinal in 1...max(last, 1) {
                    guard let tag = locator.next() else { break }
                    if wanted.contains(ordinal) { tags[ordinal] = tag }
                }
            }
        }
        for warning in pending {
            var location = SourceLocation(path: displayPath, line: warning.line)
            if let tag = tags[warning.ordinal] {
                let localName = tag.name.split(separator: ":").last.map(String.init) ?? tag.name
                if warning.localName.isEmpty || localName == warning.localName {
                    location.line = tag.line
                    location.column = tag.column
                    if let offset = warning.textOffset {
                        location.line = tag.contentLine + offset.lines
                        location.column = offset.lines == 0 ? tag.contentColumn + offset.characters : offset.characters + 1
                    }
                }
            }
            log.warning(location, warning.message)
        }
        pending.removeAll()
    }
}
