import Foundation

/// Whether a `.json` file is Google location history (`GoogleLocationHistoryReader`) rather than
/// roadtrip's own trip log, judged from its start without reading it whole:
/// - a top-level object with `semanticSegments` or `rawSignals` (Android's `Timeline.json`), or
///   with `locations` whose first element has `latitudeE7`, `longitudeE7` or `timestampMs`
///   (Takeout's `Records.json`; roadtrip's own log has `latitude` there);
/// - a top-level list whose first element has `timelinePath`, `visit`, `activity` or
///   `timelineMemory` (iOS's `location-history.json`).
/// Members before the deciding one are skipped, up to `budget` bytes; a file that is not JSON, or
/// says nothing either way within the budget, is not recognised (the roadtrip reader then says
/// what is wrong with it).
public enum GoogleLocationHistoryFormat {
    /// How far into a file recognition reads at most (bytes).
    public static let budget = 4 << 20

    /// Whether the file at `url` looks like Google location history (see the type's documentation).
    public static func recognizes(_ url: URL) -> Bool {
        guard let scanner = try? JSONByteScanner(url: url, displayPath: url.path, bufferSize: 1 << 16) else { return false }
        do throws(JSONByteScanner.SyntaxError) {
            switch try scanner.peek() {
            case 0x5B:
                scanner.advance()
                var first = true
                guard try scanner.nextElement(first: &first), try scanner.peek() == 0x7B else { return false }
                scanner.advance()
                return try firstMember(of: scanner) { key in
                    for name: StaticString in ["timelinePath", "visit", "activity", "timelineMemory"]
                    where GoogleLocationHistoryReading.matches(key, name) { return true }
                    return nil
                } ?? false
            case 0x7B:
                scanner.advance()
                var first = true
                while let key = try scanner.nextKey(first: &first) {
                    if GoogleLocationHistoryReading.matches(key, "semanticSegments")
                        || GoogleLocationHistoryReading.matches(key, "rawSignals")
                    {
                        return true
                    }
                    if GoogleLocationHistoryReading.matches(key, "locations") {
                        guard try scanner.peek() == 0x5B else { return false }
                        scanner.advance()
                        var firstElement = true
                        guard try scanner.nextElement(first: &firstElement), try scanner.peek() == 0x7B else { return false }
                        scanner.advance()
                        return try firstMember(of: scanner) { key in
                            for name: StaticString in ["latitudeE7", "longitudeE7", "timestampMs"]
                            where GoogleLocationHistoryReading.matches(key, name) { return true }
                            for name: StaticString in ["latitude", "longitude"]
                            where GoogleLocationHistoryReading.matches(key, name) { return false }
                            return nil
                        } ?? false
                    }
                    try scanner.skipValue()
                    if scanner.bytesRead > budget { return false }
                }
                return false
            default:
                return false
            }
        } catch {
            return false
        }
    }

    /// Walks the members of the object just opened until `decide` gives an answer for a key
    /// (`nil`: undecided, go on); `nil` when none does within the object or the budget.
    private static func firstMember(
        of scanner: JSONByteScanner, _ decide: (UnsafeBufferPointer<UInt8>) -> Bool?
    ) throws(JSONByteScanner.SyntaxError) -> Bool? {
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            if let answer = decide(key) { return answer }
            try scanner.skipValue()
            if scanner.bytesRead > budget { return nil }
        }
        return nil
    }
}
