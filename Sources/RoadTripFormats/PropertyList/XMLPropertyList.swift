import Foundation
import RoadTripCore

/// Reads an XML property list (Apple's `PropertyList-1.0.dtd`) into a `MetadataValue`, with the
/// line and column where each value's element starts, in one pass of `XMLStreamReader`
/// (libxml2) — the value and its position come from the same parse, and no byte of the file
/// reaches Foundation's own XML property list reader.
///
/// The document: a `<plist>` root holding exactly one value, or that value as the root itself.
/// Values (type mapping as on `PropertyListDocument`):
/// - `<string>` and `<key>`: their text, white space kept (CDATA sections included; comments and
///   processing instructions inside are left out). `<key>` belongs in a `<dict>`, before its value.
/// - `<integer>`: optional white space, an optional sign, then decimal digits or `0x` and
///   hexadecimal digits (as Apple's reader takes them), within −2⁶³…2⁶³−1.
/// - `<real>`: optional white space around a decimal number with optional exponent, finite
///   (`DecimalNumber`); `nan` and `inf` are refused (no coordinate or count is either).
/// - `<true/>`, `<false/>`: empty (white space and comments allowed).
/// - `<date>`: `YYYY-MM-DDThh:mm:ssZ` (UTC, Apple's form), a real calendar date and time.
/// - `<data>`: Base64 text; read as `.null`, as nothing roadtrip reads is binary.
/// - `<array>`, `<dict>`: values; a `<dict>` alternates `<key>` and value (a repeated key: the
///   last value wins, as in Apple's reader). Elements nest at most 256 levels below the root
///   (libxml2's limit, `XMLStreamReader.maximumDepth`: 256 levels of arrays and dictionaries
///   inside `<plist>`); a deeper one is an error at the end of the start tag too deep.
/// Attributes (`version="1.0"`), comments, processing instructions and the document type
/// declaration are ignored; the external DTD is never loaded.
///
/// Errors (`ParsedDocument.SyntaxError`, message starting "not a valid property list"): XML that
/// is not well-formed, at libxml2's line and column (`XMLStreamReader.SyntaxError`); an element
/// that is not one of the above, a value where none belongs, text outside a value, a reference to
/// an entity declared in the DTD (`&name;`: only `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and
/// character references are read), or a value that does not read as its element says, at the
/// line and column of the element's `<`.
enum XMLPropertyList {
    /// Parses `bytes`, a whole XML document (see the type for what is accepted).
    static func parse(_ bytes: [UInt8]) throws(ParsedDocument.SyntaxError) -> ParsedDocument {
        var reading = Reading(bytes: bytes, readerBytes: declarationFirst(bytes))
        return try reading.run()
    }

    /// `bytes` with white space before the XML declaration moved after it: XML forbids it there
    /// and Apple's reader allows it. The lines after the declaration keep their numbers.
    static func declarationFirst(_ bytes: [UInt8]) -> [UInt8] {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        let rest = bytes[index...]
        guard index > start, rest.starts(with: Array("<?xml".utf8)), let end = rest.firstRange(of: Array("?>".utf8))
        else { return bytes }
        return Array(bytes[..<start] + bytes[index..<end.upperBound] + bytes[start..<index] + bytes[end.upperBound...])
    }

    /// What a well-formed XML property list may hold, per `PropertyList-1.0.dtd`.
    fileprivate enum Element: String {
        case plist, dict, array, key, string, integer, real, date, data
        case `true`, `false`
    }
}

/// One pass over a document: the open containers and the element whose text is being collected.
private struct Reading {
    /// A container being filled: `<plist>`, `<array>` or `<dict>`.
    struct Container {
        let element: XMLPropertyList.Element
        var position: ParsedDocument.Position
        var values: [MetadataValue] = []
        /// For a `<dict>`: each value's key, in the order of `values`.
        var keys: [String] = []
        /// For a `<dict>`: the key read and waiting for its value, and where it starts.
        var pendingKey: (key: String, position: ParsedDocument.Position)?
    }

    /// A value element whose text is being collected (every element but the containers).
    struct Leaf {
        let element: XMLPropertyList.Element
        let position: ParsedDocument.Position
        var text: [UInt8] = []
    }

    let reader: XMLStreamReader
    var locator: XMLStartTagLocator<[UInt8]>
    /// Whether the locator's tags have matched the reader's elements so far. Once they do not (or
    /// from the start, for a UTF-16 document), errors name the reader's line only and the
    /// document has no positions.
    var locatorAgrees: Bool
    var containers: [Container] = []
    var leaf: Leaf?
    var root: (value: MetadataValue, position: ParsedDocument.Position)?

    /// - Parameters:
    ///   - bytes: the document, where the locator finds its positions;
    ///   - readerBytes: what libxml2 reads (`XMLPropertyList.declarationFirst(bytes)`).
    init(bytes: [UInt8], readerBytes: [UInt8]) {
        reader = XMLStreamReader(bytes: readerBytes)
        locator = XMLStartTagLocator(bytes: bytes)
        locatorAgrees = locator.isUsable
    }

