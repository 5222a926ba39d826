/// A partial or parent tag with a fixed name, and the 1-based line where it is used.
struct MustacheTemplateReference: Sendable, Hashable {
    var name: String
    var line: Int
}

/// Builds the node tree of one template from its tokens, checking that every section, parent
/// and block is closed by a matching `{{/name}}`, and removes the intrinsic indentation of
/// standalone blocks (`specs/~inheritance.yml`: "Block indentation is removed at the site of
/// definition and added at the site of expansion").
struct MustacheParser {
    let source: MustacheSource

    /// The deepest nesting of sections, inverted sections, parents and blocks in one template
    /// (the same limit as YAML, JSON and plist nesting): the node tree and the code that walks it
    /// recurse, and ~47,500 levels once overflowed the stack. The tag that opens level 513 is an
    /// error at its line and column.
    static let maximumNesting = 512

    /// A section, parent or block whose closing tag has not been seen yet.
    private struct OpenScope {
        var token: MustacheToken
        var kind: MustacheTagKind
        var nodes: [MustacheNode] = []
    }

    /// The template's nodes and the fixed partial/parent names it uses. Throws the first syntax
    /// error, located at the offending tag (for an unclosed section: its opening tag).
    func parse() throws(TemplateError) -> (nodes: [MustacheNode], references: [MustacheTemplateReference]) {
        let tokens = try MustacheTokenizer(source: source).tokens()
        var root: [MustacheNode] = []
        var scopes: [OpenScope] = []
        var references: [MustacheTemplateReference] = []

        func append(_ node: MustacheNode) {
            if scopes.isEmpty { root.append(node) } else { scopes[scopes.count - 1].nodes.append(node) }
        }

        for token in tokens {
            switch token.kind {
            case .lineStart:
                append(.lineStart)
            case .text(let text):
                append(.text(text))
            case .tag(let kind):
                switch kind {
                case .comment, .setDelimiters:
                    break
                case .variable(let isEscaped):
                    append(.variable(MustacheVariable(name: try name(of: token), isEscaped: isEscaped)))
                case .partial:
                    let name = try templateName(of: token)
                    let line = source.line(of: token.start)
                    if case .fixed(let fixed) = name { references.append(.init(name: fixed, line: line)) }
                    append(.partial(MustachePartial(
                        name: name, indentation: token.isStandalone ? token.indentation : nil, line: line,
                        column: source.column(of: token.start))))
                case .sectionOpen, .invertedOpen, .blockOpen:
                    _ = try name(of: token)
                    try open(OpenScope(token: token, kind: kind), in: &scopes)
                case .parentOpen:
                    if case .fixed(let fixed) = try templateName(of: token) {
                        references.append(.init(name: fixed, line: source.line(of: token.start)))
                    }
                    try open(OpenScope(token: token, kind: kind), in: &scopes)
                case .close:
                    guard let scope = scopes.popLast() else {
                        throw source.error(at: token.start,
                            "closing tag '\(token.content)' has no matching opening tag")
                    }
                    guard scope.token.content == token.content else {
                        throw source.error(at: token.start,
                            "closing tag '\(token.content)' does not match \(describe(scope)) opened at line \(source.line(of: scope.token.start))")
                    }
                    append(try node(closing: scope, with: token))
                }
            }
        }
        if let unclosed = scopes.last {
            throw source.error(at: unclosed.token.start,
                "\(describe(unclosed)) opened at line \(source.line(of: unclosed.token.start)) is never closed")
        }
        return (root, references)
    }

    /// Pushes `scope` onto the open `scopes`, or throws at its tag when that would nest them
    /// deeper than `maximumNesting`.
    private func open(_ scope: OpenScope, in scopes: inout [OpenScope]) throws(TemplateError) {
        guard scopes.count < Self.maximumNesting else {
            throw source.error(at: scope.token.start,
                "\(describe(scope)) nests deeper than \(Self.maximumNesting) levels of sections, parents and blocks")
        }
        scopes.append(scope)
    }

    /// E.g. `section 'destinations'`.
    private func describe(_ scope: OpenScope) -> String {
        let word = switch scope.kind {
        case .invertedOpen: "inverted section"
        case .parentOpen: "parent"
        case .blockOpen: "block"
        default: "section"
        }
        return "\(word) '\(scope.token.content)'"
    }

    /// The node for a scope closed by `closeTag`.
    private func node(closing scope: OpenScope, with closeTag: MustacheToken) throws(TemplateError) -> MustacheNode {
        switch scope.kind {
        case .parentOpen:
            var blocks: [String: MustacheBlock] = [:]
            for case .block(let block) in scope.nodes where blocks[block.name] == nil {
                blocks[block.name] = block
            }
            return .parent(MustacheParent(
                name: try templateName(of: scope.token), blocks: blocks,
                indentation: scope.token.isStandalone ? scope.token.indentation : nil,
                line: source.line(of: scope.token.start), column: source.column(of: scope.token.start)))
        case .blockOpen:
            var block = block(opening: scope.token, closing: closeTag, children: scope.nodes)
            block.line = source.line(of: scope.token.start)
            block.column = source.column(of: scope.token.start)
            return .block(block)
        default:
            return .section(MustacheSection(
                name: try name(of: scope.token), isInverted: scope.kind == .invertedOpen,
                children: scope.nodes, line: source.line(of: scope.token.start),
                column: source.column(of: scope.token.start)))
        }
    }

