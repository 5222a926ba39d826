import Foundation
import RoadTripCore

/// Reads an NMEA 0183 log (one sentence per line) as recorded from an external GPS receiver.
///
/// Sentences used (any talker: `GP`, `GN`, `GL`, `HC`, …):
/// - `RMC`: time, status (`A` valid; `V` is a void fix, counted and left out), latitude,
///   longitude, speed over ground in knots (→ m/s × 1852/3600 = 0.514444…, the international
///   nautical mile per hour), course over ground (degrees true), date `ddmmyy`.
/// - `GGA`: time, latitude, longitude, fix quality (0 = no fix, counted and left out), altitude
///   above mean sea level (m). Satellites and HDOP are not in the model (HDOP has no unit, and
///   turning it into metres needs a receiver's UERE, so `horizontalAccuracy` stays `nil`).
/// - `VTG`: course (degrees true) and speed (knots) for the fix being built, when its RMC gave none.
/// - `ZDA`: the date, for logs whose GGA comes before the first RMC.
/// - `HDG`: magnetic sensor heading plus deviation (E positive) → `magneticHeading`, plus magnetic
///   variation (E positive) → `trueHeading`; `HDT`: true heading. NMEA gives no heading accuracy,
///   so `headingAccuracy` is `nil` (and the heading filter passes them). Heading
///   sentences carry no time: each takes the time of the latest fix or ZDA before it.
/// - Any other sentence (GSA, GSV, proprietary `$P…`) is ignored.
///
/// **Merging.** A receiver sends RMC, GGA (and VTG) for the same instant; consecutive position
/// sentences with the same time field make one `LocationSample` (RMC gives speed, course and the
/// date; GGA the altitude; the first sentence's coordinate is kept).
///
/// **Dates.** GGA has a time of day only. It takes the date of the last RMC or ZDA; when the
/// time of day falls back by more than 12 hours from the previous sentence's, midnight has passed
/// and the date moves on a day. Fixes before the first date are dated backwards from it, with
/// the same midnight rule. With no date anywhere, fixes have no timestamp (and a warning says so).
/// Two-digit RMC years are 1980–2079.
///
/// **Checksums.** `*hh` is the XOR of the bytes between `$` and `*` (NMEA 0183 §5.2.1.2); a
/// sentence whose checksum is wrong is skipped, counted and warned about. A sentence without
/// `*hh` is accepted (the checksum is optional for many sentences). Lines that are not sentences
/// are skipped and counted; blank lines are ignored.
public enum NMEAReader {
    /// Knots to m/s: one international nautical mile (1852 m) per hour.
    static let knotsToMetresPerSecond = 1852.0 / 3600.0

    /// Reads the log at `url`; `nil` (with an error in `log`) when the file cannot be read, is empty
    /// or has no usable sentence at all.
    /// - Parameters:
    ///   - displayPath: the path diagnostics name.
    ///   - slug: the log's slug (its file name without the extension).
    public static func read(_ url: URL, displayPath: String, slug: String, log: DiagnosticLog) -> TripLog? {
        if FileBytes.isBlankFile(url) {
            log.error(
                SourceLocation(path: displayPath),
                FileBytes.emptyFileMessage("an NMEA 0183 log holds one sentence a line, such as $GPRMC,…"))
            return nil
        }
        var stream: ByteStream
        do throws(Diagnostic) {
            stream = try ByteStream(url: url, displayPath: displayPath)
        } catch {
            log.report(error)
            return nil
        }
        var parser = Parser(path: displayPath, log: log)
        var line: [UInt8] = []
        var lineNumber = 0
        while stream.nextLine(into: &line) {
            lineNumber += 1
            parser.parse(line, lineNumber: lineNumber)
        }
        parser.flush()
        parser.skipped.report(to: log)
        if parser.sentences == 0 {
            log.error(SourceLocation(path: displayPath), "not an NMEA 0183 log: no sentence with a valid checksum")
            return nil
        }
        if !parser.locations.isEmpty && parser.day == nil {
            log.warning(
                SourceLocation(path: displayPath), "no RMC or ZDA sentence gives a date, so the fixes have no timestamp")
        }
        return TripLog(
            slug: slug, sourcePath: displayPath, format: .nmea, locations: parser.locations, headings: parser.headings)
    }

