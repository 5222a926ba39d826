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

@Suite struct GeoJSONTests {
    private func parse(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private let empireState = Annotation(
        id: "new-york", coordinate: Coordinate(latitude: 40.7484, longitude: -73.9857),
        title: "Empire State Building", subtitle: "350 5th Ave", kind: .destination)
    private let flatiron = Annotation(
        id: "new-york/poi-1", coordinate: Coordinate(latitude: 40.7411, longitude: -73.9897),
        title: "Flatiron", kind: .pointOfInterest, category: "landmark", url: "https://example.org/f?a=1&b=2")
    private let timesSquare = Annotation(
        id: "new-york/poi-2", coordinate: Coordinate(latitude: 40.758, longitude: -73.9855),
        title: "Times Square", kind: .pointOfInterest, color: "#123456")

    /// RFC 7946 §3.3 FeatureCollection / §3.2 Feature / §3.1.2 Point, positions [lon, lat] (§3.1.1),
    /// simplestyle properties plus `kind`; the bbox [w, s, e, n] (§5) of these three points is
    /// [−73.9897, 40.7411, −73.9855, 40.758] by inspection.
    @Test func featureCollectionHasRFC7946Structure() throws {
        let json = try parse(GeoJSON.featureCollection(annotations: [empireState, flatiron, timesSquare]))
        #expect(json["type"] as? String == "FeatureCollection")
        #expect(json["bbox"] as? [Double] == [-73.9897, 40.7411, -73.9855, 40.758])
        let features = try #require(json["features"] as? [[String: Any]])
        #expect(features.count == 3)
        for feature in features {
            #expect(feature["type"] as? String == "Feature")
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "Point")
            #expect((geometry["coordinates"] as? [Double])?.count == 2)
            #expect(feature["properties"] is [String: Any])
        }
        #expect(features.map { $0["id"] as? String } == ["new-york", "new-york/poi-1", "new-york/poi-2"])
        let point = try #require((features[0]["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        #expect(point == [-73.9857, 40.7484])

        let destination = try #require(features[0]["properties"] as? [String: Any])
        #expect(destination["title"] as? String == "Empire State Building")
        #expect(destination["description"] as? String == "350 5th Ave")
        #expect(destination["marker-color"] as? String == "#d32f2f")
        #expect(destination["marker-symbol"] as? String == "star")
        #expect(destination["kind"] as? String == "destination")
        #expect(destination["url"] == nil)

        let first = try #require(features[1]["properties"] as? [String: Any])
        #expect(first["marker-symbol"] as? String == "1")
        #expect(first["kind"] as? String == "pointOfInterest")
        #expect(first["category"] as? String == "landmark")
        #expect(first["url"] as? String == "https://example.org/f?a=1&b=2")
        let second = try #require(features[2]["properties"] as? [String: Any])
        #expect(second["marker-symbol"] as? String == "2")
        #expect(second["marker-color"] as? String == "#123456")
    }

    /// Taveuni (Fiji) straddles 180°: points at 179.9° and −179.95° are 0.15° apart the short way,
    /// so the bbox runs west 179.9 → east −179.95 (west > east, RFC 7946 §5.2).
    @Test func bboxCrossesTheAntimeridian() throws {
        let annotations = [
            Annotation(id: "a", coordinate: Coordinate(latitude: -16.8, longitude: 179.9), title: "A", kind: .destination),
            Annotation(id: "b", coordinate: Coordinate(latitude: -16.95, longitude: -179.95), title: "B", kind: .pointOfInterest),
        ]
        let json = try parse(GeoJSON.featureCollection(annotations: annotations))
        #expect(json["bbox"] as? [Double] == [179.9, -16.95, -179.95, -16.8])
    }

