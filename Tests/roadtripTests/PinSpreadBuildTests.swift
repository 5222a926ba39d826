import Foundation
import Testing

/// Pins never hide each other (issue 17, item 5), through the built binary: ten POIs at the
/// destination's own coordinate are ten pins spread round it in `map.svg` and on the page, with
/// leader lines back to the true place; a POI elsewhere stays on its coordinate; the GeoJSON and the
/// page's annotation data keep the true coordinates.
@Suite struct PinSpreadBuildTests {
    /// `(x, y)` of every pin's `translate(x,y)` in `svg`, by annotation id.
    private func pinPositions(_ svg: String) -> [String: (x: Double, y: Double)] {
        var positions: [String: (x: Double, y: Double)] = [:]
        for match in svg.matches(of: #/<g class="pin [^"]*" data-annotation-id="([^"]+)" transform="translate\(([-\d.]+),([-\d.]+)\)">/#) {
            if let x = Double(match.2), let y = Double(match.3) { positions[String(match.1)] = (x, y) }
        }
        return positions
    }

    /// The leader lines of `svg`'s `pin-leg` path, each `M x,y L x,y` as (from, to).
    private func leaderLines(_ svg: String) -> [(from: (x: Double, y: Double), to: (x: Double, y: Double))] {
        guard let path = svg.firstMatch(of: #/<path class="pin-leg" d="([^"]*)"/#) else { return [] }
        return path.1.matches(of: #/M([-\d.]+),([-\d.]+)L([-\d.]+),([-\d.]+)/#).compactMap { line in
            guard let x0 = Double(line.1), let y0 = Double(line.2), let x1 = Double(line.3), let y1 = Double(line.4) else { return nil }
            return ((x0, y0), (x1, y1))
        }
    }

    /// Builds a project whose one destination `slug` has the front matter `header` (its lines, no
    /// `pois:`) and ten POIs at `latitude`, `longitude` and an eleventh at `far`; runs `inspect` on
    /// the project once built (its `map.svg`, then the project), before removing it.
    private func build(
        _ slug: String, header: String, at latitude: Double, _ longitude: Double, far: (Double, Double), names: (String, String),
        inspect: (String, TemporaryProject) throws -> Void
    ) throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let pois = (1...10).map { "  - { title: \"\(names.0)\($0)\", latitude: \(latitude), longitude: \(longitude) }" }
            + ["  - { title: \"\(names.1)\", latitude: \(far.0), longitude: \(far.1) }"]
        try project.write("Destinations/\(slug)/index.md", "---\n" + header + "\npois:\n" + pois.joined(separator: "\n") + "\n---\n")
        let result = try project.build(["--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
        try inspect(try project.read("Output/\(slug)/map.svg"), project)
    }

    @Test func tenPointsOfInterestAtOnePlaceAreTenPinsApart() throws {
        try build(
            "market", header: "title: Market\nlatitude: 45.75\nlongitude: 14.38", at: 45.75, 14.38, far: (45.75, 14.40),
            names: ("Stall ", "Lake shore")
        ) { svg, project in
            let pins = pinPositions(svg)
            #expect(pins.count == 12)

            // The map is centred on the destination: its coordinate is the viewport's middle, (400, 250)
            // of the default 800 × 500, and the destination's pin stays there.
            let destination = try #require(pins["destination"])
            #expect(destination.x == 400 && destination.y == 250)
            // The ten stalls: each at least its size (31 px; 42 from the destination's pin) from every
            // other pin — the group is spread one destination size (42 px) apart.
            let stalls = (1...10).compactMap { pins["poi-\($0)"] }
            #expect(stalls.count == 10)
            for (index, stall) in stalls.enumerated() {
                #expect(hypot(stall.x - 400, stall.y - 250) >= 42 - 0.01, "poi-\(index + 1)")
                for other in stalls[..<index] { #expect(hypot(stall.x - other.x, stall.y - other.y) >= 42 - 0.02, "poi-\(index + 1)") }
            }
            // A leader line from each stall's tip to the true place, (400, 250); none for the others.
            let lines = leaderLines(svg)
            #expect(lines.count == 10)
            for stall in stalls {
                #expect(lines.contains { abs($0.from.x - stall.x) < 0.01 && abs($0.from.y - stall.y) < 0.01 && $0.to.x == 400 && $0.to.y == 250 })
            }
            // The lake shore, 0.02° east on the same latitude (clear of the spread), stays on its
            // coordinate: y = 250, x = 400 + 0.02 / 360 × 256 × 2^zoom px (Web Mercator, 256-px tiles).
            let zoom = try #require(svg.firstMatch(of: #/data-zoom="([\d.]+)"/#).flatMap { Double($0.1) })
            let shore = try #require(pins["poi-11"])
            #expect(abs(shore.x - (400 + 0.02 / 360 * 256 * pow(2, zoom))) < 0.02 && shore.y == 250, "\(shore), zoom \(zoom)")
            // A small dot marks the true place (one, shared by the ten lines): a 3-px circle there.
            #expect(svg.contains(#"<path class="pin-origin" d="M397,250a3,3 0 1 0 6,0a3,3 0 1 0 -6,0""#))

            // The page's inline map is drawn the same way; the data keeps the true coordinates.
            let page = try project.read("Output/market/index.html")
            #expect(page.contains(#"<g class="pin-legs" pointer-events="none">"#))
            #expect(pinPositions(page).count == 12)
            #expect(page.contains(#""id":"poi-7","kind":"pointOfInterest","title":"Stall 7","subtitle":"","latitude":45.75,"longitude":14.38"#))
            let geojson = try project.read("Output/market/annotations.geojson")
            #expect(geojson.components(separatedBy: "\"coordinates\":[14.38,45.75]").count - 1 == 11)
        }
    }

    /// The tester's map: a destination with ten POIs on its coordinate and one 0.01° off, `region:
    /// fit`, so the destination is near the map's bottom edge. The spread round it would cross the
    /// edge (two POIs were drawn entirely below the map, out of reach); the group moves inside, the
    /// destination with it (drawn with a leader line to its true place): every POI pin, its whole
    /// shape (a box 31 px tall and wide above its tip), inside the map, every two at least a
    /// pin size apart.
    @Test func aSpreadRoundTheDestinationNearAnEdgeStaysInsideTheMap() throws {
        try build(
            "x", header: "title: X\nlatitude: 46.05\nlongitude: 14.5\nregion: fit", at: 46.05, 14.5, far: (46.06, 14.51),
            names: ("P", "Far")
        ) { svg, _ in
            let size = try #require(svg.firstMatch(of: #/<svg [^>]*width="(\d+)" height="(\d+)"/#))
            let width = try #require(Double(size.1)), height = try #require(Double(size.2))
            let pins = pinPositions(svg)
            let points = try (1...11).map { try #require(pins["poi-\($0)"], "poi-\($0)") }
            for (index, point) in points.enumerated() {
                #expect(point.x - 15.5 >= 0 && point.x + 15.5 <= width && point.y - 31 >= 0 && point.y <= height, "poi-\(index + 1) at \(point)")
                for other in points[..<index] { #expect(hypot(point.x - other.x, point.y - other.y) >= 31, "poi-\(index + 1)") }
            }
            // The ten round the destination one destination size (42 px) apart, from it too.
            let destination = try #require(pins["destination"])
            for (index, point) in points[..<10].enumerated() {
                #expect(hypot(point.x - destination.x, point.y - destination.y) >= 42 - 0.01, "poi-\(index + 1)")
                for other in points[..<index] { #expect(hypot(point.x - other.x, point.y - other.y) >= 42 - 0.02, "poi-\(index + 1)") }
            }
            // The destination moved with its group: a leader line from its tip to the true place, which
            // the ten POIs' lines share.
            let lines = leaderLines(svg)
            #expect(lines.count == 11)
            let place = try #require(lines.first { abs($0.from.x - destination.x) < 0.01 && abs($0.from.y - destination.y) < 0.01 }).to
            #expect(place.y > destination.y)
            #expect(lines.allSatisfy { $0.to.x == place.x && $0.to.y == place.y })
        }
    }
}