    /// The reading state.
    private struct Parser {
        /// A fix being assembled from the sentences of one instant.
        struct Pending {
            var timeField: [UInt8]
            var timeOfDay: Double
            var sample: LocationSample
        }

        let path: String
        let log: DiagnosticLog
        var skipped: SkippedRecords
        var locations: [LocationSample] = []
        var headings: [HeadingSample] = []
        /// Sentences with a good (or no) checksum.
        var sentences = 0
        var pending: Pending?
        /// Current date, days since 1970-01-01.
        var day: Int?
        /// Time of day (s) of the latest time-bearing sentence.
        var lastTimeOfDay: Double?
        /// The latest instant known, for heading sentences.
        var latestInstant: Date?
        /// Fixes waiting for a date: index in `locations` and time of day.
        var undated: [(index: Int, timeOfDay: Double)] = []
        var fields: [ArraySlice<UInt8>] = []

        init(path: String, log: DiagnosticLog) {
            self.path = path
            self.log = log
            skipped = SkippedRecords(path: path, noun: CountText.Noun("line"))
        }

        mutating func parse(_ line: [UInt8], lineNumber: Int) {
            var end = line.count
            while end > 0, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
            var start = 0
            while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
            if start == end { return }
            guard line[start] == UInt8(ascii: "$") else {
                skipped.skip(
                    reason: "not an NMEA sentence", line: lineNumber, message: "not an NMEA sentence (no leading '$'); line skipped",
                    log: log)
                return
            }
            var bodyEnd = end
            if let star = line[start..<end].firstIndex(of: UInt8(ascii: "*")) {
                bodyEnd = star
                var checksum: UInt8 = 0
                for byte in line[(start + 1)..<star] { checksum ^= byte }
                let given = line[(star + 1)..<end]
                guard given.count == 2, let high = hex(given.first!), let low = hex(given.last!) else {
                    skipped.skip(
                        reason: "with a bad checksum", line: lineNumber, column: star - start + 1,
                        message: "the checksum \(QuotedText.doubleQuoted(String(decoding: given, as: UTF8.self))) is not two hex digits; "
                            + "sentence skipped",
                        log: log)
                    return
                }
                let expected = high << 4 | low
                guard expected == checksum else {
                    skipped.skip(
                        reason: "with a bad checksum", line: lineNumber, column: star - start + 1,
                        message: "checksum mismatch: the sentence says \(hexText(expected)), its bytes give \(hexText(checksum)); sentence skipped",
                        log: log)
                    return
                }
            }
            sentences += 1
            fields.removeAll(keepingCapacity: true)
            var fieldStart = start + 1
            for index in (start + 1)...bodyEnd where index == bodyEnd || line[index] == UInt8(ascii: ",") {
                fields.append(line[fieldStart..<index])
                fieldStart = index + 1
            }
            let address = fields[0]
            guard address.count == 5, address.first != UInt8(ascii: "P") else { return }
            let type = address.dropFirst(2)
            let problem: SentenceProblem?
            if type.elementsEqual("RMC".utf8) {
                problem = rmc(lineNumber)
            } else if type.elementsEqual("GGA".utf8) {
                problem = gga(lineNumber)
            } else if type.elementsEqual("VTG".utf8) {
                problem = vtg()
            } else if type.elementsEqual("ZDA".utf8) {
                problem = zda()
            } else if type.elementsEqual("HDG".utf8) {
                problem = hdg(lineNumber)
            } else if type.elementsEqual("HDT".utf8) {
                problem = hdt(lineNumber)
            } else {
                return
            }
            if let problem {
                skipped.skip(
                    reason: "with an unreadable field", line: lineNumber,
                    message: problem.message(sentence: String(decoding: address, as: UTF8.self), fields: fields) + "; sentence skipped",
                    log: log)
            }
        }

        /// Why a sentence cannot be used.
        enum SentenceProblem {
            /// It has fewer fields (after the address) than it needs.
            case tooFewFields(needed: Int)
            /// Field `index` (1-based after the address), named `name`, is missing, unreadable or out of range.
            case field(_ name: String, index: Int)
            /// The four fields from `index` on (latitude, N/S, longitude, E/W) give no valid position.
            case position(index: Int)

