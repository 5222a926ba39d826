import Foundation
import Testing
import RoadTripCore
@testable import RoadTripSite

/// What `.roadtrip-cache/build/sources/` keeps of a loaded source (`StoredDestinationCoding`,
/// `StoredSourcesFile`): every field of a destination and every diagnostic reads back equal,
/// and anything that is not a whole record reads as nothing (the source is then parsed again).
@Suite struct StoredDestinationCodingTests {
    /// A destination with every field set to something other than its default, including the
    /// optionals that are `nil` elsewhere in the same value, a nested metadata mapping, a stay
    /// with a time of day and a UTC offset, and non-ASCII text.
    static let destination: Destination = {
        var destination = Destination(
            slug: "tromso", title: "Tromsø", subtitle: "Gateway to the Arctic", coordinate: Coordinate(latitude: 69.6496, longitude: 18.956),
            bodyHTML: "<p>Midnight sun &amp; <em>fjords</em>.</p>\n",
            pointsOfInterest: [
                PointOfInterest(title: "Fjellheisen", subtitle: "cable car", coordinate: Coordinate(latitude: 69.6436, longitude: 18.9975),
                                category: "view", color: "#336699", url: "https://fjellheisen.no"),
                PointOfInterest(title: "Polaria", coordinate: Coordinate(latitude: -0.0, longitude: -180)),
            ],
            events: [Event(title: "Northern Lights Festival", url: "https://nordlysfestivalen.no", date: "2026-01-24"), Event(title: "Market", url: "https://x.example")],
            weatherURL: "https://www.yr.no/en/forecast/daily-table/1-305409", regionRequest: .span(CoordinateSpan(latitudeDelta: 0.25, longitudeDelta: 0.5)),
            date: "2026-06-21T18:30+02:00", isDraft: true, order: -3, tags: ["arctic", "city"],
            stay: Stay(
                arrival: CalendarDate(year: 2026, month: 6, day: 21, time: CalendarDate.TimeOfDay(hour: 18, minute: 30, second: 5, fraction: 0.25), utcOffset: 7_200),
                departure: CalendarDate(year: 2026, month: 6, day: 23), arrivalLocation: SourceLocation(path: "Destinations/tromso/index.md", line: 7, column: 7),
                nightsGiven: 2),
            isOnItinerary: false, tripName: "north-cape", tripTitle: "North Cape", image: "images/harbour.jpg",
            extraMetadata: [
                "ferry": .mapping([MetadataEntry(key: "operator", value: .string("Hurtigruten")), MetadataEntry(key: "hours", value: .double(3.5))]),
                "ratings": .list([.integer(4), .null, .bool(true)]),
                "note": .string(""),
            ],
            sourcePath: "Destinations/tromso/index.md", assetFiles: ["images/harbour.jpg", "images/bridge.png"])
        destination.placeName = "Tromsø"
        return destination
    }()

    static let diagnostics = [
        Diagnostic(.warning, SourceLocation(path: "Destinations/tromso/index.md", line: 3, column: 1), "unknown key 'colour'"),
        Diagnostic(.error, SourceLocation(path: "Destinations/tromso/pois.json"), "not JSON"),
    ]

