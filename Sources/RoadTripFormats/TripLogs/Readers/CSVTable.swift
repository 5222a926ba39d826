import Foundation
import RoadTripCore

/// A streaming CSV reader (RFC 4180) whose columns are found by header name, never by position.
///
/// - Fields are separated by `delimiter` (default `,`); a field may be quoted with `"`, and a
///   quoted field may hold the delimiter, line breaks and doubled quotes `""` (RFC 4180 §2.5–2.7).
/// - Records end at LF, CRLF or a lone CR. Blank lines are skipped.
/// - The first record is the header. A UTF-8 byte order mark and one leading `#` (OpenTracks
///   writes `#time,trackpoint_type,…`) are removed, and names are trimmed of spaces.
/// - Lenient where real exporters are sloppy: a `"` inside an unquoted field, or text after a
///   closing quote, is kept as text. A quoted field still open at the end of the file is an error.
/// - The file is read in 64 KiB chunks and one `Record` buffer is reused, so memory does not grow
///   with the file.
struct CSVTable {
    /// A field that is present but cannot be read as the column's type.
    struct FieldError: Error {
        /// The header name of the column.
        var column: String
        /// The field's text.
        var text: String
        /// What was expected ("a number", "an ISO 8601 time", …).
        var expected: String

        /// The one-line warning text for a skipped row.
        var message: String { "\(column) \(QuotedText.doubleQuoted(text)) is not \(expected); row skipped" }
    }

    /// One record: the unquoted bytes of its fields, and the line it starts on.
    struct Record {
        /// All fields' bytes, concatenated.
        fileprivate(set) var bytes: [UInt8] = []
        /// Where each field ends in `bytes`.
        fileprivate(set) var ends: [Int] = []
        /// The 1-based line where the record starts.
        fileprivate(set) var line = 0
        /// The table's header names (shared storage, not copied).
        let header: [String]
        /// Whether numbers use a decimal comma (`1,5`).
        let decimalComma: Bool

        /// Number of fields in the record.
        var count: Int { ends.count }

        /// The bytes of field `index` (empty when the record is shorter).
        func field(_ index: Int) -> ArraySlice<UInt8> {
            guard index < ends.count else { return [] }
            let start = index == 0 ? 0 : ends[index - 1]
            return bytes[start..<ends[index]]
        }

        /// Field `index` as a String, trimmed of spaces.
        func string(_ index: Int) -> String {
            String(decoding: CSVTable.trimmed(field(index)), as: UTF8.self)
        }

        /// `true` when the column is absent or its field is empty (only spaces): a missing value.
        func isMissing(_ column: Int?) -> Bool {
            guard let column else { return true }
            return CSVTable.trimmed(field(column)).isEmpty
        }

        /// The number in `column`: `nil` when the column is absent or the field empty (missing);
        /// throws when the field holds something that is not a finite decimal number.
        func number(_ column: Int?) throws(FieldError) -> Double? {
            guard let column else { return nil }
            let text = CSVTable.trimmed(field(column))
            if text.isEmpty { return nil }
            guard let value = CSVTable.parseDouble(text, decimalComma: decimalComma) else {
                throw FieldError(column: header[column], text: string(column), expected: "a number")
            }
            return value
        }

        /// The integer in `column` (ASCII digits with an optional sign): `nil` when missing,
        /// throws when present but not an integer that fits in 64 bits.
        func integer(_ column: Int?) throws(FieldError) -> Int? {
            guard let column else { return nil }
            let text = CSVTable.trimmed(field(column))
            if text.isEmpty { return nil }
            guard let value = CSVTable.parseInteger(text) else {
                throw FieldError(column: header[column], text: string(column), expected: "an integer")
            }
            return value
        }

        /// The ISO 8601 time in `column` (see `TimestampParser`): `nil` when missing, throws when
        /// present but unparsable.
        func time(_ column: Int?, timeZone: TimeZone) throws(FieldError) -> (date: Date, hadZone: Bool)? {
            guard let column else { return nil }
            let text = CSVTable.trimmed(field(column))
            if text.isEmpty { return nil }
            let parsed = text.withUnsafeBufferPointer { TimestampParser.parse($0, fallback: timeZone) }
            guard let parsed else {
                throw FieldError(column: header[column], text: string(column), expected: "an ISO 8601 time")
            }
            return parsed
        }
    }