            /// "the GPRMC sentence's time (field 1, "12x456") is missing or not valid".
            func message(sentence: String, fields: [ArraySlice<UInt8>]) -> String {
                func quoted(_ index: Int) -> String {
                    fields[index].isEmpty ? "empty" : QuotedText.doubleQuoted(String(decoding: fields[index], as: UTF8.self))
                }
                switch self {
                case .tooFewFields(let needed):
                    return "the \(sentence) sentence has \(fields.count - 1) fields, fewer than the \(needed) it needs"
                case .field(let name, let index):
                    return "the \(sentence) sentence's \(name) (field \(index), \(quoted(index))) is missing or not valid"
                case .position(let index):
                    let text = (index...(index + 3)).map { String(decoding: fields[$0], as: UTF8.self) }.joined(separator: ",")
                    return "the \(sentence) sentence's position (fields \(index)–\(index + 3), \(QuotedText.doubleQuoted(text))) "
                        + "is missing or not a valid latitude and longitude"
                }
            }
        }

        // MARK: Sentences

        mutating func rmc(_ lineNumber: Int) -> SentenceProblem? {
            guard fields.count >= 10 else { return .tooFewFields(needed: 9) }
            guard let time = timeOfDay(fields[1]) else { return .field("time", index: 1) }
            guard let date = date(fields[9]) else { return .field("date", index: 9) }
            let status = fields[2]
            guard status.elementsEqual("A".utf8) else {
                if status.elementsEqual("V".utf8) {
                    skipped.skip(
                        reason: "void RMC fixes (status V)", line: lineNumber,
                        message: "RMC status V (no fix); sentence skipped", log: log)
                    return nil
                }
                return .field("status", index: 2)
            }
            guard let coordinate = coordinate(fields[3], fields[4], fields[5], fields[6]) else { return .position(index: 3) }
            let speed = number(fields[7]).map { $0 * NMEAReader.knotsToMetresPerSecond }
            let course = number(fields[8])
            if !fields[7].isEmpty && speed == nil { return .field("speed", index: 7) }
            if !fields[8].isEmpty && course == nil { return .field("course", index: 8) }
            let instant = stamp(time, explicitDay: date)
            mergeFix(timeField: fields[1], timeOfDay: time, instant: instant, line: lineNumber) { sample in
                if sample.speed == nil { sample.speed = speed }
                if sample.course == nil { sample.course = course }
            } fresh: {
                LocationSample(coordinate: coordinate, speed: speed, course: course)
            }
            return nil
        }

        mutating func gga(_ lineNumber: Int) -> SentenceProblem? {
            guard fields.count >= 10 else { return .tooFewFields(needed: 9) }
            guard let time = timeOfDay(fields[1]) else { return .field("time", index: 1) }
            guard let quality = number(fields[6]) else { return .field("fix quality", index: 6) }
            guard quality != 0 else {
                skipped.skip(
                    reason: "GGA sentences without a fix (quality 0)", line: lineNumber,
                    message: "GGA fix quality 0 (no fix); sentence skipped", log: log)
                return nil
            }
            guard let coordinate = coordinate(fields[2], fields[3], fields[4], fields[5]) else { return .position(index: 2) }
            let altitude = number(fields[9])
            if !fields[9].isEmpty && altitude == nil { return .field("altitude", index: 9) }
            let instant = stamp(time, explicitDay: nil)
            mergeFix(timeField: fields[1], timeOfDay: time, instant: instant, line: lineNumber) { sample in
                if sample.altitude == nil { sample.altitude = altitude }
            } fresh: {
                LocationSample(coordinate: coordinate, altitude: altitude)
            }
            return nil
        }

        /// `$--VTG,course,T,course,M,knots,N,kmh,K`: fills speed and course of the fix being built.
        mutating func vtg() -> SentenceProblem? {
            guard fields.count >= 8 else { return .tooFewFields(needed: 7) }
            guard fields[2].elementsEqual("T".utf8) else { return .field("true-course marker T", index: 2) }
            let course = number(fields[1])
            let speed = number(fields[5]).map { $0 * NMEAReader.knotsToMetresPerSecond }
            if !fields[1].isEmpty && course == nil { return .field("course", index: 1) }
            if !fields[5].isEmpty && speed == nil { return .field("speed", index: 5) }
            if var current = pending {
                if current.sample.course == nil { current.sample.course = course }
                if current.sample.speed == nil { current.sample.speed = speed }
                pending = current
            }
            return nil
        }