    mutating func run() throws(ParsedDocument.SyntaxError) -> ParsedDocument {
        while try read() {
            switch reader.kind {
            case .element:
                let position = elementPosition()
                try startElement(at: position)
                if reader.isEmptyElement { try endElement() }
            case .endElement:
                try endElement()
            case .text, .whitespace:
                if leaf != nil {
                    reader.withValue { leaf?.text.append(contentsOf: $0) }
                } else if reader.kind == .text {
                    let text = reader.withValue { String(decoding: $0, as: UTF8.self) }
                        .trimmingWhitespacesAndNewlines
                    throw error("text \(Self.quoted(text)) outside a value", at: containers.last?.position)
                }
            case .entityReference:
                throw error(
                    "the entity reference &\(reader.localName); is not read (a property list uses only &amp; &lt; "
                        + "&gt; &quot; &apos; and character references)",
                    at: entityReferencePosition() ?? leaf?.position ?? containers.last?.position)
            case .other:
                break
            }
        }
        guard let root else { throw ParsedDocument.SyntaxError(message: "not a valid property list: it holds no value") }
        return ParsedDocument(value: root.value, positions: locatorAgrees ? root.position : nil)
    }

    /// The next node, with libxml2's well-formedness errors as property list errors.
    mutating func read() throws(ParsedDocument.SyntaxError) -> Bool {
        do {
            return try reader.read()
        } catch {
            throw ParsedDocument.SyntaxError(
                message: "not a valid property list: " + Self.describe(error, sawRoot: root != nil || !containers.isEmpty),
                line: error.line, column: error.column.map { locator.clamped(column: $0, line: error.line) })
        }
    }

    /// A short reason for a libxml2 well-formedness error (codes are libxml2's `xmlParserErrors`).
    static func describe(_ error: XMLStreamReader.SyntaxError, sawRoot: Bool) -> String {
        switch error.code {
        case 4: return "the document is empty"
        // libxml2's push parser (under the streaming reader) reports a document cut short as
        // "Extra content at the end of the document".
        case 5: return sawRoot ? "the XML ends before every element is closed" : "the document has no root element"
        case 76: return "an end tag does not match its start tag (\(error.message))"
        default: return error.isReworded ? error.message : "the XML is malformed (\(error.message))"
        }
    }

    /// Where the current element's `<` is: the locator's next start tag when it names the same
    /// element, else the reader's line.
    mutating func elementPosition() -> ParsedDocument.Position {
        if locatorAgrees, let tag = locator.next() {
            let localName = tag.name.split(separator: ":").last.map(String.init) ?? tag.name
            if localName == reader.localName { return ParsedDocument.Position(line: tag.line, column: tag.column) }
        }
        locatorAgrees = false
        return ParsedDocument.Position(line: reader.line, column: 1)
    }

    /// The position of the `&` of the entity reference the reader stands on, when the locator
    /// still agrees with the reader.
    func entityReferencePosition() -> ParsedDocument.Position? {
        guard locatorAgrees, let found = locator.entityReference(named: reader.localName) else { return nil }
        return ParsedDocument.Position(line: found.line, column: found.column)
    }

    mutating func startElement(at position: ParsedDocument.Position) throws(ParsedDocument.SyntaxError) {
        let name = reader.localName
        if let leaf {
            throw error("<\(leaf.element.rawValue)> holds the element <\(name)>, where only text belongs", at: position)
        }
        guard let element = XMLPropertyList.Element(rawValue: name) else {
            throw error("<\(name)> is not a property list element", at: position)
        }
        switch element {
        case .plist:
            guard containers.isEmpty, root == nil else {
                throw error("<plist> can only be the root element", at: position)
            }
            containers.append(Container(element: .plist, position: position))
        case .array, .dict:
            containers.append(Container(element: element, position: position))
        case .key:
            guard let container = containers.last, container.element == .dict else {
                throw error("<key> outside a <dict>", at: position)
            }
            if let pending = container.pendingKey {
                throw error("the key \(Self.quoted(pending.key)) has no value before the next <key>", at: pending.position)
            }
            leaf = Leaf(element: .key, position: position)
        default:
            leaf = Leaf(element: element, position: position)
        }
    }

    mutating func endElement() throws(ParsedDocument.SyntaxError) {
        if let finished = leaf {
            leaf = nil
            if finished.element == .key {
                containers[containers.count - 1].pendingKey = (String(decoding: finished.text, as: UTF8.self), finished.position)
                return
            }
            try add(value(of: finished), at: finished.position)
            return
        }
        guard let finished = containers.popLast() else { return }
        switch finished.element {
        case .plist:
            guard let value = finished.values.first, let position = finished.position.children.first else {
                throw error("the <plist> element holds no value", at: finished.position)
            }
            root = (value, position)
        case .dict:
            if let pending = finished.pendingKey {
                throw error("the key \(Self.quoted(pending.key)) has no value", at: pending.position)
            }
            try add(Self.mapping(finished), at: mappingPosition(finished))
        default:
            try add(.list(finished.values), at: finished.position)
        }
    }