    @Test func aSourceReadsBackWhatWasWritten() throws {
        let plain = Destination(slug: "oslo", title: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75), regionRequest: .fit, sourcePath: "Destinations.plist")
        let data = StoredDestinationCoding.data(destinations: [Self.destination, plain], diagnostics: Self.diagnostics)
        let read = try #require(StoredDestinationCoding.read(data))
        #expect(read.destinations == [Self.destination, plain])
        #expect(read.diagnostics == Self.diagnostics)
        let empty = StoredDestinationCoding.data(destinations: [], diagnostics: [])
        // Two counts of zero, 4 bytes each.
        #expect(empty == Data(repeating: 0, count: 8))
        #expect(StoredDestinationCoding.read(empty)?.destinations == [])
    }

    /// Every truncation of a record, a byte more, and a flag that is neither 0 nor 1 read as nothing.
    @Test func anythingButAWholeRecordReadsAsNothing() {
        let good = StoredDestinationCoding.data(destinations: [Self.destination], diagnostics: Self.diagnostics)
        for length in 0..<good.count {
            #expect(StoredDestinationCoding.read(good.prefix(length)) == nil, "truncated to \(length)")
        }
        #expect(StoredDestinationCoding.read(good + [0]) == nil)
        // Bytes 0–3 count the destinations; 4–7 the slug's length, 8–13 "tromso": then the title's
        // length. The last byte is the diagnostics' last message's last letter; the byte before the
        // message ("not JSON", 8 bytes, after a 4-byte count) is the column's flag, 0.
        var flag = good
        flag[good.count - 13] = 2
        #expect(StoredDestinationCoding.read(flag) == nil)
    }

    /// Only destinations without trip logs, photos, contacts or a place name looked up in the
    /// gazetteer (libgeonames' data, which may change under the same executable) are kept.
    @Test func destinationsWithRecordingsPeopleOrAPlaceNameAreNotStorable() {
        #expect(!StoredDestinationCoding.isStorable(Self.destination))
        var placed = Self.destination
        placed.placeName = nil
        #expect(StoredDestinationCoding.isStorable(placed))
        var withContact = placed
        withContact.publicContacts = [PublicContact(name: "Ada", city: nil, coordinate: nil, emails: [], phones: [], addresses: [], hasPhoto: false)]
        #expect(!StoredDestinationCoding.isStorable(withContact))
    }

    @Test func aSourcesFileReadsBackWhatWasWrittenAndNothingElse() {
        let file = StoredSourcesFile(loadKey: "0123456789abcdef", sources: [
            "Destinations/tromso/index.md": .init(digest: "fedcba9876543210", record: Data([1, 2, 3])),
            "Destinations.plist": .init(digest: "", record: Data()),
        ])
        let data = file.data
        // magic 8; key 4 + 16; count 4; "Destinations.plist" (18) first: 4 + 18, digest 4, record 4;
        // then "Destinations/tromso/index.md" (28): 4 + 28, digest 4 + 16, record 4 + 3; checksum 16.
        #expect(data.count == 8 + 20 + 4 + 30 + 59 + 16)
        #expect(data.count == 137)
        #expect(data.prefix(8) == Data("RTLOAD4\n".utf8))
        #expect(StoredSourcesFile(parsing: data) == file)
        for length in 0..<data.count { #expect(StoredSourcesFile(parsing: data.prefix(length)) == nil) }
        #expect(StoredSourcesFile(parsing: data + [0]) == nil)
    }

    /// A same-length edit inside a record ("Bergen City" → "Bergen Citx" in `sed -i`) and a flip
    /// of any single byte, checksum included, read as nothing: the sources are parsed again.
    @Test func aSourcesFileChangedAnywhereReadsAsNothing() {
        // The record is opaque to the file (decoded only when its source is reused): any bytes do.
        let record = Data("Bergen City".utf8)
        let file = StoredSourcesFile(loadKey: "0123456789abcdef", sources: [
            "Destinations/bergen/index.md": .init(digest: "fedcba9876543210", record: record),
        ])
        let data = file.data
        // magic 8; key 4 + 16; count 4; "Destinations/bergen/index.md" (28): 4 + 28, digest 4 + 16,
        // record 4 + 11; checksum 16.
        #expect(data.count == 8 + 20 + 4 + 32 + 20 + 15 + 16)
        #expect(StoredSourcesFile(parsing: data) == file)
        let range = try! #require(data.range(of: Data("Bergen City".utf8)))
        var edited = data
        edited[range.upperBound - 1] = UInt8(ascii: "x")
        #expect(edited.count == data.count)
        #expect(StoredSourcesFile(parsing: edited) == nil)
        // The same edit under a recomputed checksum parses (the record is opaque to the file):
        // only the checksum catches it.
        let resealed = edited.dropLast(StoredChecksum.length) + edited.dropLast(StoredChecksum.length).withUnsafeBytes(StoredChecksum.of)
        #expect(StoredSourcesFile(parsing: Data(resealed)) != nil)
        for offset in 0..<data.count {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var flipped = data
                flipped[offset] ^= mask
                #expect(StoredSourcesFile(parsing: flipped) == nil, "byte \(offset) XOR \(mask)")
            }
        }
    }
}
