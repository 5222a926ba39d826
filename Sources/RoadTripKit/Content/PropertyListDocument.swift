import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a property list (XML, binary or OpenStep text, via Foundation's
/// `PropertyListSerialization`) into a `MetadataValue`, and for XML property lists also finds where
/// each value's element starts, so diagnostics can name a line.
///
/// Type mapping: `<string>` → `.string`, `<integer>` → `.integer`, `<real>` → `.double`,
/// `<true/>`/`<false/>` → `.bool`, `<array>` → `.list`, `<dict>` → `.mapping` (keys sorted, as a
/// property list dictionary has no order), `<date>` → `.string` in ISO 8601, `<data>` → `.null`
/// (nothing roadtrip reads is binary data).
enum PropertyListDocument {
    /// Parses `data`. Throws `ParsedDocument.SyntaxError` when Foundation cannot read it; for an
    /// XML property list the error carries the line and column where libxml2 (through
    /// `XMLParser`) found the XML broken, when it is broken XML. A binary property list (starting
    /// `bplist`) whose trailer is missing or inconsistent is a "truncated binary property list"
    /// (`binaryTrailerProblem`), checked before Foundation, which would otherwise read the bytes
    /// as an OpenStep text plist ("bplist00" alone is the string `bplist00`).
    static func parse(_ data: Data) throws(ParsedDocument.SyntaxError) -> ParsedDocument {
        let isBinary = data.starts(with: Array("bplist".utf8))
        if !isBinary, let tooDeep = deepestNestingError(data) { throw tooDeep }
        if isBinary, let problem = binaryTrailerProblem([UInt8](data)) {
            throw ParsedDocument.SyntaxError(
                message: "truncated binary property list: \(problem) (was the file cut short by an interrupted copy "
                    + "or download? Export it again)")
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch where isBinary {
            throw ParsedDocument.SyntaxError(message: "damaged binary property list: its objects cannot be read")
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            var syntaxError = ParsedDocument.SyntaxError(
                message: "not a valid property list" + (reason.map { " (\($0))" } ?? ""))
            // Foundation's XML reader names the line in its message ("… on line 4").
            if let reason, let match = reason.firstMatch(of: #/line (\d+)/#), let line = Int(match.1) {
                syntaxError.line = line
            }
            if !isBinary, let xmlError = XMLPositionScanner.scan(data).error {
                syntaxError = xmlError
            }
            throw syntaxError
        }
        let positions = isBinary ? nil : XMLPositionScanner.scan(data).root
        return ParsedDocument(value: metadataValue(object), positions: positions)
    }

    /// Why `bytes` (starting `bplist`) cannot be a whole binary property list, or `nil`. The format
    /// (Apple's CFBinaryPList.c, "bplist00"): an 8-byte header, the objects, an offset table of
    /// `objectCount` big-endian integers of `offsetSize` bytes starting at `offsetTableOffset`,
    /// and a 32-byte trailer: 6 unused bytes, `offsetSize` (1…8), `objectReferenceSize` (1…8),
    /// then `objectCount`, `topObject` and `offsetTableOffset` as 8-byte big-endian integers.
    /// A file cut short loses its trailer, so the last 32 bytes no longer say where a table lies
    /// inside the file.
    static func binaryTrailerProblem(_ bytes: [UInt8]) -> String? {
        let headerSize = 8, trailerSize = 32
        guard bytes.count >= headerSize + 1 + trailerSize else {
            return CountText.counted(bytes.count, "byte") + ", fewer than a header, one object and the 32-byte trailer"
        }
        let trailer = bytes.count - trailerSize
        func integer(_ start: Int, _ width: Int) -> Int {
            bytes[start..<(start + width)].reduce(0) { ($0 << 8) | Int($1) }
        }
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        let objectCount = integer(trailer + 8, 8), topObject = integer(trailer + 16, 8)
        let tableOffset = integer(trailer + 24, 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), objectCount >= 1,
            objectCount <= bytes.count, topObject >= 0, topObject < objectCount,
            tableOffset >= headerSize + 1, tableOffset <= trailer,
            objectCount <= (trailer - tableOffset) / offsetSize
        else {
            return CountText.counted(bytes.count, "byte") + ", and the last 32 are not a trailer that fits them"
        }
        for index in 0..<objectCount {
            let offset = integer(tableOffset + index * offsetSize, offsetSize)
            guard offset >= headerSize, offset < tableOffset else {
                return "object \(index + 1) of \(objectCount) lies outside the file's " + CountText.counted(bytes.count, "byte")
            }
        }
        return nil
    }

    /// The deepest nesting of `<array>`/`<dict>` an XML property list may have (the same limit as
    /// JSON and YAML): Foundation's reader recurses and would overflow the stack on deeper input.
    static let maxNestingDepth = 512

    /// An error at the line where an XML property list nests deeper than `maxNestingDepth`, found by
    /// counting `<array>`/`<dict>` start and end tags (self-closing ones do not nest).
    static func deepestNestingError(_ data: Data) -> ParsedDocument.SyntaxError? {
        var depth = 0
        var line = 1
        let bytes = [UInt8](data)
        var index = 0
        let opening = [Array("<array>".utf8), Array("<dict>".utf8)]
        let closing = [Array("</array>".utf8), Array("</dict>".utf8)]
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
            } else if byte == UInt8(ascii: "<") {
                let rest = bytes[index...]
                if opening.contains(where: { rest.starts(with: $0) }) {
                    depth += 1
                    if depth > maxNestingDepth {
                        return ParsedDocument.SyntaxError(
                            message: "arrays and dictionaries nest deeper than \(maxNestingDepth) levels", line: line)
                    }
                } else if closing.contains(where: { rest.starts(with: $0) }) {
                    depth -= 1
                }
            }
            index += 1
        }
        return nil
    }

    /// Converts one object returned by `PropertyListSerialization` (see the type's mapping).
    static func metadataValue(_ object: Any) -> MetadataValue {
        switch object {
        case let boolean as Bool where type(of: object) == Bool.self:
            return .bool(boolean)
        case let number as NSNumber:
            // objCType "c" is a boolean on Darwin; "d"/"f" a <real>; anything else an <integer>.
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default: return .integer(number.intValue)
            }
        case let string as String:
            return .string(string)
        case let array as [Any]:
            return .list(array.map(metadataValue))
        case let dictionary as [String: Any]:
            return .mapping(
                dictionary.keys.sorted().map { MetadataEntry(key: $0, value: metadataValue(dictionary[$0]!)) })
        case let date as Date:
            return .string(date.formatted(.iso8601))
        default:
            return .null
        }
    }
}

