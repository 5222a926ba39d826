import Foundation
import RoadTripCore

/// Reads a destination's `contacts.vcf`: vCard 4.0 (RFC 6350), 3.0 (RFC 2426) and the 2.1-style
/// parts phones still write into 3.0 files, several cards per file.
///
/// - Lines end in CRLF, LF or CR. A line starting with a space or tab continues the previous one
///   (RFC 6350 §3.2 unfolding: the break and that one white-space character are removed). A
///   quoted-printable value ending in `=` continues on the next line (RFC 2045 §6.7 rule 5 soft
///   line break: the `=` and the break are removed), however that line starts.
/// - Properties read: `FN`, `N` (family;given;additional;prefixes;suffixes), `EMAIL`, `TEL`, `ADR`
///   (the 7 components of `Contact.Address`), `GEO`, `PHOTO` (presence only) and `NOTE`, with or
///   without a group (`item1.EMAIL`); others are ignored. Values are unescaped (`VCardText`) and
///   quoted-printable values decoded in their `CHARSET` (`VCardContentLine.decodedValue()`).
///   Several `EMAIL`/`TEL`/`ADR` keep card order, except that preferred ones (`PREF=1`,
///   `TYPE=pref`) come first.
/// - `GEO`: a 4.0 `geo:` URI (RFC 5870: `geo:69.6496,18.9560` with optional altitude and `;u=`
///   parameters) or 3.0's `69.6496;18.9560`; degrees, latitude first.
///
/// A card that cannot be used is skipped, counted, and reported as a warning at its
/// `BEGIN:VCARD` line: no `END:VCARD` (before the next `BEGIN:VCARD` or the end of the file), no
/// name (neither `FN` nor `N` has text), or a `GEO` that is not two numbers within −90…90 and
/// −180…180. The first 20 skipped cards and the first 20 ignored lines each get a warning; past
/// that, one summary warning counts each kind (`SkippedRecords`). A property whose quoted-printable bytes are not valid in its charset is a warning at
/// its line and is left out. A file that does not start with `BEGIN:VCARD` is not a vCard: an
/// error.
public enum VCardReader {
    /// What one file holds.
    public struct Contents: Sendable, Hashable {
        /// The usable cards, in file order.
        public var contacts: [Contact]
        /// How many cards were skipped (each with a warning).
        public var skippedCount: Int
    }

    /// Reads the vCard file at `url` (UTF-8 with or without a BOM; a file that is not valid
    /// UTF-8 is read as ISO-8859-1, as old exporters wrote it, with a warning at the first bad
    /// byte). Returns `nil` after an error at `displayPath` when the file cannot be read or is not
    /// a vCard file.
    public static func read(_ url: URL, displayPath: String, log: DiagnosticLog) -> Contents? {
        guard let data = FileBytes.read(url, displayPath: displayPath, log: log) else { return nil }
        return read(data, displayPath: displayPath, log: log)
    }

    /// Reads the cards in `data`, a vCard file's whole contents, as the `URL` variant
    /// reads the file: UTF-8, else ISO-8859-1 with a warning at the first bad byte; `nil` after an
    /// error when it is not a vCard file.
    public static func read(_ data: Data, displayPath: String, log: DiagnosticLog) -> Contents? {
        let text: String
        if let utf8 = String(validating: data, as: UTF8.self) {
            text = utf8
        } else {
            let (line, column) = firstInvalidUTF8(in: [UInt8](data))
            log.warning(
                SourceLocation(path: displayPath, line: line, column: column),
                "this is not valid UTF-8 text; the file is read as ISO-8859-1 (save it as UTF-8)")
            text = String(decoding: data.map { UInt16($0) }, as: UTF16.self)
        }
        return parse(text, displayPath: displayPath, log: log)
    }

