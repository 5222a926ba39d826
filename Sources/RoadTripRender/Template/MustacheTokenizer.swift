/// The kinds of Mustache tag, named by their sigil (mustache(5); spec `specs/*.yml`).
enum MustacheTagKind: Sendable, Equatable {
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(isEscaped: Bool)
    /// `{{#name}}`.
    case sectionOpen
    /// `{{^name}}`.
    case invertedOpen
    /// `{{<name}}`.
    case parentOpen
    /// `{{$name}}`.
    case blockOpen
    /// `{{/name}}`.
    case close
    /// `{{>name}}`.
    case partial
    /// `{{! … }}`.
    case comment
    /// `{{=<% %>=}}`.
    case setDelimiters

    /// Whether the tag may stand alone on a line and take the line with it (all but variables).
    var canStandAlone: Bool {
        if case .variable = self { return false }
        return true
    }
}

/// One piece of a template: a run of text (at most one line) or a tag, with byte offsets into
/// the source; after `markStandaloneLines`, also a marker for the start of a kept line.
struct MustacheToken: Sendable {
    enum Kind: Sendable, Equatable {
        case text(String)
        case lineStart
        case tag(MustacheTagKind)
    }

    var kind: Kind
    /// The tag's content with surrounding whitespace trimmed (its name); empty for text.
    var content: String = ""
    /// Byte offset of the text, or of the tag's opening delimiter.
    var start: Int
    /// Byte offset just past the text or the tag's closing delimiter.
    var end: Int
    /// Whether the tag stands alone on its line (the line is removed from the output).
    var isStandalone = false
    /// For a standalone tag: the whitespace before it on its line.
    var indentation = ""
    /// For a standalone tag: byte offset where its line begins.
    var lineStart = 0
    /// For a standalone tag: byte offset just past its line (and line break).
    var lineEnd = 0
}

/// Splits a template into text and tags, following Set Delimiter tags
/// (`specs/delimiters.yml`), then applies the spec's standalone-line rule.
struct MustacheTokenizer {
    let source: MustacheSource

    private static let newline = UInt8(ascii: "\n")

    /// The tokens of the template, with standalone lines resolved and `lineStart` markers
    /// before every kept line. Throws for an unclosed tag or invalid Set Delimiter tag.
    func tokens() throws(TemplateError) -> [MustacheToken] {
        Self.markStandaloneLines(try rawTokens())
    }