    /// Header names in file order.
    private(set) var header: [String]
    /// The path diagnostics name.
    let displayPath: String
    private let delimiter: UInt8
    private let decimalComma: Bool
    private var stream: ByteStream
    private var line = 1
    private var pendingLF = false
    private var record: Record

    /// Opens `url` and reads its header.
    /// - Parameters:
    ///   - delimiter: the field separator byte (`,`, `;`, tab).
    ///   - decimalComma: numbers may be written `1,5` as well as `1.5` (only sensible with a
    ///     delimiter other than `,`).
    /// - Throws: a `Diagnostic` error naming the file when it cannot be opened, is empty, or its
    ///   header has an unterminated quote.
    init(url: URL, displayPath: String, delimiter: UInt8 = UInt8(ascii: ","), decimalComma: Bool = false)
        throws(Diagnostic)
    {
        self.displayPath = displayPath
        self.delimiter = delimiter
        self.decimalComma = decimalComma
        if FileBytes.isBlankFile(url) {
            throw Diagnostic.error(SourceLocation(path: displayPath), FileBytes.emptyFileMessage("a CSV trip log needs a header line"))
        }
        stream = try ByteStream(url: url, displayPath: displayPath)
        record = Record(header: [], decimalComma: decimalComma)
        header = []
        var first = record
        guard try readRecord(into: &first) else {
            throw Diagnostic.error(SourceLocation(path: displayPath), FileBytes.emptyFileMessage("a CSV trip log needs a header line"))
        }
        var names: [String] = []
        for index in 0..<first.count {
            var bytes = Array(first.field(index))
            if index == 0 {
                if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
                if bytes.first == UInt8(ascii: "#") { bytes.removeFirst() }
            }
            names.append(String(decoding: CSVTable.trimmed(bytes[...]), as: UTF8.self))
        }
        header = names
        record = Record(header: names, decimalComma: decimalComma)
    }

    /// The index of the column named `name` (exact, case-sensitive), or `nil`.
    func column(_ name: String) -> Int? { header.firstIndex(of: name) }

    /// The next non-blank record, or `nil` at the end of the file. The returned value shares
    /// storage with the reader's buffer until the next call.
    /// - Throws: a `Diagnostic` error at the line of a quoted field that never closes.
    mutating func next() throws(Diagnostic) -> Record? {
        var current = record
        record = Record(header: [], decimalComma: false)  // release the buffer so it is not copied
        defer { record = current }
        return try readRecord(into: &current) ? current : nil
    }

    /// Reads one record into `out`, skipping blank lines; `false` at the end of the file.
    private mutating func readRecord(into out: inout Record) throws(Diagnostic) -> Bool {
        while true {
            out.bytes.removeAll(keepingCapacity: true)
            out.ends.removeAll(keepingCapacity: true)
            out.line = line
            var quoted = false
            var afterQuote = false
            var fieldHasContent = false
            var sawAny = false
            while true {
                guard let byte = stream.next() else {
                    if quoted {
                        throw Diagnostic.error(
                            SourceLocation(path: displayPath, line: out.line), "a quoted field is never closed")
                    }
                    if !sawAny { return false }
                    out.ends.append(out.bytes.count)
                    return true
                }
                if pendingLF {
                    pendingLF = false
                    if byte == 0x0A { continue }
                }
                sawAny = true
                if quoted {
                    if byte == 0x22 {
                        quoted = false
                        afterQuote = true
                    } else {
                        if byte == 0x0A { line += 1 }
                        out.bytes.append(byte)
                    }
                    continue
                }
                switch byte {
                case 0x22 where afterQuote:  // "" inside a quoted field
                    out.bytes.append(0x22)
                    quoted = true
                    afterQuote = false
                case 0x22 where !fieldHasContent:
                    quoted = true
                    fieldHasContent = true
                case delimiter:
                    out.ends.append(out.bytes.count)
                    fieldHasContent = false
                    afterQuote = false
                case 0x0A, 0x0D:
                    line += 1
                    if byte == 0x0D { pendingLF = true }
                    out.ends.append(out.bytes.count)
                    if out.ends.count == 1 && out.bytes.isEmpty && !fieldHasContent {
                        // A blank line: start again.
                        out.ends.removeAll(keepingCapacity: true)
                        out.line = line
                        sawAny = false
                        continue
                    }
                    return true
                default:
                    out.bytes.append(byte)
                    fieldHasContent = true
                    afterQuote = false
                }
            }
        }
    }

