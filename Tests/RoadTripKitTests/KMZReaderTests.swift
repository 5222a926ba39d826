import Foundation
import Testing

@testable import RoadTripCore
@testable import RoadTripFormats

/// KMZReader on the KMZ fixtures (`Fixtures/triplogs/kmz/make-kmz.py` zips OpenTracks' KML fixture
/// the way Google Earth and OpenTracks write a KMZ). The document rule is Google's KML reference
/// ("KMZ Files"): the first `.kml` at the archive's root, else the first `.kml` in a folder.
@Suite struct KMZReaderTests {
    func read(_ name: String) -> (TripLog?, [String]) {
        let log = DiagnosticLog()
        let trip = TripLogReader.read(
            FixtureFiles.url("triplogs/kmz/\(name)"), displayPath: "trips/\(name)", timeZone: .gmt, columnMapping: nil, log: log)
        return (trip, log.diagnostics.map(\.description))
    }

    /// The fixes of the KML inside, exactly as `KMLReader` reads the KML itself (its 3 fixes,
    /// checked against hand-computed values in `KMLReaderTests`), with the archive as the source.
    @Test func readsTheDocumentInside() throws {
        let (trip, diagnostics) = read("opentracks.kmz")
        let kmz = try #require(trip)
        let kml = try #require(KMLReader.read(
            FixtureFiles.url("triplogs/kml/kml22_order_location_and_when.kml"), displayPath: "k.kml", slug: "k",
            timeZone: .gmt, log: DiagnosticLog()))
        #expect(diagnostics.isEmpty)
        #expect(kmz.format == .kmz)
        #expect(kmz.sourcePath == "trips/opentracks.kmz")
        #expect(kmz.slug == "opentracks")
        #expect(kmz.locations.count == 3)
        #expect(kmz.locations == kml.locations)
    }

    /// `doc.kml` at the root wins over `overlays/empty.kml`, listed before it (which has no fix).
    @Test func theRootDocumentIsChosen() throws {
        let (trip, _) = read("root-document-first.kmz")
        #expect(try #require(trip).locations.count == 3)
    }

    /// With no `.kml` at the root, the first one in a folder is read.
    @Test func aDocumentInAFolderIsRead() throws {
        let (trip, _) = read("document-in-folder.kmz")
        #expect(try #require(trip).locations.count == 3)
    }

    @Test func anArchiveWithoutDocumentIsAnErrorListingWhatItHolds() {
        let (trip, diagnostics) = read("no-document.kmz")
        #expect(trip == nil)
        #expect(diagnostics == [
            "trips/no-document.kmz: error: a KMZ holds a .kml document; this archive has none (it holds readme.txt, images/a.png)"
        ])
    }

    /// An empty `.kmz` says so, as every reader does for an empty file (libzip's own word for it is
    /// "Not a zip archive").
    @Test func anEmptyArchiveIsAnEmptyFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-empty-\(UUID().uuidString).kmz")
        try Data().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let log = DiagnosticLog()
        #expect(TripLogReader.read(url, displayPath: "trips/empty.kmz", timeZone: .gmt, columnMapping: nil, log: log) == nil)
        #expect(log.diagnostics.map(\.description)
            == ["trips/empty.kmz: error: the file is empty: a KMZ is a zip archive holding a .kml document"])
    }

    /// The first 200 bytes of a zip: it starts with a local file header (`PK\3\4`) but its central
    /// directory, at the end, is missing — libzip says "Not a zip archive"; roadtrip says why.
    @Test func aCutShortArchiveIsAnError() {
        let (trip, diagnostics) = read("cut-short.kmz")
        #expect(trip == nil)
        #expect(diagnostics == [
            "trips/cut-short.kmz: error: the zip archive is cut short or damaged: it starts as a zip does, but its "
                + "directory (at the end of the file) is missing; copy the KMZ again, or repair it with `zip -FF`"
        ])
        #expect(TripLogContent.sniff(FixtureFiles.url("triplogs/kmz/cut-short.kmz"))
            == .other(looksLike: "a zip archive cut short or damaged (its directory, at the end, is missing)", family: .binary))
        #expect(!KMZReader.isCutShort(FixtureFiles.url("triplogs/kmz/opentracks.kmz")))
    }

    /// Problems in the document are located in it, named inside the archive: `bad-when.kmz`'s
    /// `<when>yesterday</when>` is on line 3 of its doc.kml.
    @Test func warningsNameTheDocumentInsideTheArchive() throws {
        let (trip, diagnostics) = read("bad-when.kmz")
        #expect(trip?.locations.count == 1)
        #expect(diagnostics == [
            "trips/bad-when.kmz (doc.kml):3:1: warning: `when` \"yesterday\" is not an ISO 8601 date and time; point skipped",
            "trips/bad-when.kmz (doc.kml): warning: 1 point skipped: 1 with an unreadable time",
        ])
    }

    /// A KMZ is found by its content whatever its name; a zip without a document is no trip log.
    @Test func contentIsSniffed() {
        #expect(TripLogContent.sniff(FixtureFiles.url("triplogs/kmz/opentracks.kmz")) == .kmz)
        #expect(TripLogContent.sniff(FixtureFiles.url("triplogs/kmz/no-document.kmz"))
            == .other(looksLike: "a zip archive with no .kml document inside", family: .binary))
    }
}