    /// Reads the cards in `text` (see the type's rules); `displayPath` names the file in
    /// diagnostics. Returns `nil` after an error when `text` is not a vCard file.
    public static func parse(_ text: String, displayPath: String, log: DiagnosticLog) -> Contents? {
        let lines = unfold(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        guard let first = lines.first(where: { !$0.text.allSatisfy(\.isWhitespace) }) else {
            log.warning(
                SourceLocation(path: displayPath),
                FileBytes.emptyFileMessage("there are no contact cards (BEGIN:VCARD … END:VCARD) to read"))
            return Contents(contacts: [], skippedCount: 0)
        }
        guard let firstLine = VCardContentLine(first.text, line: first.line), firstLine.isBegin else {
            log.error(
                SourceLocation(path: displayPath, line: first.line),
                "this is not a vCard file: it must start with BEGIN:VCARD (RFC 6350 §6.1.1)")
            return nil
        }
        var contents = Contents(contacts: [], skippedCount: 0)
        var card: [VCardContentLine]?
        var cardNumber = 0
        // The first SkippedRecords.listedLimit of each get a warning, then one summary: a file of
        // 100,000 unclosed cards gives 21 warnings, not 100,000.
        var skippedCards = SkippedRecords(path: displayPath, noun: CountText.Noun("contact card"))
        var ignoredLines = SkippedRecords(path: displayPath, noun: CountText.Noun("line"))
        func skip(_ lines: [VCardContentLine], reason: String, _ message: String) {
            contents.skippedCount += 1
            skippedCards.skip(
                reason: reason, line: lines.first?.line, message: "contact card \(cardNumber) is skipped: \(message)", log: log)
        }
        for (text, line) in lines where !text.allSatisfy(\.isWhitespace) {
            guard let property = VCardContentLine(text, line: line) else {
                ignoredLines.skip(
                    reason: "not a vCard property", line: line,
                    message: "this line is not a vCard property (NAME:value); it is ignored", log: log)
                continue
            }
            if property.isBegin {
                if let unfinished = card {
                    skip(unfinished, reason: "without END:VCARD", "no END:VCARD before the next BEGIN:VCARD at line \(line)")
                }
                cardNumber += 1
                card = [property]
            } else if property.name == "END" && property.rawValue.trimmingCharacters(in: .whitespaces).uppercased() == "VCARD" {
                guard let finished = card else {
                    ignoredLines.skip(
                        reason: "END:VCARD without BEGIN:VCARD", line: line,
                        message: "END:VCARD without BEGIN:VCARD is ignored", log: log)
                    continue
                }
                card = nil
                switch contact(from: finished, path: displayPath, log: log) {
                case .success(let contact): contents.contacts.append(contact)
                case .failure(let reason): skip(finished, reason: "unusable", reason.message)
                }
            } else if card != nil {
                card?.append(property)
            } else {
                ignoredLines.skip(
                    reason: "outside a card", line: line,
                    message: "\(property.name) outside a card (BEGIN:VCARD … END:VCARD) is ignored", log: log)
            }
        }
        if let unfinished = card { skip(unfinished, reason: "without END:VCARD", "no END:VCARD before the end of the file") }
        for records in [skippedCards, ignoredLines] where records.total > SkippedRecords.listedLimit {
            records.report(to: log)
        }
        return contents
    }

    /// Why a card is skipped.
    private struct SkipReason: Error { let message: String }

    /// The contact of one card's lines (its `BEGIN:VCARD` first), or why it cannot be used.
    private static func contact(
        from lines: [VCardContentLine], path: String, log: DiagnosticLog
    ) -> Result<Contact, SkipReason> {
        var contact = Contact(location: SourceLocation(path: path, line: lines.first?.line))
        var hasName = false
        var notes: [String] = []
        let ordered = lines.dropFirst().enumerated().sorted { ($0.element.preference, $0.offset) < ($1.element.preference, $1.offset) }
        for property in ordered.map(\.element) {
            let known: Set = ["FN", "N", "EMAIL", "TEL", "ADR", "GEO", "PHOTO", "NOTE"]
            guard known.contains(property.name) else { continue }
            if property.name == "PHOTO" {
                contact.hasPhoto = true
                continue
            }
            guard let value = property.decodedValue() else {
                let charset = property.parameter("CHARSET") ?? "UTF-8"
                log.warning(
                    SourceLocation(path: path, line: property.line),
                    "\(property.name) is not valid \(charset) after quoted-printable decoding; it is left out")
                continue
            }
            switch property.name {
            case "FN":
                if contact.formattedName.isEmpty { contact.formattedName = trimmed(VCardText.unescape(value)) }
                hasName = hasName || !contact.formattedName.isEmpty
            case "N":
                let parts = VCardText.components(value).map(trimmed)
                if contact.familyName.isEmpty && contact.givenName.isEmpty {
                    contact.familyName = parts[0]
                    contact.givenName = parts.count > 1 ? parts[1] : ""
                }
                hasName = hasName || !contact.familyName.isEmpty || !contact.givenName.isEmpty
            case "EMAIL":
                let email = trimmed(VCardText.unescape(value))
                if !email.isEmpty { contact.emails.append(email) }
            case "TEL":
                var phone = trimmed(VCardText.unescape(value))
                if phone.lowercased().hasPrefix("tel:") { phone = String(phone.dropFirst(4)) }
                if !phone.isEmpty { contact.phones.append(phone) }
            case "ADR":
                let parts = VCardText.components(value).map(trimmed) + Array(repeating: "", count: 7)
                let address = Contact.Address(
                    postOfficeBox: parts[0], extendedAddress: parts[1], street: parts[2], locality: parts[3],
                    region: parts[4], postalCode: parts[5], country: parts[6])
                if address != Contact.Address() { contact.addresses.append(address) }
            case "GEO":
                guard let coordinate = geoCoordinate(value) else {
                    return .failure(SkipReason(
                        message: "GEO '\(value)' at line \(property.line) is not two numbers, a latitude within "
                            + "\(CoordinateAxis.latitude.rangeText) and a longitude within \(CoordinateAxis.longitude.rangeText)"))
                }
                contact.coordinate = coordinate
            default:
                let note = trimmed(VCardText.unescape(value))
                if !note.isEmpty { notes.append(note) }
            }
        }
        guard hasName else { return .failure(SkipReason(message: "it has no name (neither FN nor N has text)")) }
        contact.note = notes.joined(separator: "\n\n")
        return .success(contact)
    }

    /// The coordinate of a `GEO` value: `geo:lat,lon[,alt][;params]` (RFC 5870 §3, as RFC 6350
    /// §6.5.2 uses it) or `lat;lon` (RFC 2426 §3.4.2); `nil` unless both are finite numbers and
    /// `Coordinate.isValid`.
    static func geoCoordinate(_ value: String) -> Coordinate? {
        let text = trimmed(value)
        let numbers: [Substring]
        if text.lowercased().hasPrefix("geo:") {
            let path = text.dropFirst(4).prefix { $0 != ";" }
            numbers = path.split(separator: ",", omittingEmptySubsequences: false)
            guard numbers.count == 2 || numbers.count == 3 else { return nil }
        } else {
            numbers = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ";" || $0 == "," })
            guard numbers.count == 2 else { return nil }
        }
        guard let latitude = Double(trimmed(String(numbers[0]))), let longitude = Double(trimmed(String(numbers[1])))
        else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        return coordinate.isValid ? coordinate : nil
    }

    /// The logical lines of `text` with the 1-based line where each starts (see the type's
    /// folding rules). Only CRLF, LF and CR end a line (RFC 6350 §3.2, and what an editor counts):
    /// a vertical tab, form feed, NEL or U+2028 inside a value is part of the value.
    static func unfold(_ text: String) -> [(text: String, line: Int)] {
        var logical: [(text: String, line: Int)] = []
        var softBreak = false
        let physicalLines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, physical) in physicalLines.enumerated() {
            if softBreak, let last = logical.indices.last {
                logical[last].text = String(logical[last].text.dropLast()) + physical
            } else if let first = physical.first, first == " " || first == "\t", let last = logical.indices.last {
                logical[last].text += physical.dropFirst()
            } else {
                logical.append((String(physical), index + 1))
            }
            let current = logical.last?.text ?? ""
            softBreak = current.hasSuffix("=") && isQuotedPrintable(current)
        }
        return logical
    }

    /// `true` when the line's name and parameters (before its first `:`) mark a quoted-printable
    /// value.
    private static func isQuotedPrintable(_ line: String) -> Bool {
        line.prefix { $0 != ":" }.uppercased().contains("QUOTED-PRINTABLE")
    }

    private static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespaces) }
}

extension VCardContentLine {
    /// `true` for `BEGIN:VCARD` (any case).
    var isBegin: Bool { name == "BEGIN" && rawValue.trimmingCharacters(in: .whitespaces).uppercased() == "VCARD" }
}
