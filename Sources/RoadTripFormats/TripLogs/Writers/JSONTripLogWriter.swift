import Foundation
import RoadTripCore

/// Writes a `TripLog` as roadtrip's own JSON trip log (`Docs/triplog.schema.json`), the inverse of
/// `JSONTripLogReader`: the `TripLog` model with Core Location field names and its units (degrees,
/// metres, m/s, g; times ISO 8601 UTC to the microsecond).
///
/// Absent values are left out (never written as `null`); `segment` is written only when it is
/// not 0. Numbers are written in Swift's shortest round-trip form, so reading gives back the same
/// `Double`. Source line numbers are not written. One sample per line keeps diffs readable.
public enum JSONTripLogWriter {
    /// The JSON text of `log`, ending with a line feed.
    public static func string(_ log: TripLog) -> String {
        var output = ""
        write(log, to: &output)
        return output
    }

    /// Appends the JSON text of `log` to `output` sample by sample (for standard output).
    public static func write(_ log: TripLog, to output: inout some TextOutputStream) {
        output.write("{\"format\":\(JSONText.string(JSONTripLogFormat.formatName)),\"version\":\(JSONTripLogFormat.version)")
        if let name = log.name { output.write(",\"name\":\(JSONText.string(name))") }
        if let start = log.recordingStart { output.write(",\"recordingStart\":\"\(ISO8601Time.format(start))\"") }
        output.write(",\n\"locations\":[")
        for (index, sample) in log.locations.enumerated() {
            output.write(index == 0 ? "\n" : ",\n")
            var members: [String] = []
            if let time = sample.timestamp { members.append("\"timestamp\":\"\(ISO8601Time.format(time))\"") }
            members.append("\"latitude\":\(number(sample.coordinate.latitude))")
            members.append("\"longitude\":\(number(sample.coordinate.longitude))")
            for (name, keyPath) in JSONTripLogFormat.locationNumbers {
                if let value = sample[keyPath: keyPath] { members.append("\"\(name)\":\(number(value))") }
            }
            if sample.segment != 0 { members.append("\"segment\":\(sample.segment)") }
            output.write("{" + members.joined(separator: ",") + "}")
        }
        output.write("],\n\"headings\":[")
        for (index, sample) in log.headings.enumerated() {
            output.write(index == 0 ? "\n" : ",\n")
            var members: [String] = []
            if let time = sample.timestamp { members.append("\"timestamp\":\"\(ISO8601Time.format(time))\"") }
            for (name, keyPath) in JSONTripLogFormat.headingNumbers {
                if let value = sample[keyPath: keyPath] { members.append("\"\(name)\":\(number(value))") }
            }
            output.write("{" + members.joined(separator: ",") + "}")
        }
        output.write("],\n\"accelerations\":[")
        for (index, sample) in log.accelerations.enumerated() {
            output.write(index == 0 ? "\n" : ",\n")
            var text = "{"
            if let time = sample.timestamp { text += "\"timestamp\":\"\(ISO8601Time.format(time))\"," }
            text += "\"x\":\(number(sample.x)),\"y\":\(number(sample.y)),\"z\":\(number(sample.z))}"
            output.write(text)
        }
        output.write("]}\n")
    }

    /// Swift's shortest round-trip decimal form of a finite value (valid JSON: `1e-07` included);
    /// JSON has no NaN or infinity, so those become `null` (and a reader reports them).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value.description
    }
}
