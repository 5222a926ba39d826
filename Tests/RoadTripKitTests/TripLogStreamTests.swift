import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// The streaming pass (`TripLogStream`, `LocationFilter.Stream`, `TripStatistics.Accumulator`) must
/// give what reading the whole log and running `ProcessedTripLog` gives — the batch path reads every
/// fix first and measures per segment, a different route to the same result.
@Suite struct TripLogStreamTests {
    static let settings = FilterSettings.preset(named: "default")!

    func batch(_ url: URL, log: DiagnosticLog = DiagnosticLog()) throws -> ProcessedTripLog {
        let tripLog = try #require(TripLogReader.read(url, displayPath: "x.gpx", timeZone: .gmt, columnMapping: nil, log: log))
        return ProcessedTripLog(log: tripLog, settings: Self.settings)
    }

    func streamed(
        _ url: URL, keeping: TripLogStream.TrackStorage = .wholeSamples, log: DiagnosticLog = DiagnosticLog()
    ) throws -> ProcessedTripLog {
        try #require(
            TripLogStream.process(
                url, displayPath: "x.gpx", timeZone: .gmt, columnMapping: nil, settings: Self.settings, title: nil,
                keeping: keeping, log: log))
    }

    @Test(arguments: [
        "triplogs/gpx/cerknicko-jezero.gpx", "triplogs/gpx/garmin-activity.gpx",
        "triplogs/gpx/with_tracks_and_segments.gpx", "triplogs/gpx/legacy_gpx_pause_resume.gpx",
    ])
    func streamingMatchesReadingWhole(_ fixture: String) throws {
        let url = FixtureFiles.url(fixture)
        let whole = try batch(url)
        let stream = try streamed(url)
        #expect(stream.track == whole.track)
        #expect(stream.locationReport == whole.locationReport)
        #expect(stream.statistics == whole.statistics)
        #expect(stream.statistics.fixCount > 0)
        let summary = try streamed(url, keeping: .none)
        #expect(summary.track.isEmpty && summary.segments.isEmpty)
        #expect(summary.statistics == whole.statistics)
        // A build's columns keep each fix's position, time, altitude and course exactly (the
        // course to Float's precision) and the segments, and nothing else.
        let columns = try streamed(url, keeping: .columns(capacity: whole.track.count))
        #expect(!columns.track.keepsWholeSamples)
        #expect(columns.track.segmentRanges == whole.track.segmentRanges)
        for index in 0..<whole.track.count {
            let (kept, full) = (columns.track.sample(at: index), whole.track.sample(at: index))
            #expect(kept.coordinate == full.coordinate && kept.timestamp == full.timestamp && kept.altitude == full.altitude)
            #expect(kept.course == full.course.map { Double(Float($0)) })
            #expect(kept.speed == nil && kept.horizontalAccuracy == nil && kept.line == nil)
            #expect(kept.segment == whole.track.segmentIndex(ofFixAt: index))
        }
    }

    /// Times 10, 30, 20, 40 s (file order) with one bad point: the third fix goes back in time and
    /// is dropped where it is, in the stream as in the whole log — 10, 30, 40 kept (about 222 m
    /// over 20 s, 111 m over 10 s: well under 70 m/s) — and the bad point is warned about once.
    @Test func backwardsTimeIsDroppedInTheStreamToo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func point(_ seconds: Int, _ latitude: String) -> String {
            "<trkpt lat=\"\(latitude)\" lon=\"14\"><time>2024-05-01T10:00:\(seconds)Z</time></trkpt>"
        }
        let gpx = """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(point(10, "46.000"))\(point(30, "46.002"))\(point(20, "46.001"))
            <trkpt lat="north" lon="14"/>
            \(point(40, "46.003"))
            </trkseg></trk></gpx>
            """
        let url = folder.appendingPathComponent("back.gpx")
        try Data(gpx.utf8).write(to: url)

        var filter = LocationFilter.Stream(settings: Self.settings, recordingStart: nil)
        let t0 = Date(timeIntervalSince1970: 1_714_557_600)
        var decisions: [LocationFilter.Decision] = []
        for (seconds, latitude) in [(10.0, 46.0), (30, 46.002), (20, 46.001)] {
            filter.add(LocationSample(timestamp: t0.addingTimeInterval(seconds), coordinate: Coordinate(latitude: latitude, longitude: 14))) {
                decision, _ in decisions.append(decision)
            }
        }
        #expect(decisions.count == 3)
        #expect(decisions.first == .kept(opensSegment: true, stepDistance: nil))
        #expect(decisions.last == .dropped(.timeWentBackwards))

        let log = DiagnosticLog()
        let stream = try streamed(url, log: log)
        let whole = try batch(url)
        #expect(stream.segments.map { $0.map(\.coordinate.latitude) } == [[46.000, 46.002, 46.003]])
        #expect(stream.track == whole.track)
        #expect(stream.statistics == whole.statistics)
        #expect(log.diagnostics.filter { $0.description.contains("`lat` \"north\"") }.count == 1)
    }

    /// A missing file is the reader's error, not a crash of the reader thread.
    @Test func missingFileIsAnError() {
        let log = DiagnosticLog()
        let url = URL(fileURLWithPath: "/nonexistent/roadtrip/none.gpx")
        #expect(
            TripLogStream.process(
                url, displayPath: "none.gpx", timeZone: .gmt, columnMapping: nil, settings: Self.settings, title: nil,
                keeping: .none, log: log) == nil)
        #expect(log.diagnostics.map(\.description) == ["none.gpx: error: no such file or folder"])
    }
}
