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

@Suite struct RoseChartTests {
    private func parse(_ text: String) throws -> XMLTestElement {
        try #require(XMLTestElement.parse(text), "SVG is not well-formed XML")
    }

    /// 16 sectors of w = 22.5°, sector = floor((d + 11.25) / 22.5) mod 16:
    /// 359 → floor(370.25 / 22.5) = floor(16.46) = 16 → 0 (N); 1 → floor(0.54) = 0 (N);
    /// 11.25 → floor(1) = 1 (NNE, a boundary goes clockwise); 11.24 → floor(0.9996) = 0;
    /// 348.75 → floor(16) = 16 → 0; 348.74 → floor(15.9996) = 15 (NNW); 90 → floor(4.5) = 4 (E);
    /// 180 → floor(8.5) = 8 (S); 720.5 → 0.5 after mod 360 → 0; negative and non-finite → none.
    @Test func sixteenSectorAssignment() {
        let cases: [(Double, Int?)] = [
            (359, 0), (1, 0), (0, 0), (11.25, 1), (11.24, 0), (348.75, 0), (348.74, 15),
            (90, 4), (180, 8), (270, 12), (720.5, 0), (-1, nil), (.nan, nil), (.infinity, nil),
        ]
        for (degrees, expected) in cases {
            #expect(RoseChart.sector(of: degrees, sectors: .sixteen) == expected, "\(degrees)°")
        }
        #expect(RoseChart.sectorName(4, sectors: .sixteen) == "E")
        #expect(RoseChart.sectorName(15, sectors: .sixteen) == "NNW")
    }

    /// 36 sectors of 10°, sector = floor((d + 5) / 10) mod 36: 355 → 36 → 0; 354.9 → 35;
    /// 94.9 → floor(9.99) = 9; 95 → 10; 4.9 → 0.
    @Test func thirtySixSectorAssignment() {
        let cases: [(Double, Int?)] = [(355, 0), (354.9, 35), (94.9, 9), (95, 10), (4.9, 0), (5, 1)]
        for (degrees, expected) in cases {
            #expect(RoseChart.sector(of: degrees, sectors: .thirtySix) == expected, "\(degrees)°")
        }
        #expect(RoseChart.sectorName(9, sectors: .thirtySix) == "90°")
    }

    /// 359°, 1° and 0.5° are all N (sector 0): 3 samples; 90° and 91° are E (sector 4): 2;
    /// −5° and NaN are ignored → 5 samples, N dominant with 3 of 5 = 60%.
    @Test func countsAndDominantDirection() throws {
        let root = try parse(RoseChart.svg(
            title: "Heading rose (true)", directions: [359, 1, 0.5, 90, 91, -5, .nan], idPrefix: "rose-1-"))
        #expect(root.name == "svg")
        #expect(root.attributes["role"] == "img")
        #expect(root.attributes["version"] == "1.1")
        #expect(root.attributes["viewBox"] == "0 0 320 344")
        #expect(root.attributes["aria-labelledby"] == nil)
        #expect(root.children.prefix(2).map(\.name) == ["title", "desc"])
        #expect(root.children[0].text == "Heading rose (true)")
        #expect(root.children[1].text == "Dominant direction: N (0°), 3 of 5 samples (60%); "
            + "16 sectors of 22.5°, degrees clockwise from north.")
        let sectors = root.descendants(withClass: "rose-sector")
        #expect(sectors.map { $0.attributes["data-sector"] ?? "" } == ["0", "4"])
        #expect(sectors.map { $0.attributes["data-count"] ?? "" } == ["3", "2"])
        #expect(sectors.map { $0.child(named: "title")?.text ?? "" } == ["N: 3 samples", "E: 2 samples"])
        let ids = root.descendants.compactMap { $0.attributes["id"] }
        #expect(ids == ["rose-1-rose-title", "rose-1-rose-desc"])
        #expect(root.descendants(withClass: "rose-labels").first?.children.map(\.text) == ["N", "E", "S", "W"])
        #expect(root.descendants(withClass: "rose-caption").first?.text == "Outer ring: 3 of 5 samples")
    }

    /// Wedge geometry for size 320: centre (160, 160), outer radius 320/2 − 30 = 130. The N wedge
    /// (3 = the largest count) reaches 130 px between −11.25° and 11.25°:
    /// x = 160 ∓ 130 · sin 11.25° = 160 ∓ 25.3617 → 134.64 / 185.36, y = 160 − 130 · cos 11.25°
    /// = 160 − 127.5021 = 32.50. The E wedge (2 of 3) has radius 86.67 between 78.75° and
    /// 101.25°: x = 160 + 86.667 · sin 78.75° = 245.00, y = 160 ∓ 86.667 · cos 78.75° = 143.09 /
    /// 176.91. (Computed with Python's math.sin/cos.)
    @Test func wedgesHaveHandComputedGeometry() throws {
        let root = try parse(RoseChart.svg(title: "Course rose", directions: [359, 1, 0.5, 90, 91]))
        let d = root.descendants(withClass: "rose-sector").map { $0.attributes["d"] ?? "" }
        #expect(d == [
            "M160,160L134.64,32.5A130,130 0 0 1 185.36,32.5Z",
            "M160,160L245,143.09A86.67,86.67 0 0 1 245,176.91Z",
        ])
    }

    /// 200° → floor(211.25 / 22.5) = floor(9.39) = 9 = SSW, centred on 9 · 22.5 = 202.5°;
    /// 3 of 4 = 75%.
    @Test func dominantDirectionIsNamed() throws {
        let root = try parse(RoseChart.svg(title: "Course rose", directions: [200, 201, 199.5, 10]))
        #expect(root.children[1].text.hasPrefix("Dominant direction: SSW (202.5°), 3 of 4 samples (75%);"))
        // 36 sectors, a tie: 85 and 94 → 9 (90°), 95 and 96 → 10 (100°): the first clockwise
        // from north wins; 2 of 5 = 40%.
        let tied = try parse(RoseChart.svg(title: "Course rose", directions: [85, 94, 95, 96, 200], sectors: .thirtySix))
        #expect(tied.children[1].text == "Dominant direction: 90°, 2 of 5 samples (40%); "
            + "36 sectors of 10°, degrees clockwise from north.")
    }

    @Test func titleIsEscapedAndEmptyInputSaysSo() throws {
        let title = "Heading <rose> & \"course\""
        let text = RoseChart.svg(title: title, directions: [-1, .nan])
        #expect(!text.contains("<rose>"))
        let root = try parse(text)
        #expect(root.children[0].text == title)
        #expect(root.children[1].text == "No valid directions.")
        #expect(root.descendants(withClass: "rose-sector").isEmpty)
    }
}