    /// `bytes` without leading and trailing spaces and tabs.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[start..<end]
    }

    /// A finite decimal number (`-12.5`, `1e-3`, with `decimalComma` also `12,5`; see
    /// `DecimalNumber`), or `nil` for anything else (including `nan`, `inf` and hex forms).
    /// With `decimalComma` a decimal point is still read (`12.5`): a `;`- or tab-separated file
    /// may come from either kind of locale, and neither `,` nor `.` is a thousands separator in a
    /// trip log's numbers.
    static func parseDouble(_ bytes: ArraySlice<UInt8>, decimalComma: Bool) -> Double? {
        bytes.withUnsafeBufferPointer { buffer in
            if decimalComma, let value = DecimalNumber.parse(buffer, decimalSeparator: 0x2C) { return value }
            return DecimalNumber.parse(buffer, decimalSeparator: 0x2E)
        }
    }

    /// A decimal integer with an optional sign, or `nil` (also on overflow).
    static func parseInteger(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        var negative = false
        if index < bytes.endIndex, bytes[index] == 0x2D || bytes[index] == 0x2B {
            negative = bytes[index] == 0x2D
            index += 1
        }
        guard index < bytes.endIndex else { return nil }
        var value = 0
        while index < bytes.endIndex {
            let digit = Int(bytes[index]) - 48
            guard digit >= 0 && digit <= 9 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(digit)
            guard !o1 && !o2 else { return nil }
            value = sum
            index += 1
        }
        return negative ? -value : value
    }
}

extension CSVTable {
    /// The value `transform` makes of the next record that has as many fields as the header, or
    /// `nil` at the end of the file. A record with a different number of fields, or for which
    /// `transform` throws a `FieldError`, is skipped and counted in `skipped` with a warning
    /// naming its line.
    /// - Throws: the `Diagnostic` error of `next()` (a quoted field that never closes).
    mutating func nextValue<T>(
        skipped: inout SkippedRecords, log: DiagnosticLog, _ transform: (Record) throws(FieldError) -> T
    ) throws(Diagnostic) -> T? {
        let width = header.count
        while let record = try next() {
            guard record.count == width else {
                skipped.skip(
                    reason: "with the wrong number of fields", line: record.line,
                    message: "the row has \(CountText.counted(record.count, "field")) but the header has \(width); row skipped", log: log)
                continue
            }
            do throws(FieldError) {
                return try transform(record)
            } catch {
                skipped.skip(reason: "with an unreadable value", line: record.line, message: error.message, log: log)
            }
        }
        return nil
    }

    /// Calls `body` with each usable record (see `nextValue`).
    mutating func forEachRecord(
        skipped: inout SkippedRecords, log: DiagnosticLog, _ body: (Record) throws(FieldError) -> Void
    ) throws(Diagnostic) {
        while try nextValue(skipped: &skipped, log: log, body) != nil {}
    }
}

extension CSVTable {
    /// Opens `url` with `,` as the delimiter, or, when that gives a one-column header containing
    /// `;` or a tab (GPSLogger's delimiter is configurable), with that delimiter and decimal commas
    /// allowed (a `;`-separated export usually comes from a locale that writes `1,5`).
    static func openSniffingDelimiter(url: URL, displayPath: String) throws(Diagnostic) -> CSVTable {
        let table = try CSVTable(url: url, displayPath: displayPath)
        guard table.header.count == 1, let name = table.header.first else { return table }
        for candidate in [UInt8(ascii: ";"), UInt8(ascii: "\t")] where name.utf8.contains(candidate) {
            return try CSVTable(url: url, displayPath: displayPath, delimiter: candidate, decimalComma: true)
        }
        return table
    }

    /// The error for a table that lacks a column a reader needs, listing the columns it has.
    func missingColumn(_ name: String, format: String) -> Diagnostic {
        .error(
            SourceLocation(path: displayPath, line: 1),
            "\(format) CSV without a \"\(name)\" column (columns: \(header.joined(separator: ", ")))")
    }
}