    /// A point at the North Pole: the box holds the pole, so it runs from −180 to 180 whatever the
    /// points' longitudes (RFC 7946 §5.3), from the other point's 10° N up to 90.
    @Test func bboxWithAPoleSpansEveryMeridian() throws {
        let annotations = [
            Annotation(id: "a", coordinate: Coordinate(latitude: 90, longitude: 0), title: "Pole", kind: .destination),
            Annotation(id: "b", coordinate: Coordinate(latitude: 10, longitude: 45), title: "B", kind: .pointOfInterest),
        ]
        let json = try parse(GeoJSON.featureCollection(annotations: annotations))
        #expect(json["bbox"] as? [Double] == [-180, 10, 180, 90])
        // 89.9999999° S is written −90 (6 decimals): the file holds a point at the South Pole.
        let near = [
            Annotation(id: "a", coordinate: Coordinate(latitude: -89.9999999, longitude: 10), title: "A", kind: .destination),
            Annotation(id: "b", coordinate: Coordinate(latitude: -89.99, longitude: 20), title: "B", kind: .pointOfInterest),
        ]
        #expect(try parse(GeoJSON.featureCollection(annotations: near))["bbox"] as? [Double] == [-180, -90, 180, -89.99])
    }

    @Test(arguments: [
        // Single longitude: a zero-width range.
        ([10.0], 10.0, 10.0),
        // Ordinary spread: the largest gap (from 20° round to −10°, 330°) is the one across 180°.
        ([-10.0, 20, 5], -10.0, 20.0),
        // Taveuni-like: the largest gap is 179.9 − (−179.95) = 359.85° wide inside, so cross 180°.
        ([179.9, -179.95], 179.9, -179.95),
        // Three Pacific points: gaps 170→−170 = 20° across 180°, −170→160 = 330° ⇒ west 160, east −170.
        ([170.0, -170, 160], 160.0, -170.0),
        // A tie (two 180° gaps) keeps the non-crossing range.
        ([-90.0, 90], -90.0, 90.0),
        // 190° is −170° wrapped: same as the Pacific case with 170.
        ([190.0, 170], 170.0, -170.0),
    ])
    func longitudeRangeTakesTheShortWayRound(longitudes: [Double], west: Double, east: Double) {
        let range = LongitudeRange.shortestCovering(longitudes)
        #expect(range.west == west)
        #expect(range.east == east)
    }

    /// Coordinates have at most 6 decimals and never use exponent notation; JSON text is safe in
    /// <script> (`</` escaped) and still parses back to the original title.
    /// 12.123456789 rounds to 12.123457 by hand; 0.0000006 to 0.000001.
    @Test func roundsCoordinatesAndEscapesStrings() throws {
        let pin = Annotation(
            id: "x", coordinate: Coordinate(latitude: 0.0000006, longitude: 12.123456789),
            title: "</script> \"A&B\" 🚗", kind: .waypoint)
        let text = GeoJSON.featureCollection(annotations: [pin])
        #expect(text.contains("\"coordinates\":[12.123457,0.000001]"))
        #expect(!text.contains("</"))
        let json = try parse(text)
        let feature = try #require((json["features"] as? [[String: Any]])?.first)
        let properties = try #require(feature["properties"] as? [String: Any])
        #expect(properties["title"] as? String == "</script> \"A&B\" 🚗")
        #expect(properties["marker-symbol"] == nil)  // waypoints have no symbol
    }

