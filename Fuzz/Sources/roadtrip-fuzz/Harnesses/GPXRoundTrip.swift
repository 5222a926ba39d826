import Foundation
import RoadTripKit

/// `track.gpx` (`GPXWriter`) read back by `GPXReader` gives the kept fixes again: coordinates to
/// the 7 decimals written (±5e-8°), altitudes to the 2 decimals written (±0.005 m), times to the
/// microsecond, one segment per segment, the waypoints, and no diagnostic.
enum GPXRoundTrip {
    static func check(_ processed: ProcessedTripLog, waypoints: [PointOfInterest], name: String) {
        let document = GPXWriter.document(name: name, segments: processed.segments, waypoints: waypoints)
        let path = "track.gpx"
        let url = ScratchFolder.write(Data(document.utf8), to: path)
        let log = DiagnosticLog()
        let again = GPXReader.read(url, displayPath: path, slug: "track", timeZone: .gmt, log: log)
        require(log.diagnostics.isEmpty, "reading the written GPX: \(log.diagnostics)\n\(document.prefix(3000))")
        guard let again else { return }
        let writtenName = asWritten(name)
        require(again.name == writtenName, "the track's name \(String(reflecting: name)) read back as \(String(reflecting: again.name))")
        let written = processed.segments.joined()
        require(again.locations.count == written.count, "\(written.count) fixes read back as \(again.locations.count)")
        for (fix, read) in zip(written, again.locations) {
            let longitudeError = abs(fix.coordinate.longitude - read.coordinate.longitude)
            require(
                abs(fix.coordinate.latitude - read.coordinate.latitude) <= 5.1e-8
                    && (longitudeError <= 5.1e-8 || abs(longitudeError - 360) <= 5.1e-8),
                "fix at \(fix.coordinate) read back at \(read.coordinate)")
            switch (fix.altitude, read.altitude) {
            case (let a?, let b?): require(abs(a - b) <= 0.0051, "altitude \(a) read back as \(b)")
            case (nil, nil): break
            default: require(false, "altitude \(String(describing: fix.altitude)) read back as \(String(describing: read.altitude))")
            }
            switch (fix.timestamp, read.timestamp) {
            case (let a?, let b?): require(abs(a.timeIntervalSince(b)) <= 1e-6 + abs(a.timeIntervalSince1970) * 1e-15, "time \(a) read back as \(b)")
            case (nil, nil): break
            default: require(false, "time \(String(describing: fix.timestamp)) read back as \(String(describing: read.timestamp))")
            }
        }
        let segmentsRead = Set(again.locations.map(\.segment)).count
        require(segmentsRead == processed.segments.count, "\(processed.segments.count) segments read back as \(segmentsRead)")
        let titles = again.waypoints.map(\.title)
        require(titles == waypoints.map { asWritten($0.title) }, "waypoints \(waypoints.map(\.title)) read back as \(titles)")
    }

    /// `text` as `XMLDocumentWriter` writes it: a scalar that is no XML 1.0 character, or one it
    /// calls "discouraged" (§2.2) — a C0 control but tab, LF and CR, DEL, a C1 control
    /// (U+0080–U+009F: an ISO-8859-1 document's byte 0x9A reads as U+009A), U+FFFE, U+FFFF —
    /// becomes U+FFFD, so that is what reads back.
    private static func asWritten(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let replaced = (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || (0x7F...0x9F).contains(value)
                || value == 0xFFFE || value == 0xFFFF
            scalars.append(replaced ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}
