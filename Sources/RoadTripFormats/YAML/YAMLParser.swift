internal import CYAML
import RoadTripCore

/// Parses YAML text into a ``YAMLNode`` tree with libyaml's event API (the only file that
/// touches libyaml; no C pointer leaves it).
///
/// Beyond what libyaml checks, the tree builder:
/// - resolves aliases (`*name` becomes a copy of the node anchored `&name`) and fails on an
///   unknown alias;
/// - caps alias expansion at ``maxAliasExpansion`` nodes and ``maxAliasExpansionBytes`` bytes of
///   text in total, against "billion laughs"
///   documents (<https://en.wikipedia.org/wiki/Billion_laughs_attack>);
/// - applies `<<` merge keys (<https://yaml.org/type/merge.html>): the value is a mapping or a
///   sequence of mappings, keys written in the mapping win over merged ones, and among merged
///   mappings the earlier one wins;
/// - rejects duplicate keys, collection keys and a second document.
///
/// Positions are where an editor shows them: lines end in LF, CRLF or CR (YAML 1.2 §5.4), and a
/// problem at the end of the text is at the end of its last line (`YAMLTextPositions`).
public enum YAMLParser {
    /// The most nodes that alias expansion may produce in one document.
    public static let maxAliasExpansion = 10_000

    /// The most bytes of scalar text that alias expansion may repeat in one document: 10 MB. The
    /// node count alone let 6,000 aliases of one 1 MB string through, 6 GB once copied into pages.
    public static let maxAliasExpansionBytes = 10_000_000

    /// The deepest nesting of sequences and mappings accepted (the same limit as the JSON reader):
    /// deeper documents are an error rather than a stack overflow in code that walks the tree.
    public static let maxNestingDepth = 512

    /// Parses one YAML document.
    ///
    /// - Parameters:
    ///   - text: The YAML text (UTF-8; line breaks LF, CRLF or CR).
    ///   - path: The file, for diagnostics.
    ///   - firstLine: The 1-based file line of `text`'s first line (2 for front matter after a
    ///     `---` fence on line 1); every node position and error is offset by it.
    /// - Returns: The document's root node, or `nil` when the text holds no document (blank
    ///   or only comments) or the document is empty.
    /// - Throws: A `Diagnostic` error at the 1-based file line and column of: a libyaml
    ///   syntax error (its 0-based marks converted; the message gives libyaml's problem and
    ///   context, or, when the character there is a tab, "YAML does not allow tabs for
    ///   indentation; use spaces"), a duplicate key (naming the key and the line of the first), a collection
    ///   used as a key, an unknown alias, too many alias expansions, a bad `<<` value, or a
    ///   second document.
    public static func parse(_ text: String, path: String, firstLine: Int = 1) throws(Diagnostic) -> YAMLNode? {
        let bytes = Array(text.utf8)
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw .error(SourceLocation(path: path), "could not start the YAML parser (out of memory)")
        }
        defer { yaml_parser_delete(parser) }