    /// RFC 7946 §11.2: at most 6 decimals in positions and bbox, rounded by hand: 5.3241549 →
    /// 5.324155 (the 7th decimal, 9, rounds up), 60.3929951 → 60.392995, −0.0000004 → 0 (below
    /// half a millionth: zero, and never "-0"), −73.98765449 → −73.987654, 179.9999996 → 180.
    @Test func positionsAndBboxHaveAtMostSixDecimals() throws {
        let bergen = Annotation(
            id: "a", coordinate: Coordinate(latitude: 60.3929951, longitude: 5.3241549), title: "A", kind: .destination)
        let equator = Annotation(
            id: "b", coordinate: Coordinate(latitude: -0.0000004, longitude: -73.98765449), title: "B", kind: .pointOfInterest)
        let text = GeoJSON.featureCollection(annotations: [bergen, equator])
        #expect(text.contains("\"coordinates\":[5.324155,60.392995]"))
        #expect(text.contains("\"coordinates\":[-73.987654,0]"))
        // bbox [west, south, east, north]: the short way round from −73.98765449 to 5.3241549.
        #expect(text.contains("\"bbox\":[-73.987654,0,5.324155,60.392995]"))
        #expect(!text.contains("-0,") && !text.contains("-0]"))

        let track = GeoJSON.track(
            title: "T", segments: [[Coordinate(latitude: 60.3929951, longitude: 5.3241549),
                                    Coordinate(latitude: 60.4, longitude: 179.9999996)]],
            points: [(title: "bump", kind: "event", coordinate: Coordinate(latitude: -0.0000004, longitude: 5.3241549),
                      numbers: [("peak", 1.23456789)])])
        #expect(track.contains("[[[5.324155,60.392995],[180,60.4]]]"))
        #expect(track.contains("\"coordinates\":[5.324155,0]"))
        #expect(track.contains("\"peak\":1.234568"))
        #expect(track.contains("\"bbox\":[5.324155,0,180,60.4]"))
        #expect(track.firstMatch(of: #/\d\.\d{7}/#) == nil)
    }

    @Test func extraPropertiesAreAppendedAndInvalidCoordinatesSkipped() throws {
        let invalid = Annotation(id: "bad", coordinate: Coordinate(latitude: .nan, longitude: 0), title: "Bad", kind: .pointOfInterest)
        let text = GeoJSON.featureCollection(annotations: [empireState, invalid]) { annotation in
            [(name: "page", value: "/\(annotation.id)/")]
        }
        let json = try parse(text)
        let features = try #require(json["features"] as? [[String: Any]])
        #expect(features.count == 1)
        #expect((features[0]["properties"] as? [String: Any])?["page"] as? String == "/new-york/")
    }

    @Test func emptyCollectionHasNoBbox() throws {
        let json = try parse(GeoJSON.featureCollection(annotations: []))
        #expect(json["type"] as? String == "FeatureCollection")
        #expect(json["bbox"] == nil)
        #expect((json["features"] as? [Any])?.isEmpty == true)
    }

