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

@Suite struct PropertyListImportTests {
    private let path = "Destinations/Destinations.plist"

    /// What Fixtures/content/Destinations.plist (and its binary twin, written from it by Python's
    /// plistlib with FMT_BINARY) must give, read off the file by hand:
    /// - New York City: title = DestinationName, subtitle = the location's Subtitle; Latitude is the
    ///   <string> 40.712784 (accepted), Longitude <real> −74.005941; events keep the valid URL
    ///   (titled with its host www.nyc.gov) and drop "htp:/not a url"; the Statue of Liberty POI
    ///   (40.689244, −74.044514, Longitude as <string>) has the <integer> Subtitle 1886 → "1886".
    /// - San Francisco: no Subtitle, so the location's Title "The City by the Bay" (differs from the
    ///   name); Golden Gate Bridge at 37.819722 (<string>), −122.478611; Weather
    ///   "forecast.weather.gov/sf" has no scheme → dropped.
    /// - Beyond the Pole: Latitude <integer>95</integer> is outside −90…90 → error, skipped.
    private var expectedDestinations: [Destination] {
        [
            Destination(
                slug: "new-york-city", title: "New York City", subtitle: "A great place to visit",
                coordinate: Coordinate(latitude: 40.712784, longitude: -74.005941),
                pointsOfInterest: [
                    PointOfInterest(
                        title: "Statue of Liberty", subtitle: "1886",
                        coordinate: Coordinate(latitude: 40.689244, longitude: -74.044514))
                ],
                // An event without a title is titled by its host, without "www." (WebLink.host).
                events: [Event(title: "nyc.gov", url: "http://www.nyc.gov/events")],
                weatherURL: "http://forecast.weather.gov/MapClick.php?lat=40.7128&lon=-74.0059",
                // The classic format has no dates or order: every destination is a side trip.
                regionRequest: .span(nil), isOnItinerary: false, image: "NYCImage.png", sourcePath: path),
            Destination(
                slug: "san-francisco", title: "San Francisco", subtitle: "The City by the Bay",
                coordinate: Coordinate(latitude: 37.7749, longitude: -122.4194),
                pointsOfInterest: [
                    PointOfInterest(
                        title: "Golden Gate Bridge", subtitle: "Opened 1937",
                        coordinate: Coordinate(latitude: 37.819722, longitude: -122.478611))
                ],
                events: [Event(title: "sfgov.org", url: "https://www.sfgov.org/events")],
                weatherURL: nil, regionRequest: .span(nil), isOnItinerary: false, image: "SFImage.png", sourcePath: path),
        ]
    }

    /// The diagnostics' messages, the same for both formats.
    private let expectedMessages: [(Diagnostic.Severity, String)] = [
        (.warning, "destination 1 'New York City': Latitude is the text '40.712784'; read as the number 40.712784"),
        (.warning, "destination 1 'New York City': event 2 'htp:/not a url' is not an absolute http(s) URL; ignored"),
        (.warning, "destination 1 'New York City': POI 1: Subtitle is the number 1886; used as text"),
        (.warning, "destination 1 'New York City': POI 1: Longitude is the text '-74.044514'; read as the number -74.044514"),
        (.warning, "destination 2 'San Francisco': POI 1: Latitude is the text '37.819722'; read as the number 37.819722"),
        (.warning, "destination 2 'San Francisco': Weather 'forecast.weather.gov/sf' is not an absolute http(s) URL; ignored"),
        (.error, "destination 3 'Beyond the Pole': Latitude 95 is outside −90…90 degrees"),
    ]

    /// In the XML file, each diagnostic points at its element's line, the column being the `<`
    /// after the tabs (tabs count one column): 19:5 `<string>40.712784`, 26:5 `<string>htp:/…`,
    /// 34:6 `<integer>1886`, 38:6 `<string>-74.044514`, 70:6 `<string>37.819722`,
    /// 76:4 `<string>forecast.weather.gov/sf`, 86:5 `<integer>95`.
    @Test func importsXMLWithAWarningPerOddity() {
        let log = DiagnosticLog()
        let destinations = PropertyListImport.destinations(
            from: FixtureFiles.url("content/Destinations.plist"), displayPath: path, log: log)
        #expect(destinations == expectedDestinations)
        let positions = [(19, 5), (26, 5), (34, 6), (38, 6), (70, 6), (76, 4), (86, 5)]
        let expected = zip(expectedMessages, positions).map { message, position in
            Diagnostic(message.0, SourceLocation(path: path, line: position.0, column: position.1), message.1)
        }
        #expect(Set(log.diagnostics) == Set(expected))
        #expect(log.diagnostics.count == expected.count)
    }