        let positions = YAMLTextPositions(bytes)
        var builder = YAMLTreeBuilder(path: path, firstLine: firstLine, positions: positions)
        let result: Result<YAMLNode?, Diagnostic> = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            do throws(Diagnostic) {
                while true {
                    var event = yaml_event_t()
                    guard yaml_parser_parse(parser, &event) == 1 else {
                        return .failure(syntaxError(parser.pointee, positions: positions, path: path, firstLine: firstLine))
                    }
                    defer { yaml_event_delete(&event) }
                    if try builder.consume(YAMLEvent(event)) { break }
                }
                return .success(builder.root)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Turns libyaml's error state into a diagnostic at a 1-based file position.
    private static func syntaxError(
        _ parser: yaml_parser_t, positions: YAMLTextPositions, path: String, firstLine: Int
    ) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        switch parser.error {
        case YAML_MEMORY_ERROR:
            return .error(SourceLocation(path: path), "libyaml ran out of memory")
        case YAML_READER_ERROR:
            // Reader errors carry a byte offset, not a mark.
            let (line, column) = positions.position(ofByte: parser.problem_offset)
            var message = "YAML error: \(problem)"
            if parser.problem_value >= 0 {
                message += " (U+\(String(UInt32(parser.problem_value), radix: 16, uppercase: true)))"
            }
            return .error(SourceLocation(path: path, line: line + firstLine, column: column + 1), message)
        default:
            let index = Int(parser.problem_mark.index)
            let (line, column) = positions.position(ofCharacter: index)
            let location = SourceLocation(path: path, line: line + firstLine, column: column + 1)
            // libyaml's words for a tab where indentation goes ("found character that cannot start
            // any token", "found a tab character that violates indentation") do not say what to do.
            if positions.character(at: index) == "\t" {
                return .error(location, "YAML does not allow tabs for indentation; use spaces")
            }
            var message = "YAML syntax error: \(problem)"
            if let context = parser.context {
                let (contextLine, contextColumn) = positions.position(ofCharacter: Int(parser.context_mark.index))
                message += " (\(String(cString: context)) at line \(contextLine + firstLine), column \(contextColumn + 1))"
            }
            return .error(location, message)
        }
    }
}

/// The lines of a YAML text, for turning libyaml's marks into positions as an editor shows them.
///
/// libyaml's own line numbers differ from an editor's in two ways: it ends lines at NEL (U+0085)
/// and U+2028/U+2029 too (YAML 1.1; YAML 1.2 §5.4 ends them at LF, CRLF and CR only), and it puts
/// the end of a text without a final line break on a line after the last one (its scanner adds a
/// line break at the end of the stream). A mark's character index is exact, so positions are
/// computed from that: 0-based, columns in Unicode scalars as libyaml counts them, an index at or
/// past the end at the end of the last line. A leading byte-order mark is not counted, as libyaml
/// skips it.
///
/// A text that ends with a line break has, for an error, one more line: an error at its end (an
/// unclosed flow sequence) is at column 1 of the line after the break, where PyYAML and an editor's
/// cursor put it. A node never starts there: libyaml places a missing value (`? a` at the end)
/// at the next token, the end of the stream, and `position(ofNodeAt:)` keeps it at the end of
/// the last line, so a front matter's nodes stay between its fences.
private struct YAMLTextPositions {
    private let bytes: [UInt8]
    /// Where each line starts: its first byte, and its first character's index.
    private var lineStartBytes: [Int] = []
    private var lineStartCharacters: [Int] = []
    /// The number of characters (Unicode scalars) after the byte-order mark.
    private var characterCount = 0
    /// The index of the final line break's first character (the CR of a CRLF) when the text ends
    /// with one.
    private var finalLineBreakCharacter: Int?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        lineStartBytes = [start]
        lineStartCharacters = [0]
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte & 0xC0 != 0x80 { characterCount += 1 }
            let endsLine = byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: "\r") && (index == bytes.count || bytes[index] != UInt8(ascii: "\n")))
            if endsLine {
                lineStartBytes.append(index)
                lineStartCharacters.append(characterCount)
            }
        }
        if lineStartCharacters.count > 1, lineStartCharacters.last == characterCount, let last = bytes.last {
            let isCRLF = last == UInt8(ascii: "\n") && bytes.count - 2 >= start && bytes[bytes.count - 2] == UInt8(ascii: "\r")
            finalLineBreakCharacter = characterCount - (isCRLF ? 2 : 1)
        }
    }

    /// The 0-based line and column of a node starting at character `index`: as
    /// `position(ofCharacter:)`, except that the end of a text ending with a line break is the
    /// end of its last line, not the line after it.
    func position(ofNodeAt index: Int) -> (line: Int, column: Int) {
        if let finalLineBreakCharacter, index > finalLineBreakCharacter {
            return position(ofCharacter: finalLineBreakCharacter)
        }
        return position(ofCharacter: index)
    }

    /// The 0-based line and column of character `index` (counted from the start, after a BOM);
    /// the end of the text for an index past it.
    func position(ofCharacter index: Int) -> (line: Int, column: Int) {
        let index = min(max(index, 0), characterCount)
        let line = lastLine(startingAtOrBefore: index, in: lineStartCharacters)
        return (line, index - lineStartCharacters[line])
    }

    /// The 0-based line and column (in characters) of byte `offset` of the text.
    func position(ofByte offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, lineStartBytes[0]), bytes.count)
        let line = lastLine(startingAtOrBefore: offset, in: lineStartBytes)
        let column = bytes[lineStartBytes[line]..<offset].count { $0 & 0xC0 != 0x80 }
        return (line, column)
    }

    /// The character at `index`, or `nil` at or past the end.
    func character(at index: Int) -> Unicode.Scalar? {
        guard index >= 0, index < characterCount else { return nil }
        let line = lastLine(startingAtOrBefore: index, in: lineStartCharacters)
        let end = line + 1 < lineStartBytes.count ? lineStartBytes[line + 1] : bytes.count
        let scalars = String(decoding: bytes[lineStartBytes[line]..<end], as: UTF8.self).unicodeScalars
        return scalars.dropFirst(index - lineStartCharacters[line]).first
    }

    /// The index of the last element of the ascending `starts` that is at most `value`.
    private func lastLine(startingAtOrBefore value: Int, in starts: [Int]) -> Int {
        SortedSearch.lastPosition(atMost: value, count: starts.count) { starts[$0] }
    }
}