    /// A block; when its opening tag is standalone its content loses its common indentation.
    private func block(opening: MustacheToken, closing: MustacheToken, children: [MustacheNode]) -> MustacheBlock {
        guard opening.isStandalone else {
            return MustacheBlock(name: opening.content, children: children, isStandalone: false, siteIndentation: "")
        }
        let contentStart = opening.lineEnd
        let contentEnd = max(contentStart, closing.isStandalone ? closing.lineStart : closing.start)
        guard let indentation = commonIndentation(of: contentStart..<contentEnd) else {
            return MustacheBlock(name: opening.content, children: children, isStandalone: true,
                                 siteIndentation: opening.indentation)
        }
        return MustacheBlock(name: opening.content, children: Self.dedent(children, by: indentation),
                             isStandalone: true, siteIndentation: indentation)
    }

    /// The longest run of spaces and tabs that begins every non-blank line in `range` of the
    /// source; `nil` when every line is blank.
    private func commonIndentation(of range: Range<Int>) -> String? {
        var common: ArraySlice<UInt8>?
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            var lineEnd = lineStart
            while lineEnd < range.upperBound, source.bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var contentStart = lineStart
            while contentStart < lineEnd, source.bytes[contentStart] == 0x20 || source.bytes[contentStart] == 0x09 {
                contentStart += 1
            }
            let isBlank = contentStart == lineEnd || (contentStart == lineEnd - 1 && source.bytes[contentStart] == 0x0D)
            if !isBlank {
                let leading = source.bytes[lineStart..<contentStart]
                if let current = common {
                    common = current.prefix(zip(current, leading).prefix { $0 == $1 }.count)
                } else {
                    common = leading
                }
            }
            lineStart = lineEnd + 1
        }
        return common.map { String(decoding: $0, as: UTF8.self) }
    }

    /// `nodes` with `indentation` removed from the start of each line: from the text after each
    /// `lineStart` marker and from the indentation of standalone partials, parents and blocks.
    /// Does not enter standalone blocks, whose content was already dedented on its own.
    static func dedent(_ nodes: [MustacheNode], by indentation: String) -> [MustacheNode] {
        var result: [MustacheNode] = []
        result.reserveCapacity(nodes.count)
        var atLineStart = false
        for node in nodes {
            defer { if case .lineStart = node { atLineStart = true } else { atLineStart = false } }
            switch node {
            case .lineStart, .variable:
                result.append(node)
            case .text(let text):
                let kept = atLineStart ? removingPrefix(of: indentation, from: text) : text
                if !kept.isEmpty { result.append(.text(kept)) }
            case .section(let section):
                result.append(.section(section.with(children: dedent(section.children, by: indentation))))
            case .partial(var partial):
                partial.indentation = partial.indentation.map { removingPrefix(of: indentation, from: $0) }
                result.append(.partial(partial))
            case .parent(var parent):
                parent.indentation = parent.indentation.map { removingPrefix(of: indentation, from: $0) }
                parent.blocks = parent.blocks.mapValues { dedent($0, by: indentation) }
                result.append(.parent(parent))
            case .block(let block):
                result.append(.block(dedent(block, by: indentation)))
            }
        }
        return result
    }

    private static func dedent(_ block: MustacheBlock, by indentation: String) -> MustacheBlock {
        var block = block
        if block.isStandalone {
            block.siteIndentation = removingPrefix(of: indentation, from: block.siteIndentation)
        } else {
            block.children = dedent(block.children, by: indentation)
        }
        return block
    }

    /// `text` without its longest prefix that is also a prefix of `indentation`.
    private static func removingPrefix(of indentation: String, from text: String) -> String {
        let shared = zip(indentation.utf8, text.utf8).prefix { $0 == $1 }.count
        return shared == 0 ? text : String(decoding: text.utf8.dropFirst(shared), as: UTF8.self)
    }

    // MARK: Names

    /// The dotted name of a variable, section or block tag: `.` or `a.b.c` (non-empty parts,
    /// no whitespace).
    private func name(of token: MustacheToken) throws(TemplateError) -> MustacheName {
        let text = token.content
        try checkSingleWord(text, token)
        if text == "." { return MustacheName(text: text, components: []) }
        let components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !components.contains(where: \.isEmpty) else {
            throw source.error(at: token.start, "invalid name '\(text)' (empty part in a dotted name)")
        }
        return MustacheName(text: text, components: components)
    }

    /// The name of a partial or parent tag: fixed, or `*dotted.name` (dynamic).
    private func templateName(of token: MustacheToken) throws(TemplateError) -> MustacheTemplateName {
        guard token.content.hasPrefix("*") else {
            try checkSingleWord(token.content, token)
            return .fixed(token.content)
        }
        var dynamic = token
        dynamic.content = MustacheTokenizer.trimmed(String(token.content.dropFirst()))
        return .dynamic(try name(of: dynamic))
    }

    private func checkSingleWord(_ text: String, _ token: MustacheToken) throws(TemplateError) {
        guard !text.isEmpty else { throw source.error(at: token.start, "tag has no name") }
        if let newline = text.firstIndex(where: \.isNewline) {
            // `{{title` left open swallows the template up to the next closing braces.
            throw source.error(
                at: token.start, "tag '\(text[..<newline])' is not closed on its line (a '}}' is missing)")
        }
        guard !text.utf8.contains(where: MustacheTokenizer.isWhitespace) else {
            throw source.error(at: token.start, "invalid name '\(text)' (names cannot contain whitespace)")
        }
    }
}