/// Walks an XML property list with `XMLParser` and records where each value element starts,
/// mirroring the property list's structure (`plist` → value; `dict` → `key`/value pairs;
/// `array` → values). Also reports the position of the first XML syntax error.
private final class XMLPositionScanner: NSObject, XMLParserDelegate {
    /// Open containers: the node being built and, for a `dict`, the key waiting for its value.
    private var stack: [(node: ParsedDocument.Position, pendingKey: String?)] = []
    private var root: ParsedDocument.Position?
    private var error: ParsedDocument.SyntaxError?
    private var keyText: String?
    /// The file's lines as Unicode scalars, to find where a tag starts on its line.
    private let lines: [[Unicode.Scalar]]

    private static let valueElements: Set<String> = [
        "dict", "array", "string", "integer", "real", "true", "false", "date", "data",
    ]

    private init(lines: [[Unicode.Scalar]]) { self.lines = lines }

    /// The root value's position tree, and the first syntax error (if any).
    static func scan(_ data: Data) -> (root: ParsedDocument.Position?, error: ParsedDocument.SyntaxError?) {
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            Array($0.unicodeScalars)
        }
        let scanner = XMLPositionScanner(lines: lines)
        let parser = XMLParser(data: data)
        parser.delegate = scanner
        parser.shouldResolveExternalEntities = false
        let succeeded = parser.parse()
        if !succeeded && scanner.error == nil {
            scanner.error = ParsedDocument.SyntaxError(
                message: "not a valid property list: " + describe(parser.parserError),
                line: parser.lineNumber, column: parser.columnNumber)
        }
        return (succeeded ? scanner.root : nil, scanner.error)
    }

    /// A short reason for an `XMLParser` error (its codes are libxml2's `xmlParserErrors`).
    private static func describe(_ error: Error?) -> String {
        guard let error else { return "the XML is malformed" }
        switch (error as NSError).code {
        case 4: return "the document is empty"
        case 5: return "the XML ends before every element is closed"
        case 76: return "an end tag does not match its start tag"
        default: return "the XML is malformed (libxml2 error \((error as NSError).code))"
        }
    }

    /// The 1-based column of the `<` that starts the tag `XMLParser` is reporting. libxml2 reports
    /// the column of the tag's closing `>` (or of `/` in `/>`), so search back for `<` on that line.
    private func tagStart(line: Int, reportedColumn: Int) -> Int {
        guard lines.indices.contains(line - 1) else { return reportedColumn }
        let scalars = lines[line - 1]
        var index = min(reportedColumn, scalars.count) - 1
        while index >= 0 {
            if scalars[index] == "<" { return index + 1 }
            index -= 1
        }
        return reportedColumn
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if elementName == "key" {
            keyText = ""
            return
        }
        guard Self.valueElements.contains(elementName) else { return }
        let line = parser.lineNumber
        let node = ParsedDocument.Position(
            line: line, column: tagStart(line: line, reportedColumn: parser.columnNumber))
        stack.append((node, nil))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if keyText != nil { keyText? += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        if elementName == "key" {
            if !stack.isEmpty { stack[stack.count - 1].pendingKey = keyText ?? "" }
            keyText = nil
            return
        }
        guard Self.valueElements.contains(elementName), let finished = stack.popLast() else { return }
        guard !stack.isEmpty else {
            root = finished.node
            return
        }
        var parent = stack[stack.count - 1]
        if let key = parent.pendingKey {
            parent.node.keys.append(key)
            parent.pendingKey = nil
        }
        parent.node.children.append(finished.node)
        stack[stack.count - 1] = parent
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard error == nil else { return }
        error = ParsedDocument.SyntaxError(
            message: "not a valid property list: " + Self.describe(parseError),
            line: parser.lineNumber, column: parser.columnNumber)
    }
}
