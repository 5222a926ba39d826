import Foundation
import RoadTripCore

/// A forward-only reader of JSON text (RFC 8259) straight from a file's bytes, for logs too large
/// to parse into a tree: Google location history runs to hundreds of megabytes, and
/// `JSONDocument` would hold all of it. The file is read through one reused buffer (`read(2)`),
/// so memory stays the same whatever the file's length; the caller walks the structure it
/// expects (`nextKey`, `nextElement`, `readString`, `readNumber`) and skips the rest (`skipValue`).
///
/// - Members may come in any order and with any white space (space, tab, CR, LF: RFC 8259 §2).
/// - Strings are decoded: every escape of RFC 8259 §7, `\u` with four hexadecimal digits and surrogate pairs of them included (a lone
///   surrogate becomes U+FFFD). A string is handed out as bytes that stay valid until the next call.
/// - Numbers are checked against RFC 8259 §6's grammar and handed out as their text.
/// - A value the caller skips is matched bracket by bracket and string by string, and its literals
///   (`true`, `false`, `null`) and numbers are checked by their first byte only: a skipped value is
///   not read for meaning, so it is not validated further.
/// - Lines and columns are 1-based; a column counts characters (UTF-8 continuation bytes are not
///   counted), so `°` in a coordinate text takes one column, as an editor shows it.
///
/// A syntax error throws `SyntaxError` with the line and column of the byte at fault.
final class JSONByteScanner {
    /// What is wrong, and where (1-based line and column).
    struct SyntaxError: Error {
        var message: String
        var line: Int
        var column: Int
    }

    /// A place in the file: 1-based line and column.
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    /// Deepest nesting `skipValue` follows (deeper is a syntax error, not a stack overflow).
    static let maximumDepth = 512

    private let descriptor: Int32
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Valid bytes in `buffer`, and the next one to read.
    private var count = 0
    private var index = 0
    /// File offset of `buffer[0]`.
    private var bufferOffset = 0
    /// The current line (1-based), the file offset of its first byte, and the UTF-8 continuation
    /// bytes met on it so far (columns count characters).
    private var line = 1
    private var lineStart = 0
    private var continuationBytes = 0
    private var atEnd = false
    /// Decoded strings that had escapes or crossed a refill, and number texts that crossed one:
    /// bytes, how many are used, how many fit.
    private var scratch: UnsafeMutablePointer<UInt8>
    private var scratchCount = 0
    private var scratchCapacity = 256
    /// The member name `nextKey` returned last.
    private var keyStorage: UnsafeMutablePointer<UInt8>
    private var keyCapacity = 64
    /// Bytes read so far (for a budget, as `GoogleLocationHistoryFormat.recognizes` keeps).
    var bytesRead: Int { bufferOffset + index }

