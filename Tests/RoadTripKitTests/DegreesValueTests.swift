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

/// The one rule for a latitude or longitude wherever it is written (front matter, pois.json,
/// plists): numbers are used, numeric text is read with a warning, anything else is an error.
@Suite struct DegreesValueTests {
    @Test func numbersTextAndProblems() {
        #expect(DegreesValue.read(.double(60.39), name: "latitude", axis: .latitude) == .degrees(60.39, warning: nil))
        #expect(DegreesValue.read(.integer(-90), name: "latitude", axis: .latitude) == .degrees(-90, warning: nil))
        #expect(DegreesValue.read(.string(" 60.39 "), name: "latitude", axis: .latitude)
            == .degrees(60.39, warning: "latitude is the text ' 60.39 '; read as the number 60.39"))
        #expect(DegreesValue.read(.string("sixty"), name: "Latitude", axis: .latitude)
            == .problem("Latitude must be a number of degrees, not 'sixty'"))
        #expect(DegreesValue.read(.string("60,39"), name: "latitude", axis: .latitude)
            == .problem("latitude must be a number of degrees, not '60,39'"))
        #expect(DegreesValue.read(.bool(true), name: "latitude", axis: .latitude)
            == .problem("latitude must be a number of degrees, not true"))
        #expect(DegreesValue.read(.null, name: "latitude", axis: .latitude) == .problem("latitude is empty; give a number of degrees"))
        #expect(DegreesValue.read(.double(91.5), name: "latitude", axis: .latitude)
            == .problem("latitude 91.5 is outside −90…90 degrees"))
        #expect(DegreesValue.read(.string("180.5"), name: "longitude", axis: .longitude)
            == .problem("longitude 180.5 is outside −180…180 degrees"))
        #expect(DegreesValue.read(.double(.infinity), name: "longitude", axis: .longitude)
            == .problem("longitude must be a finite number of degrees, not inf"))
    }
}