    /// Puts a finished value into the open container (or makes it the root).
    mutating func add(_ value: MetadataValue, at position: ParsedDocument.Position) throws(ParsedDocument.SyntaxError) {
        guard var container = containers.popLast() else {
            root = (value, position)
            return
        }
        defer { containers.append(container) }
        switch container.element {
        case .plist:
            guard container.values.isEmpty else {
                throw error("a <plist> holds one value, and a second one starts here", at: position)
            }
        case .dict:
            guard let pending = container.pendingKey else {
                throw error("a value in a <dict> without a <key> before it", at: position)
            }
            container.keys.append(pending.key)
            container.pendingKey = nil
        default:
            break
        }
        container.values.append(value)
        container.position.children.append(position)
    }

    /// A `<dict>` as a mapping with its keys sorted (a property list dictionary has no order, and
    /// so the XML and binary forms of one file give the same mapping); a repeated key keeps its
    /// last value.
    static func mapping(_ dict: Container) -> MetadataValue {
        .mapping(lastEntries(dict).map { MetadataEntry(key: dict.keys[$0], value: dict.values[$0]) })
    }

    /// The position of a `<dict>`, its children in the order of `mapping`.
    func mappingPosition(_ dict: Container) -> ParsedDocument.Position {
        var position = dict.position
        let indices = Self.lastEntries(dict)
        position.keys = indices.map { dict.keys[$0] }
        position.children = indices.map { dict.position.children[$0] }
        return position
    }

    /// Indices of each key's last occurrence, in key order.
    static func lastEntries(_ dict: Container) -> [Int] {
        var last: [String: Int] = [:]
        for (index, key) in dict.keys.enumerated() { last[key] = index }
        return last.sorted { $0.key < $1.key }.map(\.value)
    }

    // MARK: Values

    /// The value of a finished leaf element (see `XMLPropertyList` for each element's rules).
    func value(of leaf: Leaf) throws(ParsedDocument.SyntaxError) -> MetadataValue {
        let name = "<\(leaf.element.rawValue)>"
        let trimmed = Self.trimmed(leaf.text)
        switch leaf.element {
        case .string:
            return .string(String(decoding: leaf.text, as: UTF8.self))
        case .integer:
            guard let integer = Self.integer(trimmed) else {
                throw error("\(name) \(Self.quoted(trimmed)) is not an integer of 64 bits", at: leaf.position)
            }
            return .integer(integer)
        case .real:
            guard let real = trimmed.withUnsafeBufferPointer({ DecimalNumber.parse($0) }) else {
                throw error("\(name) \(Self.quoted(trimmed)) is not a finite decimal number", at: leaf.position)
            }
            return .double(real)
        case .true, .false:
            guard trimmed.isEmpty else { throw error("\(name) must be empty", at: leaf.position) }
            return .bool(leaf.element == .true)
        case .date:
            guard let date = Self.date(trimmed) else {
                throw error(
                    "\(name) \(Self.quoted(trimmed)) is not a date and time in the form 2011-06-30T12:00:00Z",
                    at: leaf.position)
            }
            return .string(date)
        default:  // .data
            return .null
        }
    }

    /// `text` without the XML white space around it.
    static func trimmed(_ text: [UInt8]) -> [UInt8] {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return Array(text[first...last])
    }

    /// An `<integer>`'s digits as an `Int`: an optional sign, then decimal digits or `0x`/`0X` and
    /// hexadecimal digits; `nil` when it is not such a number or does not fit in 64 bits.
    static func integer(_ text: [UInt8]) -> Int? {
        var digits = text[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        var radix = 10
        if digits.starts(with: Array("0x".utf8)) || digits.starts(with: Array("0X".utf8)) {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0 < 0x80 }),
            let magnitude = UInt64(String(decoding: digits, as: UTF8.self), radix: radix)
        else { return nil }
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { return nil }
            return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
        }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    /// A `<date>`'s text when it is `YYYY-MM-DDThh:mm:ssZ` with a month, day, hour, minute and
    /// second that exist (the Gregorian calendar; no leap second), else `nil`.
    static func date(_ text: [UInt8]) -> String? {
        let string = String(decoding: text, as: UTF8.self)
        guard let match = string.wholeMatch(of: #/(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z/#),
            let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
            let hour = Int(match.4), let minute = Int(match.5), let second = Int(match.6),
            (1...12).contains(month), hour < 24, minute < 60, second < 60
        else { return nil }
        let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthLengths = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...monthLengths[month - 1]).contains(day) else { return nil }
        return string
    }

    // MARK: Messages

    /// A property list error at `position` (its line only when the locator does not agree; no
    /// position when there is none).
    func error(_ message: String, at position: ParsedDocument.Position?) -> ParsedDocument.SyntaxError {
        ParsedDocument.SyntaxError(
            message: "not a valid property list: " + message, line: position?.line,
            column: locatorAgrees ? position?.column : nil)
    }

    /// `text` in single quotes, cut to 40 characters.
    static func quoted(_ text: some Sequence<UInt8>) -> String {
        quoted(String(decoding: Array(text), as: UTF8.self))
    }

    static func quoted(_ text: String) -> String { QuotedText.singleQuoted(text) }
}
