import Foundation
import Testing

/// `roadtrip itinerary`: the table and the JSON of a project's trips, without building, and its
/// exit statuses.
@Suite struct ItineraryCommandTests {
    static func destination(_ title: String, _ latitude: Double, _ longitude: Double, _ extra: String) -> String {
        "---\ntitle: \(title)\nlatitude: \(latitude)\nlongitude: \(longitude)\n\(extra)---\n"
    }

    @Test func printsTheTripsAsATableAndAsJSON() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", Self.destination("Bergen", 60.3913, 5.3221, "date: 2025-06-14\nnights: 2\norder: 1\n"))
        try project.write("Destinations/alesund/index.md", Self.destination("Ålesund", 62.4723, 6.1549, "date: 2025-06-16\norder: 2\n"))
        try project.write("Destinations/oslo/index.md", Self.destination("Oslo", 59.91, 10.75, "itinerary: false\n"))
        try project.write("Destinations/nordkapp/index.md", Self.destination("Nordkapp", 71.17, 25.78, "trip: North Cape\n"))
        let table = try CommandRunner.run(["itinerary", "--source", project.root.path])
        #expect(table.status == 0, "\(table.standardError)")
        #expect(table.standardError.isEmpty)
        // GeographicLib 2.1: Bergen → Ålesund is 236,114.755 m (146.71 mi: ÷ 1,609.344) at 10.485°.
        // Two stops: Bergen June 14–16, Ålesund arriving on the 16th and ending there.
        #expect(table.standardOutput == """
            Main trip: 2 stops · 3 days · 2 nights · 236.1 km (146.7 mi) planned
            #  Day  Dates                    Nights  Stop     Leg from the previous stop
            1  1–3  2025-06-14 → 2025-06-16  2       Bergen
            2  3    2025-06-16               0       Ålesund  236.1 km (146.7 mi), bearing 10°
            Countries: Norway

            Trip north-cape: 1 stop
            #  Day  Dates  Nights  Stop      Leg from the previous stop
            1  —    —      —       Nordkapp

            """)
        #expect(!project.exists("Output"), "itinerary writes nothing")

        let json = try CommandRunner.run(["itinerary", "--json", "--source", project.root.path])
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let itineraries = try #require(document["itineraries"] as? [[String: Any]])
        #expect(itineraries.count == 2)
        #expect(itineraries[0]["name"] is NSNull)
        #expect(itineraries[1]["name"] as? String == "north-cape")
        let legs = try #require(itineraries[0]["legs"] as? [[String: Any]])
        #expect(abs((legs[0]["distance"] as? Double ?? 0) - 236_114.755) < 0.001)
        #expect(legs[0]["from"] as? Int == 1 && legs[0]["to"] as? Int == 2)
        let stops = try #require(itineraries[0]["stops"] as? [[String: Any]])
        #expect(stops.map { $0["slug"] as? String } == ["bergen", "alesund"])
        #expect(stops[0]["departure"] as? String == "2025-06-16")
        #expect(stops[0]["nights"] as? Int == 2)
    }

    /// A source error is exit 1 with the error on standard error and nothing on standard output; a
    /// warning alone is exit 0, and exit 1 under --strict; an unknown option is exit 2.
    @Test func exitStatuses() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", Self.destination("Bergen", 60.3913, 5.3221, "date: 2025-06-14\nnights: many\n"))
        let broken = try CommandRunner.run(["itinerary", "--source", project.root.path])
        #expect(broken.status == 1)
        #expect(broken.standardOutput.isEmpty)
        #expect(broken.standardError.contains(
            "Destinations/bergen/index.md:6:9: error: nights must be a whole number from 0 to 366, not 'many'"), "\(broken.standardError)")

        try project.write("Destinations/bergen/index.md", Self.destination("Bergen", 60.3913, 5.3221, "nights: 2\n"))
        let warned = try CommandRunner.run(["itinerary", "--source", project.root.path])
        #expect(warned.status == 0)
        #expect(warned.standardError.contains("warning: nights needs the arrival"))
        #expect(try CommandRunner.run(["itinerary", "--strict", "--source", project.root.path]).status == 1)
        #expect(try CommandRunner.run(["itinerary", "--colour", "--source", project.root.path]).status == 2)
    }
}
