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

/// `Fixtures/contacts/phone-export.vcf` (CRLF line ends, as phones write) holds six cards:
/// 1 (line 1) an Android-style 3.0 export with quoted-printable UTF-8 names and a QP soft line
///   break inside the ADR, a grouped EMAIL, and a folded base64 PHOTO;
/// 2 (line 14) 3.0 with escapes, a folded NOTE (space and tab), `TYPE=pref` and a 3.0 GEO;
/// 3 (line 25) a GEO latitude of 91.5 (skipped); 4 (line 30) no FN and no N (skipped);
/// 5 (line 34) no END:VCARD before the next BEGIN (skipped); 6 (line 37) 4.0 with a `geo:` URI,
///   a grouped ADR and a `tel:` URI.
@Suite struct VCardTests {
    static let path = "Destinations/tromso/contacts.vcf"

    func readFixture() throws -> (VCardReader.Contents, [Diagnostic]) {
        let log = DiagnosticLog()
        let url = FixtureFiles.url("contacts/phone-export.vcf")
        let contents = try #require(VCardReader.read(url, displayPath: Self.path, log: log))
        return (contents, log.diagnostics)
    }

    func parse(_ text: String) -> (VCardReader.Contents?, [Diagnostic]) {
        let log = DiagnosticLog()
        return (VCardReader.parse(text, displayPath: Self.path, log: log), log.diagnostics)
    }