    private func coordinates(_ geometry: String?) throws -> (type: String?, value: Any?) {
        let json = try parse(try #require(geometry))
        return (json["type"] as? String, json["coordinates"])
    }

    /// RFC 7946 §3.1.9's own example: a line from (170°, 45°) to (−170°, 45°) becomes
    /// `[[[170, 45], [180, 45]], [[-180, 45], [-170, 45]]]`.
    @Test func lineStringSplitsAtTheAntimeridianAsInRFC7946() throws {
        let path = [Coordinate(latitude: 45, longitude: 170), Coordinate(latitude: 45, longitude: -170)]
        let (type, value) = try coordinates(GeoJSON.lineString(path))
        #expect(type == "MultiLineString")
        #expect(value as? [[[Double]]] == [[[170, 45], [180, 45]], [[-180, 45], [-170, 45]]])
    }

    /// Crossing latitudes by hand (linear in longitude):
    /// east (10°, 179°) → (20°, −178°): −178 unwrapped is 182, t = (180 − 179) / (182 − 179) = 1/3,
    /// lat = 10 + 10/3 = 13.333333 (6 decimals); then west (20°, −178°) → (24°, 178°): 178 is −182
    /// unwrapped, t = (−180 + 178) / (−182 + 178) = 1/2, lat = 22.
    @Test func lineStringSplitInterpolatesTheCrossingLatitude() throws {
        let path = [
            Coordinate(latitude: 10, longitude: 179), Coordinate(latitude: 20, longitude: -178),
            Coordinate(latitude: 24, longitude: 178),
        ]
        let (type, value) = try coordinates(GeoJSON.lineString(path))
        #expect(type == "MultiLineString")
        #expect(value as? [[[Double]]] == [
            [[179, 10], [180, 13.333333]],
            [[-180, 13.333333], [-178, 20], [-180, 22]],
            [[180, 22], [178, 24]],
        ])
    }

    @Test func lineStringWithoutCrossingStaysALineString() throws {
        let path = [
            Coordinate(latitude: 36.1, longitude: -112.1), Coordinate(latitude: 36.2, longitude: -112.0),
            Coordinate(latitude: 36.3, longitude: -111.9),
        ]
        let (type, value) = try coordinates(GeoJSON.lineString(path))
        #expect(type == "LineString")
        #expect(value as? [[Double]] == [[-112.1, 36.1], [-112, 36.2], [-111.9, 36.3]])
        #expect(GeoJSON.lineString([Coordinate(latitude: 1, longitude: 1)]) == nil)
        #expect(GeoJSON.lineString([]) == nil)
    }

    /// A vertex exactly on 180° needs no extra cut point: (0°, 179°) → (1°, 180°) → (2°, −179°)
    /// gives [[179, 0], [180, 1]] and [[-180, 1], [-179, 2]].
    @Test func vertexOnTheAntimeridianIsNotDuplicated() {
        let pieces = AntimeridianSplit.pieces(of: [
            Coordinate(latitude: 0, longitude: 179), Coordinate(latitude: 1, longitude: 180),
            Coordinate(latitude: 2, longitude: -179),
        ])
        #expect(pieces == [
            [Coordinate(latitude: 0, longitude: 179), Coordinate(latitude: 1, longitude: 180)],
            [Coordinate(latitude: 1, longitude: -180), Coordinate(latitude: 2, longitude: -179)],
        ])
    }

    /// A path along the antimeridian itself — from (10°, 180°) through (15°, −180°) to (20°, −180°),
    /// as a geodesic along the meridian comes out of PROJ — crosses nothing: one piece, every
    /// position numeric and on the first position's sign (it once divided 0 by 0 here).
    @Test func aPathAlongTheAntimeridianIsOnePiece() {
        let pieces = AntimeridianSplit.pieces(of: [
            Coordinate(latitude: 10, longitude: 180), Coordinate(latitude: 15, longitude: -180),
            Coordinate(latitude: 20, longitude: -180),
        ])
        #expect(pieces == [[
            Coordinate(latitude: 10, longitude: 180), Coordinate(latitude: 15, longitude: 180),
            Coordinate(latitude: 20, longitude: 180),
        ]])
    }
}

@Suite struct TrackGeoJSONTests {
    /// Two segments, the second crossing 180° between 179.9° E and 179.9° W: three lines in one
    /// MultiLineString (the crossing cut at ±180, RFC 7946 §3.1.9), the gap not joined, a Point for
    /// the event, and a bbox whose west (179.9) is east of its east (−179.9), RFC 7946 §5.2.
    @Test func segmentsAndAntimeridianAndEvents() throws {
        let text = GeoJSON.track(
            title: "Day 1",
            segments: [
                [Coordinate(latitude: -16.8, longitude: 179.7), Coordinate(latitude: -16.81, longitude: 179.8)],
                [Coordinate(latitude: -16.82, longitude: 179.9), Coordinate(latitude: -16.84, longitude: -179.9)],
                [Coordinate(latitude: -16.9, longitude: 179.95)],  // one point: no line
            ],
            points: [(title: "bump", kind: "event", coordinate: Coordinate(latitude: -16.81, longitude: 179.8), numbers: [("peak", 0.42)])])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let features = try #require(json["features"] as? [[String: Any]])
        #expect(features.count == 2)
        let geometry = try #require(features[0]["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiLineString")
        let lines = try #require(geometry["coordinates"] as? [[[Double]]])
        #expect(lines.count == 3)
        #expect(lines[1].last?[0] == 180 && lines[2].first?[0] == -180)
        // Halfway in longitude (0.1° each side of 180) is halfway in latitude: −16.83.
        #expect(abs((lines[1].last?[1] ?? 0) + 16.83) < 1e-9)
        let bbox = try #require(json["bbox"] as? [Double])
        #expect(bbox[0] == 179.7 && bbox[2] == -179.9)
        let event = try #require(features[1]["properties"] as? [String: Any])
        #expect(event["kind"] as? String == "event" && event["peak"] as? Double == 0.42)
    }
}