        /// `$--ZDA,hhmmss.ss,dd,mm,yyyy,zh,zm`.
        mutating func zda() -> SentenceProblem? {
            guard fields.count >= 5 else { return .tooFewFields(needed: 4) }
            guard let time = timeOfDay(fields[1]) else { return .field("time", index: 1) }
            // The years 0001-9999 (`ISO8601Time.representableSeconds`): a ZDA of the year 20030 once
            // dated headings 18,000 years ahead, one of the year 00 wrote them in the year 0000,
            // which no reader reads back.
            guard let y = integer(fields[4]), (1...9999).contains(y) else { return .field("year", index: 4) }
            guard let m = integer(fields[3]), (1...12).contains(m) else { return .field("month", index: 3) }
            guard let d = integer(fields[2]), d >= 1, d <= ISO8601Time.daysInMonth(year: y, month: m) else {
                return .field("day", index: 2)
            }
            _ = stamp(time, explicitDay: ISO8601Time.daysFromCivil(year: y, month: m, day: d))
            return nil
        }

        /// `$--HDG,heading,deviation,E|W,variation,E|W`.
        mutating func hdg(_ lineNumber: Int) -> SentenceProblem? {
            guard fields.count >= 6 else { return .tooFewFields(needed: 5) }
            guard let heading = number(fields[1]) else { return .field("heading", index: 1) }
            guard let deviation = signed(fields[2], fields[3]) else { return .field("deviation", index: 2) }
            guard let variation = signed(fields[4], fields[5]) else { return .field("variation", index: 4) }
            let magnetic = normalized(heading + (deviation ?? 0))
            let trueHeading = variation.map { normalized(magnetic + $0) }
            headings.append(
                HeadingSample(timestamp: latestInstant, magneticHeading: magnetic, trueHeading: trueHeading, line: lineNumber))
            return nil
        }

        /// `$--HDT,heading,T`.
        mutating func hdt(_ lineNumber: Int) -> SentenceProblem? {
            guard fields.count >= 2 else { return .tooFewFields(needed: 1) }
            guard let heading = number(fields[1]) else { return .field("heading", index: 1) }
            headings.append(HeadingSample(timestamp: latestInstant, trueHeading: heading, line: lineNumber))
            return nil
        }

        // MARK: Fixes and dates

        /// Adds a position sentence's data: merged into the pending fix when its time field is the
        /// same, else the pending fix is stored and a new one begins.
        mutating func mergeFix(
            timeField: ArraySlice<UInt8>, timeOfDay: Double, instant: Date?, line: Int,
            merge: (inout LocationSample) -> Void, fresh: () -> LocationSample
        ) {
            if var current = pending, current.timeField.elementsEqual(timeField) {
                merge(&current.sample)
                if current.sample.timestamp == nil { current.sample.timestamp = instant }
                pending = current
                return
            }
            flush()
            var sample = fresh()
            sample.timestamp = instant
            sample.line = line
            pending = Pending(timeField: Array(timeField), timeOfDay: timeOfDay, sample: sample)
        }

        /// Stores the pending fix.
        mutating func flush() {
            guard let current = pending else { return }
            pending = nil
            if current.sample.timestamp == nil { undated.append((locations.count, current.timeOfDay)) }
            locations.append(current.sample)
        }

        /// The instant of a time of day, moving the current date on at midnight or setting it from
        /// an explicit date (which also dates the fixes waiting for one).
        mutating func stamp(_ timeOfDay: Double, explicitDay: Int?) -> Date? {
            if let explicitDay {
                if day == nil { backfill(day: explicitDay, timeOfDay: timeOfDay) }
                day = explicitDay
            } else if let current = day, let last = lastTimeOfDay, timeOfDay < last - 43_200 {
                day = current + 1
            }
            lastTimeOfDay = timeOfDay
            guard let day else { return nil }
            let instant = Date(timeIntervalSince1970: Double(day) * 86_400 + timeOfDay)
            latestInstant = instant
            return instant
        }

