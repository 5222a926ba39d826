/// Finds where each start tag of an XML document begins, in document order: the 1-based line and
/// column of its `<`, which libxml2's streaming reader does not give (it keeps only a node's
/// line, the line where its start tag ends). Used beside `XMLStreamReader`: the reader's n-th
/// element is the locator's n-th start tag, and its name tells whether they agree.
///
/// A small scan of the bytes, not a parser: it steps over comments, CDATA sections, processing
/// instructions, the document type declaration (with its internal subset, quoted strings and
/// comments inside it), end tags and quoted attribute values, and stops at the end of the bytes
/// whatever they hold; on a document that is not well-formed its answers mean nothing (the reader
/// reports the error).
///
/// Lines end at LF, CR LF or CR (as XML 1.0 §2.11 normalises them, and libxml2 counts them).
/// Columns count Unicode scalars in a UTF-8 document (a tab counts as one) and bytes in a document
/// whose XML declaration names another encoding (ISO-8859-1, windows-1252, … one byte a
/// character); a leading UTF-8 byte order mark takes no column. A UTF-16 or UTF-32 document (by
/// its byte order mark or its first bytes, XML 1.0 Appendix F) cannot be scanned byte by byte:
/// `isUsable` is `false` and `next()` returns `nil`.
///
/// `Bytes` is the document's storage, indexed from 0: an array, or a mapped file's bytes read in
/// place (`Data.withUnsafeBytes`), never copied however large the file.
struct XMLStartTagLocator<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
    typealias StartTag = XMLStartTag

    private let bytes: Bytes
    private var offset = 0
    private var line = 1
    private var column = 1
    /// `true` when each byte is one character (a single-byte encoding).
    private let countsBytes: Bool
    /// The last byte stepped over was a CR, so an LF right after it ends no further line.
    private var afterCarriageReturn = false

    /// `false` for a UTF-16 or UTF-32 document, which this byte scan cannot read.
    let isUsable: Bool

    /// A locator over a whole document.
    init(bytes: Bytes) {
        precondition(bytes.startIndex == 0, "XMLStartTagLocator reads bytes indexed from 0")
        self.bytes = bytes
        let first = bytes.prefix(4)
        isUsable = !(first.starts(with: [0xFE, 0xFF]) || first.starts(with: [0xFF, 0xFE])
            || first.starts(with: [0x00, 0x3C]) || first.starts(with: [0x3C, 0x00])
            || first.starts(with: [0x00, 0x00]))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        countsBytes = Self.declaresSingleByteEncoding(bytes[offset...])
    }

    /// The next start tag after the last one returned, or `nil` when there is none.
    mutating func next() -> StartTag? {
        guard isUsable else { return nil }
        while offset < bytes.count {
            guard bytes[offset] == UInt8(ascii: "<") else {
                step()
                continue
            }
            if follows("<!--") {
                skip(past: "-->")
            } else if follows("<![CDATA[") {
                skip(past: "]]>")
            } else if follows("<!") {
                skipDeclaration()
            } else if follows("<?") {
                skip(past: "?>")
            } else if follows("</") {
                skipTag()
            } else {
                var tag = StartTag(line: line, column: column, name: nameAfterAngleBracket())
                skipTag()
                (tag.contentLine, tag.contentColumn) = (line, column)
                return tag
            }
        }
        return nil
    }

    /// Where the entity reference `&name;` next begins (the line and column of its `&`), looking
    /// from the end of the last start tag returned through its character data (comments and
    /// CDATA sections stepped over); `nil` when a tag comes first or the locator is not usable.
    /// `next()` goes on from where it was.
    func entityReference(named name: String) -> (line: Int, column: Int)? {
        guard isUsable else { return nil }
        let reference = Array("&\(name);".utf8)
        var scan = self
        while scan.offset < bytes.count {
            if bytes[scan.offset] == UInt8(ascii: "<") {
                if scan.follows("<!--") {
                    scan.skip(past: "-->")
                } else if scan.follows("<![CDATA[") {
                    scan.skip(past: "]]>")
                } else {
                    return nil
                }
                continue
            }
            if bytes[scan.offset...].starts(with: reference) { return (scan.line, scan.column) }
            scan.step()
        }
        return nil
    }

    /// `column` (1-based) on the document's 1-based `line`, at most one past the line's end as this
    /// type counts columns (characters in UTF-8, bytes in a single-byte encoding): libxml2 counts
    /// some columns of a document it converts from another encoding (ISO-8859-1, windows-1252, …)
    /// in the bytes of the UTF-8 it made, which can point past the end of the line. `column`
    /// unchanged when the locator is not usable (UTF-16, UTF-32) or the line is not there.
    func clamped(column: Int, line: Int) -> Int {
        guard isUsable, line >= 1 else { return column }
        var scan = self
        while scan.offset < bytes.count && scan.line < line { scan.step() }
        guard scan.line == line else { return column }
        while scan.offset < bytes.count && bytes[scan.offset] != 0x0A && bytes[scan.offset] != 0x0D { scan.step() }
        return min(column, scan.column)
    }

    // MARK: Scanning

    /// Steps over one byte, counting lines and columns.
    private mutating func step() {
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case 0x0A:
            if !afterCarriageReturn {
                line += 1
                column = 1
            }
            afterCarriageReturn = false
        case 0x0D:
            line += 1
            column = 1
            afterCarriageReturn = true
        default:
            afterCarriageReturn = false
            // UTF-8 continuation bytes (10xxxxxx) do not start a scalar.
            if countsBytes || byte & 0xC0 != 0x80 { column += 1 }
        }
    }

    /// Whether the bytes at the current offset start with `literal` (ASCII).
    private func follows(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        for index in 0..<count where bytes[offset + index] != literal.utf8Start[index] { return false }
        return true
    }

    /// Steps past the next occurrence of `terminator` (or to the end).
    private mutating func skip(past terminator: StaticString) {
        while offset < bytes.count && !follows(terminator) { step() }
        for _ in 0..<terminator.utf8CodeUnitCount where offset < bytes.count { step() }
    }

    /// Steps past a tag's closing `>`, over quoted attribute values (which may hold `>`).
    private mutating func skipTag() {
        var quote: UInt8?
        while offset < bytes.count {
            let byte = bytes[offset]
            step()
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return
            }
        }
    }

    /// Steps past a `<!…>` declaration (`<!DOCTYPE …>`), over its quoted strings and its internal
    /// subset `[…]` with the declarations, comments and processing instructions inside.
    private mutating func skipDeclaration() {
        var quote: UInt8?
        var inSubset = false
        step()  // "<"
        while offset < bytes.count {
            let byte = bytes[offset]
            if let open = quote {
                step()
                if byte == open { quote = nil }
            } else if inSubset && follows("<!--") {
                skip(past: "-->")
            } else if inSubset && follows("<?") {
                skip(past: "?>")
            } else {
                step()
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: "["): inSubset = true
                case UInt8(ascii: "]"): inSubset = false
                case UInt8(ascii: ">") where !inSubset: return
                default: break
                }
            }
        }
    }

    /// The name that follows the `<` at the current offset (up to white space, `/` or `>`).
    private func nameAfterAngleBracket() -> String {
        var end = offset + 1
        while end < bytes.count, !Self.endsName(bytes[end]) { end += 1 }
        return String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: ">")
    }

    /// Whether the document starts with an XML declaration whose `encoding` is not UTF-8
    /// (`<?xml version="1.0" encoding="ISO-8859-1"?>`).
    private static func declaresSingleByteEncoding(_ bytes: Bytes.SubSequence) -> Bool {
        guard bytes.starts(with: Array("<?xml".utf8)), let end = bytes.firstRange(of: Array("?>".utf8)) else {
            return false
        }
        let declaration = String(decoding: bytes[bytes.startIndex..<end.lowerBound], as: UTF8.self).lowercased()
        guard let match = declaration.firstMatch(of: #/encoding\s*=\s*["']([^"']*)["']/#) else { return false }
        let encoding = match.1
        return encoding != "utf-8" && encoding != "utf8" && !encoding.hasPrefix("utf-16")
    }
}

/// Where one start tag (or empty-element tag) begins, and its name as written.
struct XMLStartTag: Equatable {
    /// 1-based line of the `<`.
    var line: Int
    /// 1-based column of the `<`.
    var column: Int
    /// The qualified name as written (`dict`, `gpxtpx:speed`), as UTF-8 text.
    var name: String
    /// 1-based line and column just after the tag's `>`: where the element's content starts.
    var contentLine = 0
    var contentColumn = 0
}
