import Foundation
import Testing

@testable import RoadTripCore
@testable import RoadTripFormats

/// GeoJSONTripLogReader on hand-written RFC 7946 documents with togeojson's `coordTimes` and
/// `coordinateProperties.times`.
@Suite struct GeoJSONTripLogReaderTests {
    func read(_ text: String, _ name: String = "t.geojson") -> (TripLog?, [String]) {
        let log = DiagnosticLog()
        let trip = GeoJSONTripLogReader.read(
            TripLogTestFiles.file(name, text), displayPath: name, slug: "t", timeZone: .gmt, log: log)
        return (trip, log.diagnostics.map(\.description))
    }

    /// A FeatureCollection: a MultiLineString of 2 lines (segments 0 and 1) with `coordTimes` as an
    /// array of arrays, a Point (a waypoint), and a LineString with
    /// `coordinateProperties.times` (segment 2) whose second position has latitude 91 (line 8,
    /// column 31: the position `[8.9, 91]` after 30 spaces). 2024-06-01T07:00:00Z = 1717225200.
    @Test func featureCollection() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"name": "Day 1", "coordTimes": [["2024-06-01T07:00:00Z", "2024-06-01T07:00:10Z"], ["2024-06-01T07:10:00Z"]]},
             "geometry": {"type": "MultiLineString", "coordinates": [[[8.5, 47.25, 400], [8.5, 47.5]], [[8.75, 47.5, 410.5]]]}},
            {"type": "Feature", "properties": {"name": "Hut", "description": "Lunch"},
             "geometry": {"type": "Point", "coordinates": [8.6, 47.3]}},
            {"type": "Feature", "properties": {"coordinateProperties": {"times": ["2024-06-01T08:00:00Z", "2024-06-01T08:00:05Z"]}},
             "geometry": {"type": "LineString", "coordinates": [[9, 47],
                                          [8.9, 91]]}}
            ]}
            """
        let (trip, diagnostics) = read(text)
        let log = try #require(trip)
        #expect(log.format == .geojson && log.name == "Day 1")
        #expect(log.locations.map(\.segment) == [0, 0, 1, 2])
        #expect(log.locations.map { $0.timestamp?.timeIntervalSince1970 } == [1_717_225_200, 1_717_225_210, 1_717_225_800, 1_717_228_800])
        #expect(log.locations.map(\.altitude) == [400, nil, 410.5, nil])
        #expect(log.locations[1].coordinate == Coordinate(latitude: 47.5, longitude: 8.5))
        #expect(log.waypoints == [PointOfInterest(title: "Hut", subtitle: "Lunch", coordinate: Coordinate(latitude: 47.3, longitude: 8.6))])
        #expect(diagnostics == [
            "t.geojson:8:31: warning: latitude 91.0 is outside −90…90 degrees (GeoJSON positions are [longitude, latitude]); point skipped",
            "t.geojson: warning: 1 point skipped: 1 without a valid latitude and longitude",
        ])
    }

    /// A GeometryCollection (RFC 7946 §3.1.8), as togeojson writes a KML MultiGeometry: its
    /// LineString is segment 0, the two lines of its MultiLineString segments 1 and 2, its Point is
    /// passed over; `coordTimes` holds one element per member (null for the Point). A collection
    /// whose times do not match its members reads without times.
    @Test func geometryCollectionMembersAreRead() throws {
        let text = """
            {"type": "Feature", "properties": {"coordTimes": [["2024-06-01T07:00:00Z", "2024-06-01T07:00:10Z"], null,
              [["2024-06-01T07:10:00Z"], ["2024-06-01T07:20:00Z"]]]},
             "geometry": {"type": "GeometryCollection", "geometries": [
               {"type": "LineString", "coordinates": [[8.5, 47.25], [8.5, 47.5]]},
               {"type": "Point", "coordinates": [8.6, 47.3]},
               {"type": "MultiLineString", "coordinates": [[[8.75, 47.5]], [[9, 47]]]}]}}
            """
        let (trip, diagnostics) = read(text)
        let log = try #require(trip)
        #expect(diagnostics.isEmpty)
        #expect(log.locations.map(\.segment) == [0, 0, 1, 2])
        // 2024-06-01T07:00:00Z = 1717225200 (Python: datetime(2024,6,1,7,tzinfo=timezone.utc).timestamp()).
        #expect(log.locations.map { $0.timestamp?.timeIntervalSince1970 } == [1_717_225_200, 1_717_225_210, 1_717_225_800, 1_717_226_400])
        let untimed = try #require(read(#"{"type": "GeometryCollection", "geometries": [{"type": "LineString", "coordinates": [[1, 2], [3, 4]]}]}"#).0)
        #expect(untimed.locations.count == 2 && untimed.locations.allSatisfy { $0.timestamp == nil })
        // The `3` is the 46th character: `{"type": "GeometryCollection", "geometries": ` is 45.
        #expect(read(#"{"type": "GeometryCollection", "geometries": 3}"#).1
            == ["t.geojson:1:46: error: a GeometryCollection's \"geometries\" must be an array"])
    }

    @Test func bareLineStringWithoutTimes() throws {
        let (trip, diagnostics) = read(#"{"type": "LineString", "coordinates": [[1, 2], [3, 4, 5]]}"#)
        let log = try #require(trip)
        #expect(diagnostics.isEmpty)
        #expect(log.locations.map(\.coordinate) == [Coordinate(latitude: 2, longitude: 1), Coordinate(latitude: 4, longitude: 3)])
        #expect(log.locations.allSatisfy { $0.timestamp == nil })
    }

    /// Cut after `[[1, 2], [3` (line 1, 49 characters): JSON read in part is not read, one error
    /// where the file ends (column 50).
    @Test func cutShortIsAClearError() {
        let (trip, diagnostics) = read(#"{"type": "LineString", "coordinates": [[1, 2], [3"#)
        #expect(trip == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasPrefix("t.geojson:1:50: error: the file ends early") == true)
    }

    @Test func otherRootTypeIsAnError() {
        let (trip, diagnostics) = read(#"{"type": "Polygon", "coordinates": []}"#)
        #expect(trip == nil)
        #expect(diagnostics.first?.hasPrefix("t.geojson:1:1: error: not a GeoJSON track") == true)
    }
}