        /// Dates the fixes read before the first date, walking back from `day` at `timeOfDay`: a
        /// time of day more than 12 h later than the one after it lies on the day before.
        mutating func backfill(day: Int, timeOfDay: Double) {
            var currentDay = day
            var next = timeOfDay
            for (index, time) in undated.reversed() {
                if time > next + 43_200 { currentDay -= 1 }
                locations[index].timestamp = Date(timeIntervalSince1970: Double(currentDay) * 86_400 + time)
                next = time
            }
            if var current = pending, current.sample.timestamp == nil {
                var pendingDay = day
                if current.timeOfDay > timeOfDay + 43_200 { pendingDay -= 1 }
                current.sample.timestamp = Date(timeIntervalSince1970: Double(pendingDay) * 86_400 + current.timeOfDay)
                pending = current
            }
            undated.removeAll()
        }

        // MARK: Fields

        /// `hhmmss[.sss]` → seconds since midnight.
        func timeOfDay(_ field: ArraySlice<UInt8>) -> Double? {
            guard field.count >= 6, let hours = integer(field.prefix(2)), let minutes = integer(field.dropFirst(2).prefix(2)),
                let seconds = number(field.dropFirst(4)), hours < 24, minutes < 60, seconds >= 0, seconds < 61
            else { return nil }
            return Double(hours * 3600 + minutes * 60) + seconds
        }

        /// `ddmmyy` → days since 1970-01-01 (yy 80–99 → 19yy, 00–79 → 20yy).
        func date(_ field: ArraySlice<UInt8>) -> Int? {
            guard field.count == 6, let d = integer(field.prefix(2)), let m = integer(field.dropFirst(2).prefix(2)),
                let yy = integer(field.dropFirst(4)), (1...12).contains(m)
            else { return nil }
            let year = yy >= 80 ? 1900 + yy : 2000 + yy
            guard d >= 1, d <= ISO8601Time.daysInMonth(year: year, month: m) else { return nil }
            return ISO8601Time.daysFromCivil(year: year, month: m, day: d)
        }

        /// `(d)ddmm.mmmm` with its hemisphere letters → a coordinate in degrees; `nil` (a sentence
        /// warned about at its line) for a latitude beyond 90° or a longitude beyond 180°, too.
        func coordinate(
            _ latitudeField: ArraySlice<UInt8>, _ ns: ArraySlice<UInt8>, _ longitudeField: ArraySlice<UInt8>,
            _ ew: ArraySlice<UInt8>
        ) -> Coordinate? {
            guard let latitude = degrees(latitudeField), let longitude = degrees(longitudeField),
                latitude <= 90, longitude <= 180
            else { return nil }
            let south = ns.elementsEqual("S".utf8)
            let west = ew.elementsEqual("W".utf8)
            guard south || ns.elementsEqual("N".utf8), west || ew.elementsEqual("E".utf8) else { return nil }
            return Coordinate(latitude: south ? -latitude : latitude, longitude: west ? -longitude : longitude)
        }

        /// Degrees and decimal minutes `dddmm.mmmm` → degrees.
        func degrees(_ field: ArraySlice<UInt8>) -> Double? {
            guard let value = number(field), value >= 0 else { return nil }
            let whole = (value / 100).rounded(.down)
            let minutes = value - whole * 100
            guard minutes < 60 else { return nil }
            return whole + minutes / 60
        }

        /// A value with an `E`/`W` letter (E positive): `nil` when unreadable, `.some(nil)` when empty.
        func signed(_ value: ArraySlice<UInt8>, _ letter: ArraySlice<UInt8>) -> Double?? {
            if value.isEmpty { return .some(nil) }
            guard let number = number(value) else { return nil }
            if letter.elementsEqual("W".utf8) { return -number }
            guard letter.elementsEqual("E".utf8) else { return nil }
            return number
        }

        func normalized(_ degrees: Double) -> Double {
            let value = degrees.truncatingRemainder(dividingBy: 360)
            return value < 0 ? value + 360 : value
        }

        func number(_ field: ArraySlice<UInt8>) -> Double? {
            field.isEmpty ? nil : CSVTable.parseDouble(field, decimalComma: false)
        }

        func integer(_ field: ArraySlice<UInt8>) -> Int? { CSVTable.parseInteger(field) }

        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x41 + 10
            case 0x61...0x66: return byte - 0x61 + 10
            default: return nil
            }
        }

        func hexText(_ value: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
        }
    }
}
