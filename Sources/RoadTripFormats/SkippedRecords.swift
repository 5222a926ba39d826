import RoadTripCore

/// Counts the rows, points or sentences a reader skips inside an otherwise usable file, by reason,
/// and reports them (a bad record is a warning, skipped and counted).
///
/// The first `listedLimit` skips each get their own warning naming the line; every skip is
/// counted, and `report(to:)` ends with one summary warning giving the total per reason, so a
/// million bad rows cost a bounded number of diagnostics.
struct SkippedRecords {
    /// How many skipped records get a warning of their own.
    static let listedLimit = 20

    /// The path diagnostics name.
    let path: String
    /// What a record is called in the summary ("row" / "rows").
    let noun: CountText.Noun
    /// Skips per reason, in the order the reasons first occurred.
    private(set) var reasons: [(reason: String, count: Int)] = []
    /// All skips.
    private(set) var total = 0

    /// Creates an empty counter for the file `path`.
    init(path: String, noun: CountText.Noun) {
        self.path = path
        self.noun = noun
    }

    /// Counts one skipped record under `reason` and warns at `line`/`column` with `message` while
    /// fewer than `listedLimit` have been warned about.
    mutating func skip(
        reason: String, line: Int?, column: Int? = nil, message: String, log: DiagnosticLog
    ) {
        if count(reason: reason) {
            log.warning(SourceLocation(path: path, line: line, column: column), message)
        }
    }

    /// Counts one skipped record under `reason`, for a reader that words and places the warning
    /// itself (later, as the XML readers do); `true` while it is one of the first `listedLimit`,
    /// which get a warning of their own.
    mutating func count(reason: String) -> Bool {
        total += 1
        if let index = reasons.firstIndex(where: { $0.reason == reason }) {
            reasons[index].count += 1
        } else {
            reasons.append((reason, 1))
        }
        return total <= Self.listedLimit
    }

    /// The count for one reason.
    func count(_ reason: String) -> Int { reasons.first { $0.reason == reason }?.count ?? 0 }

    /// Adds the summary warning ("3 rows skipped: 2 bad checksum, 1 not NMEA") when anything was
    /// skipped.
    func report(to log: DiagnosticLog) {
        guard total > 0 else { return }
        let parts = reasons.map { "\(CountText.grouped($0.count)) \($0.reason)" }.joined(separator: ", ")
        var message = "\(CountText.counted(total, noun)) skipped: \(parts)"
        if total > Self.listedLimit { message += " (the first \(Self.listedLimit) are listed above)" }
        log.warning(SourceLocation(path: path), message)
    }
}