/// A libyaml event copied into Swift values (no pointers), with where it starts.
private struct YAMLEvent {
    enum Kind {
        case documentStart
        case streamEnd
        case alias(String)
        case scalar(String, isPlain: Bool, anchor: String?)
        case sequenceStart(anchor: String?)
        case sequenceEnd
        case mappingStart(anchor: String?)
        case mappingEnd
        case other
    }

    var kind: Kind
    /// The index of the event's first character in the text (`YAMLTextPositions` makes it a line
    /// and column).
    var index: Int
    /// The index just past the event's last character.
    var endIndex: Int

    /// The YAML 1.2 `!!str` tag: a scalar tagged with it is a string even when unquoted.
    private static let stringTag = "tag:yaml.org,2002:str"

    init(_ event: yaml_event_t) {
        index = Int(event.start_mark.index)
        endIndex = Int(event.end_mark.index)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            kind = .documentStart
        case YAML_STREAM_END_EVENT:
            kind = .streamEnd
        case YAML_ALIAS_EVENT:
            kind = .alias(Self.string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE && Self.string(scalar.tag) != Self.stringTag
            kind = .scalar(value, isPlain: isPlain, anchor: Self.string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart(anchor: Self.string(event.data.sequence_start.anchor))
        case YAML_SEQUENCE_END_EVENT:
            kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart(anchor: Self.string(event.data.mapping_start.anchor))
        case YAML_MAPPING_END_EVENT:
            kind = .mappingEnd
        default:
            kind = .other
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<UInt8>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

/// The keys of one mapping so far and the line of each, for the duplicate-key error: searched one
/// by one while there are few — a front matter's mappings hold a handful of keys, and hashing each
/// into a dictionary of its own was 2 % of loading 4,000 destinations — and hashed from
/// ``linearLimit`` keys on.
private struct KeyLines {
    static let linearLimit = 16
    private var keys: [(key: String, line: Int)] = []
    private var index: [String: Int]?

    /// The line of `key`, if it was inserted.
    func line(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.first { $0.key == key }?.line
    }

    /// Records `key` (not inserted yet) at `line`.
    mutating func insert(_ key: String, line: Int) {
        if index != nil {
            index![key] = line
            return
        }
        keys.append((key, line))
        if keys.count >= Self.linearLimit {
            index = Dictionary(keys.map { ($0.key, $0.line) }, uniquingKeysWith: { first, _ in first })
            keys = []
        }
    }
}

/// Builds the node tree from events: a stack of open collections, the anchors seen so far,
/// and the running count of nodes produced by alias expansion.
private struct YAMLTreeBuilder {
    /// A collection being built: its items (a sequence's nodes or a mapping's pairs), where it
    /// started, its anchor, and its node count. Frames are changed in place on the stack
    /// (`stack[stack.count - 1]`), never popped, copied and pushed back: a copy of a frame shares
    /// its arrays with the one on the stack, so appending to it copied every item so far and made
    /// a list of n items cost n² (40,000 list items took 16 s).
    private struct Frame {
        enum Kind { case sequence, mapping }
        let kind: Kind
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        /// A mapping's key waiting for its value, and the character index just past it.
        var pendingKey: YAMLNode?
        var pendingKeyEnd: Int?
        /// The line of each key of a mapping so far, for the duplicate-key error
        /// (``KeyLines``).
        var firstKeyLines = KeyLines()
        let line: Int
        let column: Int
        let anchor: String?
        /// Nodes in this subtree so far, itself included.
        var size = 1
        /// Bytes of scalar text in this subtree so far.
        var bytes = 0
    }

    let path: String
    let firstLine: Int
    let positions: YAMLTextPositions
    private(set) var root: YAMLNode?
    private var stack: [Frame] = []
    private var anchors: [String: (node: YAMLNode, size: Int, bytes: Int)] = [:]
    private var aliasExpansionBytes = 0
    private var aliasExpansion = 0
    private var documentCount = 0

    init(path: String, firstLine: Int, positions: YAMLTextPositions) {
        self.path = path
        self.firstLine = firstLine
        self.positions = positions
    }

    private func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }

    /// Feeds one event; returns `true` at the end of the stream.
    mutating func consume(_ event: YAMLEvent) throws(Diagnostic) -> Bool {
        var (lineInText, columnInText) = positions.position(ofNodeAt: event.index)
        // A missing value (`? latitude` with no `:` line): libyaml places its empty scalar at the
        // next token, which may be a later line (the next key, past a comment); it is the key's,
        // so it is put just after the key. (After `latitude:` it is just after the colon, on the
        // key's line, and stays there.)
        if case .scalar("", isPlain: true, anchor: nil) = event.kind, event.endIndex == event.index,
           let top = stack.last, top.kind == .mapping, top.pendingKey != nil, let keyEnd = top.pendingKeyEnd
        {
            let afterKey = positions.position(ofNodeAt: keyEnd)
            if afterKey.line < lineInText { (lineInText, columnInText) = afterKey }
        }
        let line = lineInText + firstLine
        let column = columnInText + 1
        switch event.kind {
        case .sequenceStart, .mappingStart:
            if stack.count >= YAMLParser.maxNestingDepth {
                throw .error(location(line, column),
                    "nesting deeper than \(YAMLParser.maxNestingDepth) levels of lists and mappings")
            }
        default:
            break
        }
        switch event.kind {
        case .documentStart:
            documentCount += 1
            if documentCount > 1 {
                throw .error(location(line, column), "expected a single YAML document, but found another")
            }
        case .streamEnd:
            return true
        case .alias(let name):
            guard let anchored = anchors[name] else {
                throw .error(location(line, column), "unknown alias '*\(name)' (no '&\(name)' anchor before it)")
            }
            aliasExpansion += anchored.size
            if aliasExpansion > YAMLParser.maxAliasExpansion {
                throw .error(location(line, column),
                    "too many alias expansions (billion laughs?): more than \(YAMLParser.maxAliasExpansion) nodes")
            }
            aliasExpansionBytes += anchored.bytes
            if aliasExpansionBytes > YAMLParser.maxAliasExpansionBytes {
                throw .error(location(line, column),
                    "aliases repeat more than \(YAMLParser.maxAliasExpansionBytes / 1_000_000) MB of text; write the text once, "
                        + "or fewer times")
            }
            try complete(anchored.node, size: anchored.size, bytes: anchored.bytes, anchor: nil, endIndex: event.endIndex)
        case .scalar(let text, let isPlain, let anchor):
            try complete(
                YAMLNode(.scalar(text, isPlain: isPlain), line: line, column: column), size: 1, bytes: text.utf8.count,
                anchor: anchor, endIndex: event.endIndex)
        case .sequenceStart(let anchor):
            stack.append(Frame(kind: .sequence, line: line, column: column, anchor: anchor))
        case .mappingStart(let anchor):
            stack.append(Frame(kind: .mapping, line: line, column: column, anchor: anchor))
        case .sequenceEnd:
            guard let frame = stack.popLast(), frame.kind == .sequence else { break }
            let node = YAMLNode(.sequence(frame.items), line: frame.line, column: frame.column)
            try complete(node, size: frame.size, bytes: frame.bytes, anchor: frame.anchor)
        case .mappingEnd:
            guard let frame = stack.popLast(), frame.kind == .mapping else { break }
            let pairs = try merged(frame.pairs)
            let node = YAMLNode(.mapping(pairs), line: frame.line, column: frame.column)
            try complete(node, size: frame.size, bytes: frame.bytes, anchor: frame.anchor)
        case .other:
            break
        }
        return false
    }

    /// Adds a finished node (of `size` nodes and `bytes` bytes of scalar text, ending before
    /// character `endIndex` when known) to the open collection, or makes it the root.
    private mutating func complete(_ node: YAMLNode, size: Int, bytes: Int, anchor: String?, endIndex: Int? = nil) throws(Diagnostic) {
        if let anchor { anchors[anchor] = (node, size, bytes) }
        guard !stack.isEmpty else {
            if case .scalar("", isPlain: true) = node.content { root = nil } else { root = node }
            return
        }
        let top = stack.count - 1
        stack[top].size += size
        stack[top].bytes += bytes
        switch stack[top].kind {
        case .sequence:
            stack[top].items.append(node)
        case .mapping:
            if let key = stack[top].pendingKey {
                stack[top].pairs.append(YAMLNode.Pair(key: key, value: node))
                stack[top].pendingKey = nil
            } else {
                guard let keyText = node.stringValue else {
                    throw .error(location(node.line, node.column), "a mapping key must be a scalar, not a sequence or mapping")
                }
                if let firstLine = stack[top].firstKeyLines.line(of: keyText) {
                    throw .error(location(node.line, node.column),
                        "duplicate key '\(keyText)' (first defined at line \(firstLine))")
                }
                stack[top].firstKeyLines.insert(keyText, line: node.line)
                stack[top].pendingKey = node
                stack[top].pendingKeyEnd = endIndex
            }
        }
    }

    /// Replaces each plain `<<` pair with the pairs of the mapping(s) it names that are not
    /// written in the mapping itself (<https://yaml.org/type/merge.html>).
    private func merged(_ pairs: [YAMLNode.Pair]) throws(Diagnostic) -> [YAMLNode.Pair] {
        func isMergeKey(_ key: YAMLNode) -> Bool { key.content == .scalar("<<", isPlain: true) }
        guard pairs.contains(where: { isMergeKey($0.key) }) else { return pairs }
        var taken = Set(pairs.filter { !isMergeKey($0.key) }.compactMap(\.key.stringValue))
        var result: [YAMLNode.Pair] = []
        for pair in pairs {
            guard isMergeKey(pair.key) else {
                result.append(pair)
                continue
            }
            let sources: [YAMLNode]
            switch pair.value.content {
            case .mapping: sources = [pair.value]
            case .sequence(let items): sources = items
            case .scalar: sources = [pair.value]
            }
            for source in sources {
                guard case .mapping(let sourcePairs) = source.content else {
                    throw .error(location(source.line, source.column),
                        "a merge key ('<<') needs a mapping or a list of mappings")
                }
                for sourcePair in sourcePairs {
                    let key = sourcePair.key.stringValue ?? ""
                    if taken.insert(key).inserted { result.append(sourcePair) }
                }
            }
        }
        return result
    }
}
