/// The UTF-8 source of one template with a table of line starts, so that byte offsets found by
/// the tokenizer and parser can be reported as 1-based line and column.
struct MustacheSource: Sendable {
    /// The template's library name (used in errors).
    let name: String
    /// The template text as UTF-8.
    let bytes: [UInt8]
    /// Byte offset at which each line begins; `lineStarts[0] == 0`.
    private let lineStarts: [Int]

    init(text: String, name: String) {
        self.name = name
        bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    /// The 1-based line containing byte `offset`.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The 1-based column of byte `offset` in its line, counted in Unicode scalars.
    func column(of offset: Int) -> Int {
        let start = lineStarts[line(of: offset) - 1]
        // Count the bytes that begin a scalar (not UTF-8 continuation bytes 10xxxxxx).
        return bytes[start..<min(offset, bytes.count)].reduce(1) { count, byte in
            byte & 0xC0 == 0x80 ? count : count + 1
        }
    }

    /// A `TemplateError` located at byte `offset`.
    func error(at offset: Int, _ message: String) -> TemplateError {
        TemplateError(templateName: name, line: line(of: offset), column: column(of: offset),
                      message: message)
    }

    /// The bytes in `range` as a string.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
