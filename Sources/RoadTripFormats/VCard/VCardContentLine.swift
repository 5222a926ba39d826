import Foundation

/// One unfolded vCard content line (RFC 6350 §3.3; RFC 2426 §4 for 3.0), split into its parts:
/// `[group "."] name *(";" param) ":" value`, e.g. `item1.EMAIL;TYPE=work:anna@example.no`.
///
/// Parameter names are upper-cased; a vCard 2.1 bare parameter (`TEL;WORK;VOICE:`, still written by
/// phones in 3.0 files) is read as `ENCODING` when it names an encoding (`QUOTED-PRINTABLE`,
/// `BASE64`, `8BIT`), else as a `TYPE` value. Parameter values may be quoted (`"a;b"`) and are
/// comma-separated lists (RFC 6350 §5); a quoted `TYPE` list is a list too (§5.6's example).
struct VCardContentLine {
    /// The group before the name (`item1` of `item1.EMAIL`), or `nil`.
    var group: String?
    /// The property name, upper-cased (`EMAIL`).
    var name: String
    /// Parameter values by upper-cased parameter name (`TYPE: ["work", "voice"]`).
    var parameters: [String: [String]]
    /// The value as written after the first unquoted `:`, still escaped and encoded.
    var rawValue: String
    /// 1-based line in the file where the (folded) line starts.
    var line: Int

    /// Parses `text`; `nil` when it has no `:` or no name.
    init?(_ text: String, line: Int) {
        var nameAndParameters: [String] = []
        var current = ""
        var inQuotes = false
        var valueStart: String.Index?
        for index in text.indices {
            let character = text[index]
            if character == "\"" {
                inQuotes.toggle()
            } else if !inQuotes && (character == ";" || character == ":") {
                nameAndParameters.append(current)
                current = ""
                if character == ":" {
                    valueStart = text.index(after: index)
                    break
                }
                continue
            }
            current.append(character)
        }
        guard let valueStart, let fullName = nameAndParameters.first?.trimmingCharacters(in: .whitespaces),
            !fullName.isEmpty
        else { return nil }
        if let dot = fullName.lastIndex(of: ".") {
            group = String(fullName[..<dot])
            name = fullName[fullName.index(after: dot)...].uppercased()
        } else {
            group = nil
            name = fullName.uppercased()
        }
        guard !name.isEmpty else { return nil }
        parameters = [:]
        for parameter in nameAndParameters.dropFirst() where !parameter.isEmpty {
            let (key, values) = Self.parameter(parameter)
            parameters[key, default: []] += values
        }
        rawValue = String(text[valueStart...])
        self.line = line
    }

    /// The encodings vCard 2.1 allows as bare parameters.
    private static let bareEncodings: Set = ["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]

    /// `TYPE=work,"x;y"` → ("TYPE", ["work", "x;y"]); a bare `WORK` → ("TYPE", ["WORK"]).
    private static func parameter(_ text: String) -> (String, [String]) {
        guard let equals = text.firstIndex(of: "=") else {
            let bare = text.trimmingCharacters(in: .whitespaces)
            return (bareEncodings.contains(bare.uppercased()) ? "ENCODING" : "TYPE", [bare])
        }
        let key = text[..<equals].trimmingCharacters(in: .whitespaces).uppercased()
        var values: [String] = []
        var value = ""
        var inQuotes = false
        for character in text[text.index(after: equals)...] {
            if character == "\"" {
                inQuotes.toggle()
            } else if character == "," && !inQuotes {
                values.append(value)
                value = ""
            } else {
                value.append(character)
            }
        }
        values.append(value)
        // RFC 6350 §5.6 writes TYPE lists quoted (`TYPE="voice,home"`): still a list.
        if key == "TYPE" { values = values.flatMap { $0.split(separator: ",").map(String.init) } }
        return (key, values)
    }

    /// The first value of parameter `name` (upper-case), or `nil`.
    func parameter(_ name: String) -> String? { parameters[name]?.first }

    /// `true` when the value is quoted-printable (`ENCODING=QUOTED-PRINTABLE`, vCard 2.1/3.0 as
    /// phones export it; RFC 2045 §6.7).
    var isQuotedPrintable: Bool {
        parameters["ENCODING"]?.contains { $0.uppercased() == "QUOTED-PRINTABLE" } ?? false
    }

    /// How much this property is preferred: 1 (most) to 100 (RFC 6350 §5.3 `PREF`), 1 for 3.0's
    /// `TYPE=pref` (RFC 2426 §3.3.1), 101 when not marked (after every marked one).
    var preference: Int {
        if let pref = parameter("PREF").flatMap({ Int($0) }), (1...100).contains(pref) { return pref }
        let types = (parameters["TYPE"] ?? []).map { $0.lowercased() }
        return types.contains("pref") ? 1 : 101
    }

    /// The value with its transfer encoding undone: quoted-printable bytes decoded in the
    /// `CHARSET` named (UTF-8 when none; also US-ASCII, ISO-8859-1 and Windows-1252), other values
    /// as written. Still vCard-escaped (see `VCardText`). `nil` when the decoded bytes are not
    /// valid in that charset or the charset is unknown.
    func decodedValue() -> String? {
        guard isQuotedPrintable else { return rawValue }
        let bytes = Self.quotedPrintableBytes(rawValue)
        switch (parameter("CHARSET") ?? "UTF-8").uppercased() {
        case "UTF-8", "UTF8": return String(validating: bytes, as: UTF8.self)
        case "US-ASCII", "ASCII": return bytes.allSatisfy({ $0 < 0x80 }) ? String(decoding: bytes, as: UTF8.self) : nil
        case "ISO-8859-1", "LATIN1", "ISO_8859-1": return String(data: Data(bytes), encoding: .isoLatin1)
        case "WINDOWS-1252", "CP1252": return String(data: Data(bytes), encoding: .windowsCP1252)
        default: return nil
        }
    }

    /// Quoted-printable decoding (RFC 2045 §6.7 rule 1): `=XY` (hex, either case) is the byte XY;
    /// an `=` not followed by two hex digits is kept as written; every other character is its
    /// UTF-8 bytes. Soft line breaks are already removed by unfolding (`VCardReader`).
    static func quotedPrintableBytes(_ text: String) -> [UInt8] {
        let input = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "="), index + 2 < input.count,
                let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