    /// Text (split into lines) and tags, in source order.
    func rawTokens() throws(TemplateError) -> [MustacheToken] {
        let bytes = source.bytes
        var opening = Array("{{".utf8)
        var closing = Array("}}".utf8)
        var tokens: [MustacheToken] = []
        var position = 0
        while position < bytes.count {
            let tagStart = find(opening, from: position) ?? bytes.count
            appendText(position..<tagStart, to: &tokens)
            guard tagStart < bytes.count else { break }

            var contentStart = tagStart + opening.count
            var terminator = closing
            var kind = MustacheTagKind.variable(isEscaped: true)
            let first = contentStart < bytes.count ? bytes[contentStart] : 0
            if first == UInt8(ascii: "{") {
                kind = .variable(isEscaped: false)
                terminator = Array("}".utf8) + closing
                contentStart += 1
            } else if first == UInt8(ascii: "=") {
                kind = .setDelimiters
                terminator = Array("=".utf8) + closing
                contentStart += 1
            } else {
                var sigilOffset = contentStart
                while sigilOffset < bytes.count, Self.isWhitespace(bytes[sigilOffset]) { sigilOffset += 1 }
                if sigilOffset < bytes.count, let sigilKind = Self.kind(ofSigil: bytes[sigilOffset]) {
                    kind = sigilKind
                    contentStart = sigilOffset + 1
                }
            }
            guard let contentEnd = find(terminator, from: contentStart) else {
                let expected = String(decoding: terminator, as: UTF8.self)
                throw source.error(at: tagStart,
                    "tag '\(String(decoding: opening, as: UTF8.self))' is never closed (no '\(expected)' follows)")
            }
            let tagEnd = contentEnd + terminator.count
            let content = Self.trimmed(source.text(contentStart..<contentEnd))
            if kind == .setDelimiters {
                let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                    throw source.error(at: tagStart,
                        "invalid Set Delimiter tag (expected two delimiters separated by whitespace, e.g. {{=<% %>=}})")
                }
                opening = Array(parts[0].utf8)
                closing = Array(parts[1].utf8)
            }
            tokens.append(MustacheToken(kind: .tag(kind), content: content, start: tagStart, end: tagEnd))
            position = tagEnd
        }
        return tokens
    }

    /// Appends the text in `range` as one token per line (each ending with its `\n`).
    private func appendText(_ range: Range<Int>, to tokens: inout [MustacheToken]) {
        var lineStart = range.lowerBound
        for offset in range where source.bytes[offset] == Self.newline {
            tokens.append(MustacheToken(kind: .text(source.text(lineStart..<offset + 1)),
                                        start: lineStart, end: offset + 1))
            lineStart = offset + 1
        }
        if lineStart < range.upperBound {
            tokens.append(MustacheToken(kind: .text(source.text(lineStart..<range.upperBound)),
                                        start: lineStart, end: range.upperBound))
        }
    }

    /// The first offset ≥ `start` where `pattern` occurs.
    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        let bytes = source.bytes
        guard let head = pattern.first, bytes.count >= pattern.count else { return nil }
        var offset = start
        while offset <= bytes.count - pattern.count {
            if bytes[offset] == head {
                var matched = 1
                while matched < pattern.count, bytes[offset + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return offset }
            }
            offset += 1
        }
        return nil
    }

    private static func kind(ofSigil byte: UInt8) -> MustacheTagKind? {
        switch byte {
        case UInt8(ascii: "#"): .sectionOpen
        case UInt8(ascii: "^"): .invertedOpen
        case UInt8(ascii: "<"): .parentOpen
        case UInt8(ascii: "$"): .blockOpen
        case UInt8(ascii: "/"): .close
        case UInt8(ascii: ">"): .partial
        case UInt8(ascii: "!"): .comment
        case UInt8(ascii: "&"): .variable(isEscaped: false)
        default: nil
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isWhitespace($0) }),
              let last = utf8.lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }

    // MARK: Standalone lines

    /// Applies the standalone rule (spec overview of `specs/sections.yml` and others): a line
    /// holding only whitespace and one non-variable tag is removed, keeping the tag. As
    /// `specs/~inheritance.yml` requires ("Standalone parent", "Standalone block"), a line of
    /// several parent/block opening and closing tags is standalone too; when such a line opens
    /// and closes the same block, its line break is kept. Every other line is preceded by a
    /// `lineStart` marker.
    static func markStandaloneLines(_ tokens: [MustacheToken]) -> [MustacheToken] {
        var result: [MustacheToken] = []
        result.reserveCapacity(tokens.count * 2)
        var openScopes: [(name: String, kind: MustacheTagKind)] = []
        var lineBegin = 0
        while lineBegin < tokens.count {
            var lineEnd = lineBegin
            while lineEnd < tokens.count {
                let token = tokens[lineEnd]
                lineEnd += 1
                if case .text(let text) = token.kind, text.utf8.last == newline { break }
            }
            let line = lineBegin..<lineEnd
            lineBegin = lineEnd

            // The kind of scope each closing tag on this line closes.
            var closedKinds: [Int: MustacheTagKind] = [:]
            for index in line {
                guard case .tag(let kind) = tokens[index].kind else { continue }
                switch kind {
                case .sectionOpen, .invertedOpen, .parentOpen, .blockOpen:
                    openScopes.append((tokens[index].content, kind))
                case .close:
                    if let top = openScopes.last, top.name == tokens[index].content {
                        closedKinds[index] = top.kind
                        openScopes.removeLast()
                    }
                default:
                    break
                }
            }

            guard let layout = standaloneLayout(of: line, in: tokens, closedKinds: closedKinds) else {
                result.append(MustacheToken(kind: .lineStart, start: tokens[line.lowerBound].start,
                                            end: tokens[line.lowerBound].start))
                result.append(contentsOf: tokens[line])
                continue
            }
            for index in layout.tags {
                var tag = tokens[index]
                tag.isStandalone = true
                tag.indentation = layout.indentation
                tag.lineStart = tokens[line.lowerBound].start
                tag.lineEnd = tokens[line.upperBound - 1].end
                result.append(tag)
            }
            let opensAndClosesBlock = layout.tags.dropLast().contains { index in
                tokens[index].kind == .tag(.blockOpen) && closedKinds[index + 1] == .blockOpen
            }
            if opensAndClosesBlock, !layout.lineBreak.isEmpty {
                let end = tokens[line.upperBound - 1].end
                result.append(MustacheToken(kind: .text(layout.lineBreak),
                                            start: end - layout.lineBreak.utf8.count, end: end))
            }
        }
        return result
    }

    /// For a standalone line: the range of its tags, the whitespace before them and the line
    /// break after them (`""` at the end of the template); `nil` if the line is not standalone.
    private static func standaloneLayout(
        of line: Range<Int>, in tokens: [MustacheToken], closedKinds: [Int: MustacheTagKind]
    ) -> (tags: ClosedRange<Int>, indentation: String, lineBreak: String)? {
        var first = line.lowerBound
        var last = line.upperBound - 1
        var indentation = ""
        var lineBreak = ""
        if case .text(let text) = tokens[first].kind {
            guard blankPrefixLength(text) == text.utf8.count else { return nil }
            indentation = text
            first += 1
        }
        guard first <= last else { return nil }
        if case .text(let text) = tokens[last].kind {
            let blank = blankPrefixLength(text)
            let rest = String(decoding: text.utf8.dropFirst(blank), as: UTF8.self)
            guard rest.isEmpty || rest == "\n" || rest == "\r\n" else { return nil }
            lineBreak = rest
            last -= 1
        }
        guard first <= last else { return nil }
        var kinds: [MustacheTagKind] = []
        for index in first...last {
            guard case .tag(let kind) = tokens[index].kind else { return nil }
            kinds.append(kind == .close ? (closedKinds[index] ?? .close) : kind)
        }
        if kinds.count == 1 {
            guard kinds[0].canStandAlone else { return nil }
        } else {
            guard kinds.allSatisfy({ $0 == .parentOpen || $0 == .blockOpen }) else { return nil }
        }
        return (first...last, indentation, lineBreak)
    }

    /// The number of leading spaces and tabs in `text` (bytes).
    static func blankPrefixLength(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 {
            guard byte == 0x20 || byte == 0x09 else { break }
            count += 1
        }
        return count
    }
}
