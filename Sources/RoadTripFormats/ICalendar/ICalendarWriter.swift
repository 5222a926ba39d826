import RoadTripCore

/// Writes iCalendar text (RFC 5545): content lines ended by CRLF (§3.1), folded so that no line
/// is longer than 75 octets (a fold never splits a UTF-8 sequence), TEXT values escaped (§3.3.11)
/// and parameter values quoted where they must be (§3.2).
public struct ICalendarWriter: Sendable {
    /// The document so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The document's UTF-8 bytes so far.
    private var bytes: [UInt8] = []

    /// The longest line in octets, CRLF not counted (RFC 5545 §3.1: "Lines of text SHOULD NOT be
    /// longer than 75 octets, excluding the line break").
    public static let maximumLineOctets = 75

    /// Creates an empty document.
    public init() {}

    /// `BEGIN:<component>` (`VCALENDAR`, `VEVENT`, `VTIMEZONE`, `STANDARD`, `DAYLIGHT`).
    public mutating func begin(_ component: String) {
        line("BEGIN:" + component)
    }

    /// `END:<component>`.
    public mutating func end(_ component: String) {
        line("END:" + component)
    }

    /// A property whose value is already in its value type's syntax (a DATE, DATE-TIME, FLOAT,
    /// URI, UTC-OFFSET…): written as given. `parameters` are `(name, value)` pairs, each value quoted
    /// when it holds `:`, `;` or `,` (§3.2); double quotes and control characters, which no
    /// parameter value may hold, are left out.
    public mutating func property(_ name: String, parameters: [(String, String)] = [], value: String) {
        var content = name
        for (parameterName, parameterValue) in parameters {
            let cleaned = String(String.UnicodeScalarView(parameterValue.unicodeScalars.filter {
                $0 != "\"" && !Self.isControl($0)
            }))
            let needsQuotes = cleaned.contains { $0 == ":" || $0 == ";" || $0 == "," }
            content += ";" + parameterName + "=" + (needsQuotes ? "\"" + cleaned + "\"" : cleaned)
        }
        line(content + ":" + value)
    }

    /// A property of value type TEXT, escaped (`escapedText`).
    public mutating func text(_ name: String, parameters: [(String, String)] = [], _ value: String) {
        property(name, parameters: parameters, value: Self.escapedText(value))
    }

    /// `value` as a TEXT value (RFC 5545 §3.3.11): `\` `;` `,` escaped with a backslash, a line
    /// break (CRLF, CR or LF) written `\n`, and other control characters, which TEXT may not hold
    /// (only HTAB may), left out.
    public static func escapedText(_ value: String) -> String {
        // Byte by byte: every character escaped or left out is ASCII, and the bytes of any other
        // character (≥ 0x80) are copied as they are.
        var value = value
        return value.withUTF8 { input in
            var escaped: [UInt8] = []
            escaped.reserveCapacity(input.count + 8)
            var previous: UInt8 = 0
            for byte in input {
                defer { previous = byte }
                // Two appends, not `+= [a, b]`: an array literal is a buffer allocated a byte.
                switch byte {
                case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                    escaped.append(UInt8(ascii: "\\"))
                    escaped.append(byte)
                case UInt8(ascii: "\r"):
                    escaped.append(UInt8(ascii: "\\"))
                    escaped.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\n"):
                    if previous != UInt8(ascii: "\r") {
                        escaped.append(UInt8(ascii: "\\"))
                        escaped.append(UInt8(ascii: "n"))
                    }
                case UInt8(ascii: "\t"): escaped.append(byte)
                default: if byte >= 0x20 && byte != 0x7F { escaped.append(byte) }
                }
            }
            return String(decoding: escaped, as: UTF8.self)
        }
    }

    /// A DATE value (§3.3.4): `YYYYMMDD` of `date`'s written day.
    public static func date(_ date: CalendarDate) -> String {
        ISO8601Time.pad(date.year, 4) + ISO8601Time.pad(date.month, 2) + ISO8601Time.pad(date.day, 2)
    }

    /// A DATE-TIME value (§3.3.5) of a wall-clock time: `YYYYMMDDTHHMMSS`, followed by `Z` when
    /// `isUTC` (form #2, UTC) and bare otherwise (form #1 with a `TZID` parameter, or form #3).
    /// `wallClockSeconds` counts seconds from 1970-01-01T00:00 on that clock; fractions of a second,
    /// which iCalendar cannot hold, are dropped.
    public static func dateTime(wallClockSeconds: Int, isUTC: Bool) -> String {
        let days = wallClockSeconds >= 0 ? wallClockSeconds / 86_400 : -((-wallClockSeconds + 86_399) / 86_400)
        let seconds = wallClockSeconds - days * 86_400
        let day = ISO8601Time.civilFromDays(days)
        return ISO8601Time.pad(day.year, 4) + ISO8601Time.pad(day.month, 2) + ISO8601Time.pad(day.day, 2) + "T"
            + ISO8601Time.pad(seconds / 3600, 2) + ISO8601Time.pad(seconds / 60 % 60, 2) + ISO8601Time.pad(seconds % 60, 2)
            + (isUTC ? "Z" : "")
    }

    /// A UTC-OFFSET value (§3.3.14): `+HHMM`, or `+HHMMSS` when the offset has seconds; `+0000`
    /// for zero (`-0000` is not allowed).
    public static func utcOffset(_ secondsEastOfGreenwich: Int) -> String {
        let magnitude = abs(secondsEastOfGreenwich)
        var text = (secondsEastOfGreenwich < 0 ? "-" : "+") + ISO8601Time.pad(magnitude / 3600, 2)
            + ISO8601Time.pad(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += ISO8601Time.pad(magnitude % 60, 2) }
        return text
    }

    /// Appends `content` as one logical line: folded before any octet that would make a physical
    /// line longer than `maximumLineOctets` (the continuation starts with a space, which counts),
    /// never inside a UTF-8 sequence (§3.1), and ended by CRLF.
    private mutating func line(_ content: String) {
        var content = content
        content.withUTF8 { octets in
            // Each physical line's octets appended at once (a byte at a time cost ~150
            // instructions an octet): the sequences are measured, the line copied when full.
            var lineStart = 0, lineOctets = 0, index = 0
            while index < octets.count {
                // One character's UTF-8 sequence, never split by a fold.
                let end = min(index + UTF8Sequence.length(startingWith: octets[index]), octets.count)
                if lineOctets + (end - index) > Self.maximumLineOctets {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: octets[lineStart..<index]))
                    bytes.append(contentsOf: Self.fold)
                    lineStart = index
                    lineOctets = 1
                }
                lineOctets += end - index
                index = end
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: octets[lineStart..<octets.count]))
        }
        bytes.append(UInt8(ascii: "\r"))
        bytes.append(UInt8(ascii: "\n"))
    }

    /// What a fold inserts: a line break and the space that starts the continuation (§3.1).
    private static let fold: [UInt8] = [UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " ")]

    /// The control characters iCalendar values may not hold (RFC 5545 §3.1's CONTROL: U+0000–U+0008,
    /// U+000A–U+001F, U+007F; HTAB is allowed).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
}