    /// Opens `url` for reading with a buffer of `bufferSize` bytes (tests use tiny ones, so every
    /// token crosses a refill somewhere).
    /// - Throws: a `Diagnostic` naming `displayPath` when the file cannot be opened.
    init(url: URL, displayPath: String, bufferSize: Int = 1 << 20) throws(Diagnostic) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Diagnostic.error(SourceLocation(path: displayPath), FileBytes.reason(for: url, error: nil))
        }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Diagnostic.error(
                SourceLocation(path: displayPath), FileBytes.reason(for: url, error: CocoaError(.fileReadUnknown)))
        }
        self.descriptor = descriptor
        capacity = max(bufferSize, 8)
        buffer = .allocate(capacity: capacity)
        scratch = .allocate(capacity: scratchCapacity)
        keyStorage = .allocate(capacity: keyCapacity)
        // A UTF-8 byte order mark (a file saved by Notepad) is not JSON: skip it, and count columns
        // after it (RFC 8259 §8.1 lets a parser ignore it).
        var head: [UInt8] = [0, 0, 0]
        if pread(descriptor, &head, 3, 0) == 3 && head == [0xEF, 0xBB, 0xBF] && lseek(descriptor, 3, SEEK_SET) == 3 {
            bufferOffset = 3
            lineStart = 3
        }
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
        scratch.deallocate()
        keyStorage.deallocate()
    }

    /// Appends `byte` to `scratch`, growing it when full.
    private func appendScratch(_ byte: UInt8) {
        if scratchCount == scratchCapacity {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchCapacity * 2)
            grown.update(from: scratch, count: scratchCount)
            scratch.deallocate()
            scratch = grown
            scratchCapacity *= 2
        }
        scratch[scratchCount] = byte
        scratchCount += 1
    }

    /// What `scratch` holds.
    private var scratchBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: scratch, count: scratchCount) }

    // MARK: Positions

    /// The position of the next byte to read.
    var position: Position {
        Position(line: line, column: bufferOffset + index - lineStart - continuationBytes + 1)
    }

    /// A syntax error at the next byte to read.
    func error(_ message: String) -> SyntaxError {
        let here = position
        return SyntaxError(message: message, line: here.line, column: here.column)
    }

    // MARK: Bytes

    /// Refills the buffer when it is used up; `false` at the end of the file.
    @inline(__always)
    private func ensureByte() throws(SyntaxError) -> Bool {
        if index < count { return true }
        return try refill()
    }

    private func refill() throws(SyntaxError) -> Bool {
        if atEnd { return false }
        bufferOffset += count
        index = 0
        count = 0
        while true {
            let got = read(descriptor, buffer, capacity)
            if got > 0 {
                count = got
                return true
            }
            if got == 0 {
                atEnd = true
                return false
            }
            if errno == EINTR { continue }
            atEnd = true
            throw error("the file could not be read (\(String(cString: strerror(errno))))")
        }
    }

    /// Skips white space and returns the next byte without consuming it; `nil` at the end.
    func peek() throws(SyntaxError) -> UInt8? {
        while true {
            guard try ensureByte() else { return nil }
            var i = index
            let end = count
            let bytes = buffer
            while i < end {
                let byte = bytes[i]
                switch byte {
                case 0x20, 0x09, 0x0D:
                    i += 1
                case 0x0A:
                    i += 1
                    line += 1
                    lineStart = bufferOffset + i
                    continuationBytes = 0
                default:
                    index = i
                    return byte
                }
            }
            index = i
        }
    }

    /// Consumes the byte `peek` returned.
    @inline(__always)
    func advance() { index += 1 }

    /// Consumes `byte` (after white space), or throws saying `expected`.
    func expect(_ byte: UInt8, _ expected: String) throws(SyntaxError) {
        guard try peek() == byte else { throw unexpected(expected) }
        index += 1
    }

    /// A syntax error for the next byte, which is not what was `expected`.
    func unexpected(_ expected: String) -> SyntaxError {
        guard index < count else { return error("the file ends where \(expected) was expected") }
        let byte = buffer[index]
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "byte 0x%02X", byte)
        return error("expected \(expected), found \(shown)")
    }

    // MARK: Structure

    /// Steps to the next member of the object being read and returns its key (valid until the next
    /// call), having consumed the `:` after it; `nil` after consuming the closing `}`.
    /// `first` is true before the object's first member (the `{` already consumed) and is cleared.
    func nextKey(first: inout Bool) throws(SyntaxError) -> UnsafeBufferPointer<UInt8>? {
        var byte = try peek()
        if byte == 0x7D {
            index += 1
            return nil
        }
        if !first {
            guard byte == 0x2C else { throw unexpected("',' or '}'") }
            index += 1
            byte = try peek()
        }
        first = false
        guard byte == 0x22 else { throw unexpected("a member name in double quotes") }
        // Copied out: finding the ':' may refill the buffer under the key.
        let key = try readString()
        if key.count > keyCapacity {
            keyStorage.deallocate()
            keyCapacity = key.count * 2
            keyStorage = .allocate(capacity: keyCapacity)
        }
        if let base = key.baseAddress { keyStorage.update(from: base, count: key.count) }
        let copy = UnsafeBufferPointer(start: keyStorage, count: key.count)
        try expect(0x3A, "':' after a member name")
        return copy
    }

    /// Steps to the next element of the array being read: `true` with the scanner before it,
    /// `false` after consuming the closing `]`. `first` as for `nextKey`.
    func nextElement(first: inout Bool) throws(SyntaxError) -> Bool {
        let byte = try peek()
        if byte == 0x5D {
            index += 1
            return false
        }
        if !first {
            guard byte == 0x2C else { throw unexpected("',' or ']'") }
            index += 1
            guard try peek() != nil else { throw unexpected("a value") }
        }
        first = false
        guard byte != nil else { throw unexpected("a value or ']'") }
        return true
    }

    /// Checks that nothing but white space follows the top-level value.
    func expectEnd() throws(SyntaxError) {
        guard try peek() == nil else { throw error("unexpected text after the end of the JSON value") }
    }

    // MARK: Strings

    /// Reads the string that starts at the next byte (`"`), decoding its escapes; the bytes stay
    /// valid until the next call to the scanner.
    func readString() throws(SyntaxError) -> UnsafeBufferPointer<UInt8> {
        guard try peek() == 0x22 else { throw unexpected("a string") }
        index += 1
        // The fast path: no escape, and the closing quote in this buffer: the bytes in place.
        var i = index
        let end = count
        let bytes = buffer
        while i < end {
            let byte = bytes[i]
            if byte == 0x22 {
                let result = UnsafeBufferPointer(start: bytes + index, count: i - index)
                index = i + 1
                return result
            }
            if byte == 0x5C || byte < 0x20 { break }
            if byte >= 0x80 && byte < 0xC0 { continuationBytes += 1 }
            i += 1
        }
        // The slow path, from the start of the string: into `scratch`. The fast path counted the
        // continuation bytes before file offset `counted`.
        let counted = bufferOffset + i
        scratchCount = 0
        while true {
            guard try ensureByte() else { throw error("the file ends inside a string") }
            let byte = buffer[index]
            if byte == 0x22 {
                index += 1
                return scratchBytes
            }
            if byte < 0x20 { throw error("a control character inside a string; write it as an escape") }
            if byte == 0x5C {
                index += 1
                try readEscape()
                continue
            }
            if byte >= 0x80 && byte < 0xC0 && bufferOffset + index >= counted { continuationBytes += 1 }
            appendScratch(byte)
            index += 1
        }
    }

    /// Decodes one escape after its backslash into `scratch`.
    private func readEscape() throws(SyntaxError) {
        guard try ensureByte() else { throw error("the file ends inside a string") }
        let byte = buffer[index]
        index += 1
        switch byte {
        case 0x22, 0x5C, 0x2F: appendScratch(byte)
        case 0x62: appendScratch(0x08)
        case 0x66: appendScratch(0x0C)
        case 0x6E: appendScratch(0x0A)
        case 0x72: appendScratch(0x0D)
        case 0x74: appendScratch(0x09)
        case 0x75:
            var scalar = try readHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate needs `\u` and a low one after it.
                if try ensureByte(), buffer[index] == 0x5C {
                    index += 1
                    guard try ensureByte(), buffer[index] == 0x75 else {
                        throw error("a \\u escape of a high surrogate must be followed by one of a low surrogate")
                    }
                    index += 1
                    let low = try readHex4()
                    scalar = (0xDC00...0xDFFF).contains(low) ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
            }
            let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            for byte in String(character).utf8 { appendScratch(byte) }
        default:
            index -= 1
            throw error(Self.escapeProblem(byte) ?? "not a JSON escape")
        }
    }

    /// What is wrong with `byte` after a backslash in a string, or `nil` for one of JSON's escapes
    /// (RFC 8259 §7: `"` `\` `/` `b` `f` `n` `r` `t` `u`). One line whatever the byte.
    private static func escapeProblem(_ byte: UInt8) -> String? {
        switch byte {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74, 0x75: return nil
        case ..<0x20: return "a control character inside a string; write it as an escape"
        case 0x80...: return "a backslash before a non-ASCII character is not a JSON escape"
        default: return "'\\\(Character(Unicode.Scalar(byte)))' is not a JSON escape"
        }
    }

    private func readHex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard try ensureByte() else { throw error("the file ends inside a \\u escape") }
            let byte = buffer[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    // MARK: Numbers

    /// Reads the number that starts at the next byte and returns its text (RFC 8259 §6:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`), valid until the next call.
    func readNumber() throws(SyntaxError) -> UnsafeBufferPointer<UInt8> {
        guard let first = try peek(), first == 0x2D || (first >= 0x30 && first <= 0x39) else { throw unexpected("a number") }
        let start = index
        var i = index
        let end = count
        while i < end, Self.isNumberByte(buffer[i]) { i += 1 }
        let text: UnsafeBufferPointer<UInt8>
        if i < end {
            text = UnsafeBufferPointer(start: buffer + start, count: i - start)
            index = i
        } else {
            // The number runs to the end of the buffer: gather it across refills.
            scratchCount = 0
            while try ensureByte(), Self.isNumberByte(buffer[index]) {
                appendScratch(buffer[index])
                index += 1
            }
            text = scratchBytes
        }
        guard Self.isJSONNumber(text) else {
            let here = position
            throw SyntaxError(
                message: "\"\(String(decoding: text, as: UTF8.self))\" is not a JSON number", line: here.line,
                column: here.column - text.count)
        }
        return text
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2B || byte == 0x2E || byte == 0x65 || byte == 0x45
    }

    /// Whether `text` follows RFC 8259 §6's number grammar exactly.
    static func isJSONNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = text.count
        func digits() -> Int {
            let start = i
            while i < n, text[i] >= 0x30, text[i] <= 0x39 { i += 1 }
            return i - start
        }
        if i < n, text[i] == 0x2D { i += 1 }
        guard i < n else { return false }
        if text[i] == 0x30 {
            i += 1
        } else if digits() == 0 {
            return false
        }
        if i < n, text[i] == 0x2E {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < n, text[i] == 0x65 || text[i] == 0x45 {
            i += 1
            if i < n, text[i] == 0x2B || text[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n
    }

    // MARK: Skipping

    /// Skips the value that starts at the next byte, whatever it is (see the type's note on what is
    /// checked in a skipped value).
    func skipValue() throws(SyntaxError) {
        guard let first = try peek() else { throw unexpected("a value") }
        switch first {
        case 0x7B, 0x5B: try skipContainer()
        case 0x22: _ = try readString()
        case 0x2D, 0x30...0x39: _ = try readNumber()
        case 0x74: try skipLiteral("true")
        case 0x66: try skipLiteral("false")
        case 0x6E: try skipLiteral("null")
        default: throw unexpected("a value")
        }
    }

    private func skipLiteral(_ word: StaticString) throws(SyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard try ensureByte(), buffer[index] == byte else { throw unexpected("'\(word)'") }
            index += 1
        }
    }

    /// Skips an object or array: one pass over its bytes, matching brackets (the closer each open
    /// one expects kept on a stack) and strings; line breaks outside strings count lines.
    private func skipContainer() throws(SyntaxError) {
        var closers: [Bool] = []  // true: '}' expected, false: ']'
        closers.reserveCapacity(16)
        var inString = false
        var escaped = false
        repeat {
            guard try ensureByte() else {
                throw error(inString ? "the file ends inside a string" : "the file ends inside an unclosed \(closers.last == true ? "object" : "array")")
            }
            var i = index
            let end = count
            let bytes = buffer
            while i < end {
                let byte = bytes[i]
                if inString {
                    if escaped {
                        escaped = false
                        if let problem = Self.escapeProblem(byte) {
                            index = i
                            throw error(problem)
                        }
                    } else if byte == 0x5C {
                        escaped = true
                    } else if byte == 0x22 {
                        inString = false
                    } else if byte < 0x20 {
                        index = i
                        throw error("a control character inside a string; write it as an escape")
                    } else if byte >= 0x80 && byte < 0xC0 {
                        continuationBytes += 1
                    }
                    i += 1
                    continue
                }
                switch byte {
                case 0x22:
                    inString = true
                case 0x7B, 0x5B:
                    guard closers.count < Self.maximumDepth else {
                        index = i
                        throw error("nested more than \(Self.maximumDepth) levels deep")
                    }
                    closers.append(byte == 0x7B)
                case 0x7D, 0x5D:
                    guard let expected = closers.popLast(), expected == (byte == 0x7D) else {
                        index = i
                        throw error("'\(Character(Unicode.Scalar(byte)))' does not close the \(closers.last == true ? "object" : "array") open here")
                    }
                    if closers.isEmpty {
                        index = i + 1
                        return
                    }
                case 0x0A:
                    line += 1
                    lineStart = bufferOffset + i + 1
                    continuationBytes = 0
                default:
                    break
                }
                i += 1
            }
            index = i
        } while true
    }
}