    /// The binary twin gives the same destinations and messages; binary plists have no lines.
    @Test func binaryPlistGivesTheSameDestinations() throws {
        let url = FixtureFiles.url("content/Destinations-binary.plist")
        #expect(try Data(contentsOf: url).starts(with: Array("bplist00".utf8)))
        let log = DiagnosticLog()
        let destinations = PropertyListImport.destinations(from: url, displayPath: path, log: log)
        #expect(destinations == expectedDestinations)
        let expected = expectedMessages.map { Diagnostic($0.0, SourceLocation(path: path), $0.1) }
        #expect(Set(log.diagnostics) == Set(expected))
        #expect(log.diagnostics.count == expected.count)
    }

    /// The binary fixture is 783 bytes; its trailer (`python3 -c "b=open(F,'rb').read();
    /// print(b[-32:].hex())"`) gives offsets of 2 bytes, 51 objects and the offset table at 649:
    /// 649 + 51 × 2 = 751 = 783 − 32. Cut anywhere from 6 bytes (just "bplist") to 782, the file
    /// is a "truncated or damaged binary property list", never a plist of something else and never a crash.
    @Test func binaryPlistCutAnywhereIsTruncated() throws {
        let bytes = try Data(contentsOf: FixtureFiles.url("content/Destinations-binary.plist"))
        #expect(bytes.count == 783)
        for length in 6..<bytes.count {
            do {
                _ = try PropertyListDocument.parse(bytes.prefix(length))
                Issue.record("\(length) bytes parsed")
            } catch {
                #expect(error.message.hasPrefix("truncated or damaged binary property list: \(length) bytes"),
                    "\(length): \(error.message)")
                #expect(error.line == nil)
            }
        }
        #expect(PropertyListDocument.binaryTrailerProblem([UInt8](bytes)) == nil)
    }

    /// A binary plist of `objects` (each its bytes, the first the top object), with 1-byte offsets
    /// and references, laid out by hand as CFBinaryPList.c describes: "bplist00", the objects,
    /// the offset table, then the 32-byte trailer (6 unused bytes, offset size 1, reference size
    /// 1, the object count, top object 0 and the table's offset, each 8 bytes big-endian).
    static func binaryPlist(_ objects: [[UInt8]]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = bytes.count
        bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [objects.count, 0, table] { bytes += (0..<8).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) } }
        return Data(bytes)
    }

    /// A set holding an empty dictionary (`0xC1 0x01`, then `0xD0`; 45 bytes in all) once
    /// crashed Foundation as it bridged the set to Swift (exit 139, found by the plist fuzz
    /// harness); so did a UID's and an ordered set's bridging paths in principle. Each is refused,
    /// naming the object, before Foundation reads the file; the kinds plists hold still parse.
    @Test func setsAndUIDsInBinaryPlistsAreRefused() throws {
        let setOfDictionary = Self.binaryPlist([[0xC1, 0x01], [0xD0]])
        #expect(setOfDictionary.count == 8 + 3 + 2 + 32)
        let rest = "which no plist roadtrip reads holds: they are made of dictionaries, arrays, strings, numbers, booleans, "
            + "dates and data; export the file again as a plain plist (XML)"
        let error = #expect(throws: ParsedDocument.SyntaxError.self) { try PropertyListDocument.parse(setOfDictionary) }
        #expect(error?.message == "this binary property list holds a set (object 1 of 2), \(rest)")
        let inArray = Self.binaryPlist([[0xA1, 0x01], [0xC1, 0x02], [0xD0]])
        let nested = #expect(throws: ParsedDocument.SyntaxError.self) { try PropertyListDocument.parse(inArray) }
        #expect(nested?.message == "this binary property list holds a set (object 2 of 3), \(rest)")
        let uid = #expect(throws: ParsedDocument.SyntaxError.self) { try PropertyListDocument.parse(Self.binaryPlist([[0x80, 0x05]])) }
        #expect(uid?.message == "this binary property list holds a UID (an archived object's reference) (object 1 of 1), \(rest)")
        // An array holding an empty dictionary: ["{}"] as the mapping a plist reader makes.
        #expect(try PropertyListDocument.parse(Self.binaryPlist([[0xA1, 0x01], [0xD0]])).value == .list([.mapping([])]))
    }

    /// A binary plist shares objects by reference, and Foundation's reader copies a shared object
    /// wherever it is used. 14 arrays, each of 14 references to the next, and an integer at the
    /// bottom: 8 + 14 × 15 + 2 = 220 bytes of objects that stand for 1 + 14 + 14² + … + 14¹⁴
    /// ≈ 1.2 × 10¹⁶ values (the fresh-clone tester's 888-byte file of 40 such arrays ran the reader
    /// out of memory). Refused before Foundation sees it; a self-holding array is refused too,
    /// and sharing within the budget still reads, copied where used.
    @Test func binaryPlistsThatExpandBeyondTheBudgetAreRefused() throws {
        let arrays = (0..<14).map { index in [UInt8(0xAE)] + [UInt8](repeating: UInt8(index + 1), count: 14) }
        let bomb = Self.binaryPlist(arrays + [[0x10, 0x01]])
        #expect(bomb.count == 8 + 14 * 15 + 2 + 15 + 32)
        let error = #expect(throws: ParsedDocument.SyntaxError.self) { try PropertyListDocument.parse(bomb) }
        let refusal = "this binary property list stands for more than 250,000 values (counting each 64 bytes of text as "
            + "one) once the objects it shares by reference are copied where they are used; no plist roadtrip reads is "
            + "that large (was it made to exhaust memory?)"
        #expect(error?.message == refusal)
        // 4 levels of 14 stand for (14⁵ − 1) / 13 = 41,371 values: under the budget, read in full.
        let within = Self.binaryPlist(Array(arrays.prefix(4)) + [[0x10, 0x01]])
        let value = try PropertyListDocument.parse(within).value
        func count(_ value: MetadataValue?) -> Int {
            if case .list(let items)? = value { return 1 + items.reduce(0) { $0 + count($1) } }
            return 1
        }
        #expect(count(value) == 41_371)
        // Three levels of 15 references to one 6,400-byte string: 3,616 values, but each copy of
        // the string counts 1 + 6,400 / 64 = 101, so 1 + 15 + 225 + 3,375 × 101 = 341,116 > 250,000
        // (a second fresh-clone tester's 100,000 copies of a 100 KB title ran the reader out of
        // memory). An array of 15 is marker 0xAF, then the count as the integer 0x10 0x0F.
        let fifteen = { (next: UInt8) in [UInt8(0xAF), 0x10, 0x0F] + [UInt8](repeating: next, count: 15) }
        let text: [UInt8] = [0x5F, 0x11, 0x19, 0x00] + [UInt8](repeating: UInt8(ascii: "T"), count: 6400)
        let heavy = #expect(throws: ParsedDocument.SyntaxError.self) {
            try PropertyListDocument.parse(Self.binaryPlist([fifteen(1), fifteen(2), fifteen(3), text]))
        }
        #expect(heavy?.message == refusal)
        // An array holding itself.
        let loop = #expect(throws: ParsedDocument.SyntaxError.self) {
            try PropertyListDocument.parse(Self.binaryPlist([[0xA1, 0x01], [0xA1, 0x00]]))
        }
        #expect(loop?.message == "damaged binary property list: object 1 of 2 holds itself")
        // A dictionary whose key is the integer 1 (Foundation read it as no dictionary, and the
        // message said "found nothing").
        let numberKey = #expect(throws: ParsedDocument.SyntaxError.self) {
            try PropertyListDocument.parse(Self.binaryPlist([[0xD1, 0x01, 0x02], [0x10, 0x01], [0x51, 0x61]]))
        }
        #expect(numberKey?.message == "damaged binary property list: dictionary (object 1 of 3) has a key that is not text "
            + "(object 2); export the file again")
        #expect(try PropertyListDocument.parse(Self.binaryPlist([[0xD1, 0x01, 0x02], [0x51, 0x61], [0x10, 0x01]])).value
            == .mapping([MetadataEntry(key: "a", value: .integer(1))]))
        // A large plist that shares little is read however many values it has: 30,000 POIs as
        // Foundation writes them (it shares each repeated key) stand for about 300,000 values,
        // about twice what they store (a third fresh-clone tester's plistlib file was refused).
        let rows = (0..<30_000).map { ["Title": "POI number \($0)", "Subtitle": "s", "Latitude": 60 + Double($0) * 1e-5, "Longitude": 5.0] }
        let large = try PropertyListSerialization.data(fromPropertyList: rows, format: .binary, options: 0)
        guard case .list(let read) = try PropertyListDocument.parse(large).value else {
            Issue.record("not a list")
            return
        }
        #expect(read.count == 30_000)
        // One array used twice: [[1, 1], [1, 1]].
        let shared = try PropertyListDocument.parse(Self.binaryPlist([[0xA2, 0x01, 0x01], [0xA2, 0x02, 0x02], [0x10, 0x01]]))
        #expect(shared.value == .list([.list([.integer(1), .integer(1)]), .list([.integer(1), .integer(1)])]))
    }

    // MARK: bad-inputs (expectations from bad-inputs/README in /work/shared)

    /// plist-truncated.plist stops after line 8, `\t\t\t<string>Cut short` (3 tabs + 8 + 9 = 20
    /// characters, no newline). The XML parser runs out of input just past it: line 8, column 21.
    @Test func truncatedPlistIsAnErrorWithTheLine() {
        let log = DiagnosticLog()
        let destinations = PropertyListImport.destinations(
            from: FixtureFiles.url("bad-inputs/plist-truncated.plist"), displayPath: "plist-truncated.plist", log: log)
        #expect(destinations.isEmpty)
        #expect(log.errorCount == 1)
        #expect(log.diagnostics.first?.location == SourceLocation(path: "plist-truncated.plist", line: 8, column: 21))
        #expect(log.diagnostics.first?.message.hasPrefix("not a valid property list") == true)
    }

    /// plist-destinationdata-not-array.plist line 5 is `\t<string>not an array</string>`: the
    /// value of DestinationData starts at column 2.
    @Test func destinationDataThatIsNotAnArrayIsAnError() {
        let log = DiagnosticLog()
        let file = "plist-destinationdata-not-array.plist"
        let destinations = PropertyListImport.destinations(
            from: FixtureFiles.url("bad-inputs/" + file), displayPath: file, log: log)
        #expect(destinations.isEmpty)
        #expect(log.diagnostics == [
            .error(SourceLocation(path: file, line: 5, column: 2), "DestinationData must be an array, found text")
        ])
    }

    /// plist-missing-longitude.plist: destination 1 "Somewhere" has a DestinationLocation dict
    /// (line 10, `\t\t\t<dict>`, column 4) with Latitude 10.5 and no Longitude. The error names
    /// the destination and the key and points at the dict that lacks it.
    @Test func missingLongitudeNamesTheDestinationAndKey() {
        let log = DiagnosticLog()
        let file = "plist-missing-longitude.plist"
        let destinations = PropertyListImport.destinations(
            from: FixtureFiles.url("bad-inputs/" + file), displayPath: file, log: log)
        #expect(destinations.isEmpty)
        #expect(log.diagnostics == [
            .error(SourceLocation(path: file, line: 10, column: 4), "destination 1 'Somewhere': missing key Longitude")
        ])
    }

    /// A root that is an array, a missing DestinationData, and a duplicate slug ("Paris" twice: the
    /// second would overwrite the first's folder) — written as binary plists by Foundation itself.
    @Test func rootShapeAndDuplicateSlugs() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "roadtrip-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ object: Any, _ name: String) throws -> URL {
            let url = directory.appending(path: name)
            try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0).write(to: url)
            return url
        }
        let paris: [String: Any] = [
            "DestinationName": "Paris",
            "DestinationLocation": ["Latitude": 48.8566, "Longitude": 2.3522],
        ]
        let cases: [(Any, String, [String])] = [
            ([paris], "array.plist", ["the root must be a dictionary with DestinationData, found a list"]),
            (["Other": 1], "empty.plist", ["missing key DestinationData"]),
            (["DestinationData": [paris, paris]], "twice.plist", ["destination 2 'Paris': slug 'paris' is already used by destination 1 'Paris'; skipped"]),
        ]
        for (object, name, messages) in cases {
            let log = DiagnosticLog()
            let destinations = PropertyListImport.destinations(from: try write(object, name), displayPath: name, log: log)
            #expect(log.diagnostics.map(\.message) == messages)
            #expect(destinations.map(\.slug) == (name == "twice.plist" ? ["paris"] : []))
        }
    }
}
