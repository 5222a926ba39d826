import Foundation
import RoadTripCore
import RoadTripFormats

/// A destination file (`index.md`) split into its YAML front matter and its Markdown body.
///
/// The file may start with a UTF-8 byte-order mark and use CRLF (or CR) line endings; both are
/// removed before anything else, so no `\r` and not that mark reach a value or the body (a
/// U+FEFF further on is the author's text, a zero-width no-break space, and stays). Front matter
/// is present when the first line is exactly `---`, optionally followed by spaces or tabs; it
/// ends at the next line that is `---` or `...` (again with optional trailing blanks). An empty
/// block (`---` directly followed by `---`) is fine.
///
/// What other generators accept and roadtrip does not is an error, "front matter not recognised",
/// at the line where it starts: a `---` fence after blank lines, Hugo's TOML between `+++` lines,
/// and JSON front matter (a first line starting with `{`). A file with none of these has no front
/// matter: it is all body (and the destination then lacks a location).
public struct FrontMatter: Sendable {
    /// The front matter's root mapping, positions in file lines; `nil` when there is no front
    /// matter or it is empty (blank or only comments).
    public var yaml: YAMLNode?
    /// The Markdown after the closing fence (the whole text when there is no front matter),
    /// with CRLF/CR normalised to LF and the byte-order mark removed.
    public var body: String
    /// The 1-based file line where ``body`` starts.
    public var bodyFirstLine: Int

    /// `false` for a file that does not start with a `---` fence (it is all body).
    public var isPresent: Bool { bodyFirstLine > 1 }

    /// Creates a split file.
    public init(yaml: YAMLNode?, body: String, bodyFirstLine: Int) {
        self.yaml = yaml
        self.body = body
        self.bodyFirstLine = bodyFirstLine
    }

    /// Splits `text` (a whole file) into front matter and body.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - path: The file, for diagnostics.
    /// - Throws: A `Diagnostic` error (1-based file line and column) when the front matter is not
    ///   recognised (`unrecognisedFrontMatter`), when the first line starts
    ///   with `---` but is not exactly a fence (`----`, `--- title: x`), when the opening fence
    ///   is never closed (at line 1), when the YAML is malformed (see ``YAMLParser/parse(_:path:firstLine:)``),
    ///   or when the front matter is not a mapping.
    public static func split(_ text: String, path: String) throws(Diagnostic) -> FrontMatter {
        let lines = SourceLines(text)
        guard let first = lines.first, first.starts(with: fenceDashes) else {
            if let problem = unrecognisedFrontMatter(lines, path: path) { throw problem }
            return FrontMatter(yaml: nil, body: lines.text, bodyFirstLine: 1)
        }
        guard isFence(first, marker: fenceDashes) else {
            let offending = first.dropFirst(fenceDashes.count)
                .prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            throw .error(SourceLocation(path: path, line: 1, column: fenceDashes.count + 1 + offending),
                "malformed front matter fence '\(String(decoding: first, as: UTF8.self))': "
                + "the opening line must be exactly '---' (trailing spaces allowed)")
        }
        guard let closing = lines.indices.dropFirst().first(where: {
            isFence(lines[$0], marker: fenceDashes) || isFence(lines[$0], marker: fenceDots)
        }) else {
            throw .error(SourceLocation(path: path, line: 1, column: 1),
                "front matter opened at line 1 is never closed (expected a closing '---' line)")
        }
        // Lines are 0-based here: the YAML is lines 1..<closing, i.e. file lines 2...closing.
        let yamlText = lines.text(lineRange: 1..<closing)
        let yaml = try YAMLParser.parse(yamlText, path: path, firstLine: 2)
        if let yaml {
            guard case .mapping = yaml.content else {
                throw .error(SourceLocation(path: path, line: yaml.line, column: yaml.column),
                    "front matter must be a mapping of keys to values")
            }
        }
        return FrontMatter(
            yaml: yaml,
            body: lines.text(lineRange: (closing + 1)..<lines.count),
            bodyFirstLine: closing + 2)
    }