    /// 100,000 cards without END:VCARD and 100,000 stray lines: the first 20 of each get a
    /// warning (each card at its BEGIN line, 1, 2, …), then one summary each; nothing is lost
    /// from the count.
    @Test func manySkippedCardsAndLinesGiveBoundedWarnings() {
        let text = String(repeating: "BEGIN:VCARD\n", count: 100_000) + String(repeating: "stray\n", count: 100_000)
        let (contents, diagnostics) = parse(text)
        #expect(contents?.skippedCount == 100_000)
        #expect(diagnostics.count == 20 + 1 + 20 + 1)
        #expect(diagnostics.prefix(20).map(\.location.line) == Array(1...20))
        #expect(diagnostics.map(\.message).contains(
            "100,000 contact cards skipped: 100,000 without END:VCARD (the first 20 are listed above)"))
        #expect(diagnostics.map(\.message).contains(
            "100,000 lines skipped: 100,000 not a vCard property (the first 20 are listed above)"))
    }

    @Test func phoneExportWithQuotedPrintableUTF8() throws {
        let (contents, _) = try readFixture()
        #expect(contents.contacts.count == 3 && contents.skippedCount == 3)
        let bjorn = contents.contacts[0]
        // QP =C3=B8 is the UTF-8 of U+00F8: 0xC3 = 110_00011, 0xB8 = 10_111000 → 00011_111000 = 0xF8 'ø'.
        #expect(bjorn.familyName == "Sørensen" && bjorn.givenName == "Bjørn")
        #expect(bjorn.formattedName == "Bjørn Sørensen" && bjorn.firstName == "Bjørn")
        #expect(bjorn.phones == ["+47 912 34 567"])
        #expect(bjorn.emails == ["bjorn+trip@example.no"])  // item1.EMAIL: the group is dropped
        // "Troms=C3=" CRLF "=B8": the soft break (= at line end) is removed → "Troms=C3=B8" → "Tromsø".
        #expect(bjorn.addresses == [
            Contact.Address(street: "Storgata 1", locality: "Tromsø", postalCode: "9008", country: "Norway")
        ])
        #expect(bjorn.note == "Meet at the harbour\r\nafter 6 pm")  // =0D=0A is CR LF
        #expect(bjorn.hasPhoto && bjorn.coordinate == nil)
        #expect(bjorn.location == SourceLocation(path: Self.path, line: 1))
    }

    @Test func escapesFoldingPreferenceAndGEO30() throws {
        let (contents, _) = try readFixture()
        let kari = contents.contacts[1]
        #expect(kari.formattedName == "Dr. Kari Nordmann, PhD")  // "\," → ","
        #expect(kari.familyName == "Nordmann" && kari.givenName == "Kari" && kari.firstName == "Kari")
        #expect(kari.emails == ["kari@example.no", "kari.work@example.com"])  // TYPE=pref first
        // "…a line th" + "at is folded with a space and" (leading space removed) + " a tab" (tab removed).
        #expect(kari.note == "Line one\nLine two; with semicolon, a back\\slash and a line that is folded with a space and a tab")
        #expect(kari.coordinate == Coordinate(latitude: 69.6496, longitude: 18.9560))
        #expect(!kari.hasPhoto && kari.location.line == 14)
    }

    @Test func vCard40WithGeoURIAndGroupedAddress() throws {
        let (contents, _) = try readFixture()
        let ola = contents.contacts[2]
        #expect(ola.formattedName == "Ola" && ola.familyName.isEmpty && ola.firstName == "Ola")
        #expect(ola.coordinate == Coordinate(latitude: 37.7749, longitude: -122.4194))  // ";u=35" ignored
        #expect(ola.addresses.first?.locality == "San Francisco" && ola.addresses.first?.region == "CA")
        #expect(ola.addresses.first?.country == "USA" && ola.addresses.first?.street == "1 Market St")
        #expect(ola.phones == ["+1-555-555-0100"])  // "tel:" stripped
        #expect(ola.location.line == 37)
    }

    @Test func malformedCardsAreSkippedAtTheirFirstLine() throws {
        let (_, diagnostics) = try readFixture()
        let skipped = diagnostics.filter { $0.message.contains("is skipped") }
        #expect(skipped.map(\.location.line) == [25, 30, 34])
        #expect(skipped.allSatisfy { $0.severity == .warning && $0.location.path == Self.path })
        #expect(skipped[0].description.hasPrefix("Destinations/tromso/contacts.vcf:25:1: warning: contact card 3"))
        #expect(skipped[0].message.contains("GEO '91.5;10.0' at line 28"))
        #expect(skipped[1].message.contains("no name"))
        #expect(skipped[2].message.contains("no END:VCARD before the next BEGIN:VCARD at line 37"))
        #expect(diagnostics.count == 3)
    }

    @Test func notAVCardIsAnError() {
        let (contents, diagnostics) = parse("\n\nNAME,EMAIL\nAnna,anna@example.no\n")
        #expect(contents == nil)
        #expect(diagnostics.map(\.description) == [
            "Destinations/tromso/contacts.vcf:3:1: error: this is not a vCard file: it must start with BEGIN:VCARD (RFC 6350 §6.1.1)"
        ])
    }

    @Test func unfinishedLastCardAndStrayLines() {
        let (contents, diagnostics) = parse(
            "END:VCARD\nBEGIN:VCARD\nFN:Anna\nEND:VCARD\nFN:Stray\nBEGIN:VCARD\nFN:Cut off\n")
        // The file starts with END:VCARD, not BEGIN: not a vCard at all.
        #expect(contents == nil && diagnostics.count == 1)
        let (second, secondDiagnostics) = parse("BEGIN:VCARD\nFN:Anna\nEND:VCARD\nFN:Stray\nEND:VCARD\nBEGIN:VCARD\nFN:Cut off\n")
        #expect(second?.contacts.map(\.formattedName) == ["Anna"] && second?.skippedCount == 1)
        #expect(secondDiagnostics.map { $0.location.line } == [4, 5, 6])
        #expect(secondDiagnostics.last?.message == "contact card 2 is skipped: no END:VCARD before the end of the file")
    }

    /// Found by the `vcard` fuzz harness: a vertical tab, form feed, NEL or line separator inside
    /// a value split the line, so every later warning was a line too far (even past the end of the
    /// file). Only CRLF, LF and CR end a line (RFC 6350 §3.2): the stray line is line 4.
    @Test func onlyLineBreaksEndALine() {
        for character in ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}"] {
            let (contents, diagnostics) = parse("BEGIN:VCARD\r\nFN:Ola\(character)Nordmann\r\nN:Nordmann;Ola\r\nstray\r\nEND:VCARD\r\n")
            #expect(contents?.contacts.map(\.formattedName) == ["Ola\(character)Nordmann"])
            #expect(diagnostics.map(\.location.line) == [4], "U+\(String(character.unicodeScalars.first!.value, radix: 16))")
        }
    }

    /// vCard 2.1-style bare parameters and an ISO-8859-1 quoted-printable name: =F8 is 'ø' in
    /// ISO-8859-1 (0xF8 = U+00F8).
    @Test func bareParametersAndLatin1() {
        let (contents, diagnostics) = parse("""
            BEGIN:VCARD\r
            VERSION:2.1\r
            N;CHARSET=ISO-8859-1;QUOTED-PRINTABLE:Hansen;J=F8rgen\r
            TEL;WORK;VOICE:22 33 44 55\r
            EMAIL;CHARSET=KOI8-R;ENCODING=QUOTED-PRINTABLE:=C1\r
            END:VCARD\r
            """)
        #expect(contents?.contacts.first?.givenName == "Jørgen" && contents?.contacts.first?.firstName == "Jørgen")
        #expect(contents?.contacts.first?.phones == ["22 33 44 55"])
        #expect(contents?.contacts.first?.emails == [])  // unknown charset: left out with a warning at line 5
        #expect(diagnostics.map(\.location.line) == [5])
    }

    @Test func latin1FileIsReadWithAWarning() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("latin1-\(UUID()).vcf")
        defer { try? FileManager.default.removeItem(at: url) }
        // "FN:Bjørn" in ISO-8859-1: ø is the single byte 0xF8, invalid as UTF-8 at line 2, column 6 (after the 5 bytes "FN:Bj").
        try Data("BEGIN:VCARD\nFN:Bj".utf8 + [0xF8] + Data("rn\nEND:VCARD\n".utf8)).write(to: url)
        let log = DiagnosticLog()
        let contents = VCardReader.read(url, displayPath: Self.path, log: log)
        #expect(contents?.contacts.first?.formattedName == "Bjørn")
        #expect(log.diagnostics.map(\.location) == [SourceLocation(path: Self.path, line: 2, column: 6)])
    }

    @Test func geoValues() {
        #expect(VCardReader.geoCoordinate("geo:69.6496,18.9560") == Coordinate(latitude: 69.6496, longitude: 18.956))
        #expect(VCardReader.geoCoordinate("GEO:-33.8688,151.2093,12.5;crs=wgs84;u=20")
            == Coordinate(latitude: -33.8688, longitude: 151.2093))  // RFC 5870 altitude and parameters
        #expect(VCardReader.geoCoordinate(" 37.7749 ; -122.4194 ") == Coordinate(latitude: 37.7749, longitude: -122.4194))
        #expect(VCardReader.geoCoordinate("geo:90,180") == Coordinate(latitude: 90, longitude: 180))
        for bad in ["geo:69.6", "geo:1,2,3,4", "69.6;x", "0;180.5", "-90.1;0", "nan;0", "1;2;3", "", "geo:"] {
            #expect(VCardReader.geoCoordinate(bad) == nil, "\(bad)")
        }
    }

    @Test func quotedPrintableAndEscapes() {
        // "=3D" is '=' (0x3D); "=e2=82=ac" (lower-case hex) is the UTF-8 of U+20AC '€'; "=Z1" stays.
        #expect(VCardContentLine.quotedPrintableBytes("a=3Db=e2=82=ac=Z1") == [0x61, 0x3D, 0x62, 0xE2, 0x82, 0xAC, 0x3D, 0x5A, 0x31])
        #expect(VCardText.components(#"a\;b;c\,d;;e\\;"#) == ["a;b", "c,d", "", "e\\", ""])
        #expect(VCardText.unescape(#"x\Ny\q\"#) == "x\ny\\q\\")
        let line = VCardContentLine(#"item1.ADR;TYPE="home,pref";LABEL="a;b:c":;;x"#, line: 7)
        #expect(line?.group == "item1" && line?.name == "ADR" && line?.rawValue == ";;x")
        #expect(line?.parameters["TYPE"] == ["home", "pref"] && line?.parameters["LABEL"] == ["a;b:c"])
        #expect(line?.preference == 1)
    }

    // MARK: Placing contacts

    static let tromso = Placemark(
        locality: "Tromsø", state: "Troms", country: "Norway", countryCode: "NO", timeZone: "Europe/Oslo",
        coordinate: Coordinate(latitude: 69.6489, longitude: 18.95508), population: 52_436)

    /// A locator that knows only "Tromsø, Norway" and "San Francisco", and reverse-geocodes
    /// everything to Tromsø at `reverseDistance` metres.
    func stubLocator(reverseDistance: Double = 200) -> ContactLocator {
        ContactLocator(
            forward: { query in
                switch query {
                case "Tromsø, Norway": ForwardResult(query: query, placemark: Self.tromso)
                case "San Francisco":
                    ForwardResult(query: query, placemark: Placemark(
                        locality: "San Francisco", state: "California", country: "United States of America",
                        countryCode: "US", timeZone: "America/Los_Angeles",
                        coordinate: Coordinate(latitude: 37.77493, longitude: -122.41942), population: 864_816))
                default: ForwardResult(query: query, placemark: nil, suggestions: [Self.tromso])
                }
            },
            reverse: { coordinate in
                var town = Self.tromso
                town.distance = reverseDistance
                town.queriedCoordinate = coordinate
                return town
            })
    }

    @Test func positionsFromAddressGEOAndFallbacks() throws {
        let (contents, _) = try readFixture()
        let log = DiagnosticLog()
        let locator = stubLocator()
        let bjorn = try #require(locator.position(of: contents.contacts[0], log: log))
        #expect(bjorn == ContactPosition(coordinate: Self.tromso.coordinate, town: Self.tromso, isFromGEO: false))
        let kari = try #require(locator.position(of: contents.contacts[1], log: log))
        #expect(kari.coordinate == Coordinate(latitude: 69.6496, longitude: 18.9560) && kari.isFromGEO)
        #expect(kari.town?.locality == "Tromsø" && kari.town?.distance == 200)  // reverse-geocoded
        #expect(log.diagnostics.isEmpty)

        // "San Francisco, CA, USA" and "San Francisco, USA" are unknown; "San Francisco" is found, with a warning.
        var ola = contents.contacts[2]
        ola.coordinate = nil
        let olaPosition = try #require(locator.position(of: ola, log: log))
        #expect(olaPosition.town?.locality == "San Francisco" && !olaPosition.isFromGEO)
        #expect(log.diagnostics.map(\.description) == [
            "Destinations/tromso/contacts.vcf:37:1: warning: contact 'Ola': 'San Francisco, CA, USA' is not known as such; placed at San Francisco, California, United States of America"
        ])

        let nowhere = Contact(
            formattedName: "Nemo", addresses: [.init(locality: "Atlantis")], location: SourceLocation(path: Self.path, line: 9))
        #expect(locator.position(of: nowhere, log: log) == nil)
        #expect(log.diagnostics.last?.message == "contact 'Nemo' cannot be placed: 'Atlantis' is not a town the gazetteer knows (did you mean Tromsø, Troms, Norway?)")
        #expect(locator.position(of: Contact(givenName: "Solo", location: nowhere.location), log: log) == nil)
        #expect(log.diagnostics.last?.message == "contact 'Solo' has no GEO and no address with a city; it is not on the map")
    }

    /// With libgeonames' data: "Portland, OR, USA" knows neither "OR" nor "USA" (GeoNames says
    /// "Oregon", "United States of America", "US"), so it falls back to "Portland", the most
    /// populous one, in Oregon, at GeoNames' 45.52345, −122.67621 (as `GazetteerTests` prints).
    @Test func realGazetteerFallsBackToTheLocality() throws {
        try #require(!Gazetteer.shared.isEmpty, Comment(rawValue: Gazetteer.missingDataMessage))
        let log = DiagnosticLog()
        let contact = Contact(
            formattedName: "Pat", addresses: [.init(locality: "Portland", region: "OR", country: "USA")],
            location: SourceLocation(path: Self.path, line: 1))
        let position = try #require(ContactLocator(Gazetteer.shared).position(of: contact, log: log))
        #expect(position.coordinate == Coordinate(latitude: 45.52345, longitude: -122.67621))
        #expect(log.diagnostics.count == 1)
        let tromso = Contact(givenName: "Ada", addresses: [.init(locality: "Tromsø", country: "Norway")], location: contact.location)
        #expect(ContactLocator(Gazetteer.shared).position(of: tromso, log: log)?.coordinate == Coordinate(latitude: 69.6489, longitude: 18.95508))
    }

    // MARK: Privacy

    @Test func defaultViewIsFirstNameAndCityOnly() throws {
        let (contents, _) = try readFixture()
        let locator = stubLocator()
        let log = DiagnosticLog()
        let privacy = ContactPrivacy()
        let bjorn = privacy.publicView(of: contents.contacts[0], position: locator.position(of: contents.contacts[0], log: log))
        #expect(bjorn == PublicContact(
            name: "Bjørn", city: "Tromsø", coordinate: Self.tromso.coordinate, emails: [], phones: [], addresses: [],
            hasPhoto: false))
        // Kari's GEO is exact: by default the pin is at the town (Tromsø, 200 m away), not at her GEO.
        let kari = privacy.publicView(of: contents.contacts[1], position: locator.position(of: contents.contacts[1], log: log))
        #expect(kari.name == "Kari" && kari.city == "Tromsø" && kari.coordinate == Self.tromso.coordinate)
        #expect(kari.emails.isEmpty && kari.phones.isEmpty && kari.addresses.isEmpty)
        #expect(privacy.publishingWarning(for: contents.contacts) == nil)
    }

    @Test func geoFarFromAnyTownIsRoundedAndHasNoCity() throws {
        let contact = Contact(
            givenName: "Ice", coordinate: Coordinate(latitude: 78.2232, longitude: 15.6267),
            location: SourceLocation(path: Self.path, line: 1))
        let log = DiagnosticLog()
        let far = stubLocator(reverseDistance: 950_000).position(of: contact, log: log)
        let view = ContactPrivacy().publicView(of: contact, position: far)
        #expect(view.city == nil)  // Tromsø is 950 km away: not "near"
        // Nor is the pin put there: the GEO point is rounded to 0.1° (78.2, 15.6; see below).
        #expect(view.coordinate.map { abs($0.latitude - 78.2) < 1e-9 && abs($0.longitude - 15.6) < 1e-9 } == true)
        let noTown = ContactPosition(coordinate: contact.coordinate!, town: nil, isFromGEO: true)
        let rounded = try #require(ContactPrivacy().publicView(of: contact, position: noTown).coordinate)
        // 78.2232 / 0.1 = 782.232 → 782 → 78.2; 15.6267 / 0.1 = 156.267 → 156 → 15.6.
        #expect(abs(rounded.latitude - 78.2) < 1e-9 && abs(rounded.longitude - 15.6) < 1e-9)
        let exact = ContactPrivacy(published: [.address]).publicView(of: contact, position: noTown)
        #expect(exact.coordinate == contact.coordinate)
    }

    @Test func optedInViewHasAMailtoLinkAndTheWarningNamesFields() throws {
        let (contents, _) = try readFixture()
        let location = SourceLocation(path: "Destinations/site.yaml", line: 3, column: 12)
        let privacy = ContactPrivacy(published: [.email, .phone, .address, .photo], location: location)
        let log = DiagnosticLog()
        let bjorn = privacy.publicView(of: contents.contacts[0], position: stubLocator().position(of: contents.contacts[0], log: log))
        // '+' (0x2B) is not RFC 3986 unreserved: %2B; '@' separates the local part and the domain.
        #expect(bjorn.emails == [.init(address: "bjorn+trip@example.no", mailto: "mailto:bjorn%2Btrip@example.no")])
        let parsed = try #require(URLComponents(string: bjorn.emails[0].mailto))
        #expect(parsed.scheme == "mailto" && parsed.path == "bjorn+trip@example.no" && parsed.query == nil)
        #expect(bjorn.phones == ["+47 912 34 567"] && bjorn.hasPhoto)
        #expect(bjorn.addresses == ["Storgata 1, 9008 Tromsø, Norway"])
        // ø is UTF-8 C3 B8.
        #expect(ContactPrivacy.mailtoURI(to: "søren@example.no") == "mailto:s%C3%B8ren@example.no")

        let warning = try #require(privacy.publishingWarning(for: contents.contacts))
        // email: Bjørn and Kari; phone: Bjørn and Ola; address: all three (ADR or GEO); photo: Bjørn.
        #expect(warning.description == "Destinations/site.yaml:3:12: warning: contacts.publish makes personal fields public: email (2 contacts), phone (2 contacts), address (3 contacts), photo (1 contact); remove them from contacts.publish to keep them private")
        #expect(ContactPrivacy(published: [.photo]).publishingWarning(for: Array(contents.contacts.dropFirst())) == nil)
    }

    // MARK: site.yaml

    /// Reads `site.yaml` text the way `SiteConfigTests` does.
    func loadConfig(_ yaml: String) throws -> (SiteConfig, [Diagnostic]) { try SiteConfigTests().load(yaml) }

    @Test func configPublishListAndWarnings() throws {
        let (defaults, none) = try loadConfig("title: Trips\n")
        #expect(defaults.contactPrivacy.published.isEmpty && none.isEmpty)

        let (config, diagnostics) = try loadConfig("""
            title: Trips
            contacts:
              publish:
                - email
                - fax
                - photo
              share: yes
            """)
        #expect(config.contactPrivacy.published == [.email, .photo])
        #expect(config.contactPrivacy.location == SourceLocation(path: "Destinations/site.yaml", line: 4, column: 5))
        #expect(diagnostics.map(\.description) == [
            "Destinations/site.yaml:5:7: warning: contacts.publish: unknown field 'fax' is ignored; use email, phone, address, photo",
            "Destinations/site.yaml:7:3: warning: unknown key 'contacts.share' is ignored",
        ])
        let (single, singleDiagnostics) = try loadConfig("contacts: { publish: phone }\n")
        #expect(single.contactPrivacy.published == [.phone] && singleDiagnostics.isEmpty)
    }
}