    /// The start of front matter written the way another generator reads it, as an error at its
    /// first line: the first line that is not blank is a `---` fence after blank lines, a `+++`
    /// fence (TOML, Hugo), or starts with `{` (JSON, Hugo); `nil` for anything else.
    private static func unrecognisedFrontMatter(_ lines: SourceLines, path: String) -> Diagnostic? {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let index = lines.indices.first(where: { !lines[$0].allSatisfy(blank) }) else { return nil }
        let line = lines[index]
        let column = line.prefix(while: blank).count + 1
        let at = SourceLocation(path: path, line: index + 1, column: column)
        let notRecognised = "front matter not recognised: roadtrip reads YAML between `---` lines"
        if isFence(line, marker: fenceDashes) {
            let blankLines = CountText.counted(index, "blank line")
            return .error(at, notRecognised + ", and the first `---` must be the file's first line; "
                + "delete the \(blankLines) above it")
        }
        if isFence(line.drop(while: blank), marker: Array("+++".utf8)) {
            return .error(at, notRecognised + "; this is TOML between `+++` lines: write `---` instead of `+++`, "
                + "and `key: value` instead of `key = value`")
        }
        if line.drop(while: blank).first == UInt8(ascii: "{") {
            return .error(at, notRecognised + "; this looks like JSON: put a `---` line before and after it "
                + "(a JSON object is YAML too)")
        }
        return nil
    }

    private static let fenceDashes = Array("---".utf8)
    private static let fenceDots = Array("...".utf8)

    /// `marker` followed only by spaces and tabs.
    private static func isFence(_ line: ArraySlice<UInt8>, marker: [UInt8]) -> Bool {
        line.starts(with: marker)
            && line.dropFirst(marker.count).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }
}

/// A file's UTF-8 bytes with the byte-order mark removed and CRLF/CR turned into LF, cut into
/// lines (without their LF).
private struct SourceLines: RandomAccessCollection {
    /// The normalised bytes.
    let bytes: [UInt8]
    /// Where each line starts in `bytes`.
    private let starts: [Int]

    init(_ text: String) {
        // The text's contiguous UTF-8 copied at once, and the CRs and LFs found with memchr: the
        // UTF-8 view's generic copy and byte-by-byte searches cost ~30,000 instructions a
        // 2.5 KB index.md.
        var text = text
        var normalised = text.withUTF8 { Array($0) }
        if normalised.starts(with: [0xEF, 0xBB, 0xBF]) { normalised.removeFirst(3) }
        // Copied byte by byte only when there is a CR to turn into LF (the loop appending each
        // byte was 4 % of loading 4,000 destinations; most files have none).
        if normalised.withUnsafeBytes({ bytes in bytes.baseAddress.map { memchr($0, 0x0D, bytes.count) != nil } ?? false }) {
            var lineFeeds: [UInt8] = []
            lineFeeds.reserveCapacity(normalised.count)
            var previousWasCR = false
            for byte in normalised {
                if byte == UInt8(ascii: "\r") {
                    lineFeeds.append(UInt8(ascii: "\n"))
                    previousWasCR = true
                    continue
                }
                if !(byte == UInt8(ascii: "\n") && previousWasCR) { lineFeeds.append(byte) }
                previousWasCR = false
            }
            normalised = lineFeeds
        }
        bytes = normalised
        var starts = [0]
        normalised.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = UnsafeRawPointer(found) - base + 1
                starts.append(offset)
            }
        }
        // A final LF ends the last line rather than starting an empty one.
        if starts.count > 1, starts.last == normalised.count { starts.removeLast() }
        self.starts = starts
    }

    var startIndex: Int { 0 }
    var endIndex: Int { bytes.isEmpty ? 0 : starts.count }

    /// Line `index` (0-based), without its LF.
    subscript(index: Int) -> ArraySlice<UInt8> {
        let end: Int
        if index + 1 < starts.count {
            end = starts[index + 1] - 1
        } else {
            end = bytes.last == UInt8(ascii: "\n") ? bytes.count - 1 : bytes.count
        }
        return bytes[starts[index]..<end]
    }

    /// All the normalised text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text of 0-based lines `range`, each with its LF as in the file.
    func text(lineRange range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let end = range.upperBound < starts.count ? starts[range.upperBound] : bytes.count
        return String(decoding: bytes[starts[range.lowerBound]..<end], as: UTF8.self)
    }
}
