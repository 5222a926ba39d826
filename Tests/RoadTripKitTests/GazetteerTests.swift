import Foundation
import Synchronization
import Testing
import TestTools
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// Expected city values (names, states, coordinates, populations) were printed independently by a
/// small C program calling libgeonames 0.3.0-1 directly (`geonames_query_cities_sync`,
/// `geonames_city_get_*`); reverse lookups are checked against a brute-force geodesic scan.
@Suite struct GazetteerTests {
    /// The shared gazetteer, or a clear failure when libgeonames has no data.
    func gazetteer() throws -> Gazetteer {
        let gazetteer = Gazetteer.shared
        try #require(!gazetteer.isEmpty, Comment(rawValue: Gazetteer.missingDataMessage))
        return gazetteer
    }

    @Test func loadsEveryCity() throws {
        let gazetteer = try gazetteer()
        #expect(gazetteer.cities.count == 24_361)  // geonames_get_n_cities()
        #expect(gazetteer.cities.allSatisfy { TimeZone(identifier: $0.timeZone) != nil })
        #expect(gazetteer.cities.allSatisfy { $0.countryCode.count == 2 && $0.coordinate.isValid })
    }

    /// The identity a stored build keeps the gazetteer's answers under names libgeonames' library
    /// file as this process mapped it, with what `stat` says of that file now (its inode and size).
    @Test func libraryIdentityNamesTheMappedLibrary() throws {
        _ = try gazetteer()
        let identity = try #require(Gazetteer.libraryIdentity)
        let path = String(identity[..<identity.firstIndex(of: ":")!])
        #expect(path.hasPrefix("/") && path.contains("/libgeonames.so"), "\(identity)")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(identity.contains(":\(attributes[.systemFileNumber]!):\(attributes[.size]!):"), "\(identity)")
        #expect(Gazetteer.shared.dataIdentity == identity)
        // The kernel's own account of the file mapped: the path /proc/self/maps shows for it.
        let maps = try String(decoding: FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd() ?? Data(), as: UTF8.self)
        let mapped = maps.split(separator: "\n").compactMap { line in line.firstIndex(of: "/").map { String(line[$0...]) } }
            .filter { $0.contains("/libgeonames.so") }
        #expect(!mapped.isEmpty && mapped.allSatisfy { $0 == path }, "\(mapped) against \(path)")
    }

    /// A build copies only the coordinates and makes a city's placemark when a lookup returns it:
    /// for every one of the 24,361 cities, that placemark is the one the full copy holds, and the
    /// index's coordinate is the city's.
    @Test func aCityMadeOnDemandIsTheCopiedOne() throws {
        let gazetteer = try gazetteer()
        #expect(gazetteer.index.coordinates.count == gazetteer.cities.count)
        for (position, city) in gazetteer.cities.enumerated() {
            #expect(gazetteer.city(at: position) == city)
            #expect(gazetteer.index.coordinates[position] == city.coordinate)
        }
    }

    // MARK: Forward

    @Test func tromsoWithoutDiacritics() throws {
        let result = try gazetteer().forward("Tromso")
        let tromso = try #require(result.placemark)
        #expect(tromso.locality == "Tromsø")
        #expect(tromso.coordinate == Coordinate(latitude: 69.6489, longitude: 18.95508))
        #expect(tromso.country == "Norway" && tromso.countryCode == "NO" && tromso.timeZone == "Europe/Oslo")
        #expect(tromso.distance == 0 && tromso.queriedCoordinate == nil)
        #expect(result.alternatives.isEmpty && result.suggestions.isEmpty && !result.isAmbiguous)
        #expect(try gazetteer().forward("  TROMSØ ").placemark == tromso)
    }

    @Test func qualifiersNarrowByStateCountryAndCode() throws {
        let gazetteer = try gazetteer()
        let oregon = try #require(gazetteer.forward("Portland, Oregon").placemark)
        #expect(oregon.state == "Oregon" && oregon.coordinate == Coordinate(latitude: 45.52345, longitude: -122.67621))
        let maine = try #require(gazetteer.forward("Portland, Maine").placemark)  // GeoNames: "State of Maine"
        #expect(maine.state == "State of Maine" && maine.coordinate == Coordinate(latitude: 43.65737, longitude: -70.2589))
        #expect(gazetteer.forward("portland, maine, us").placemark == maine)
        #expect(gazetteer.forward("Portland, State of Maine, United States").placemark == maine)
        #expect(gazetteer.forward("Portland, Texas").alternatives.isEmpty)
        let byCode = gazetteer.forward("Portland, US")
        #expect(byCode.placemark == oregon)
        #expect(byCode.alternatives.map(\.state) == ["State of Maine", "Texas"])
        #expect(gazetteer.forward("Lodz, Poland").placemark?.locality == "Lodz")
        #expect(gazetteer.forward("St. Louis, Missouri").placemark?.locality == "St Louis")
        #expect(gazetteer.forward("Sao Paulo, Brazil").placemark?.population == 10_021_295)
    }

    @Test func ambiguityListsAlternativesMostPopulousFirst() throws {
        let portland = try gazetteer().forward("Portland")
        #expect(portland.isAmbiguous)
        #expect(portland.placemark?.population == 652_503)
        // "South Portland" (libgeonames' prefix match) is not a Portland.
        #expect(portland.alternatives.map(\.population) == [66_881, 16_116])
        let springfield = try gazetteer().forward("Springfield")
        #expect(springfield.placemark?.state == "Missouri" && springfield.placemark?.population == 166_810)
        // 11 libgeonames hits, of which 8 are named exactly Springfield (the C probe's list).
        #expect(springfield.alternatives.count == 7)
        #expect(springfield.alternatives.allSatisfy { $0.locality == "Springfield" })
        let populations = [springfield.placemark!.population] + springfield.alternatives.map(\.population)
        #expect(populations == populations.sorted(by: >))
    }

    /// "Bodø, Norway" as a destination's `location:` gives (the C probe: libgeonames' city 15939,
    /// Bodø, Nordland, 67.28000 14.40501, 34,073 inhabitants); "Saint Louis" is the three cities the
    /// probe lists as "Saint-Louis" (Senegal 176,000, Réunion 47,881, France 20,871), not
    /// "Saint Louis Park" or "East Saint Louis", which libgeonames' own query also returns.
    @Test func wholeNamesOnly() throws {
        let gazetteer = try gazetteer()
        let bodo = try #require(gazetteer.forward("Bodø, Norway").placemark)
        #expect(bodo.locality == "Bodø" && bodo.state == "Nordland" && bodo.population == 34_073)
        #expect(bodo.coordinate == Coordinate(latitude: 67.28, longitude: 14.40501))
        let saintLouis = gazetteer.forward("saint louis")
        #expect(saintLouis.placemark?.country == "Senegal")
        #expect(saintLouis.alternatives.map(\.population) == [47_881, 20_871])
    }

    /// Every city is found by its own name (as the placemark, or among the alternatives when other
    /// cities share the name); names holding a comma are left out, since a comma starts a qualifier.
    @Test func everyCityIsFoundByItsName() throws {
        let gazetteer = try gazetteer()
        var missed: [String] = []
        for city in gazetteer.cities where !city.locality.contains(",") {
            let result = gazetteer.forward(city.locality)
            if result.placemark != city && !result.alternatives.contains(city) { missed.append(city.fullName) }
        }
        #expect(missed.isEmpty, "\(missed.count) cities not found by their names, such as \(missed.prefix(5))")
    }

    @Test func noMatchSuggestsNearestNames() throws {
        let gazetteer = try gazetteer()
        let misspelt = gazetteer.forward("Tromsoe")
        #expect(misspelt.placemark == nil && misspelt.alternatives.isEmpty)
        #expect(misspelt.suggestions.first?.locality == "Tromsø")  // one insertion away
        let portlnd = gazetteer.forward("Portlnd, Maine")
        #expect(portlnd.suggestions.first?.state == "State of Maine")  // qualified first
        #expect(portlnd.suggestions.count == 3)
        let wrongCountry = gazetteer.forward("Portland, France")
        #expect(wrongCountry.placemark == nil)
        #expect(wrongCountry.suggestions.map(\.population) == [652_503, 66_881, 16_116])
        let springfeld = gazetteer.forward("Springfeld")
        #expect(springfeld.suggestions.map(\.population) == [166_810, 154_341, 116_565])
    }

    @Test func emptyAndGarbageQueries() throws {
        let gazetteer = try gazetteer()
        for query in ["", "   ", ",", ", Oregon", "!!!", "xqzjvwkpq", "Portland, Atlantis"] {
            let result = gazetteer.forward(query)
            #expect(result.placemark == nil, "\(query)")
            #expect(result.alternatives.isEmpty && result.suggestions.count <= 3, "\(query)")
        }
        #expect(gazetteer.forward("!!!").suggestions.isEmpty)
        #expect(gazetteer.forward("xqzjvwkpq").suggestions.isEmpty)  // nothing within 3 edits
    }

    // MARK: Reverse

    /// 5,000 seeded points: 2,996 uniform on the sphere, 500 each within 1° of +180° and −180°,
    /// 500 each within 5° of either pole, and the two poles and ±180° on the equator exactly.
    func samplePoints() -> [Coordinate] {
        var generator = SplitMix64(seed: 6_2025)
        func uniformLatitude(_ z: ClosedRange<Double>) -> Double {
            asin(Double.random(in: z, using: &generator)) * 180 / .pi
        }
        var points: [Coordinate] = [
            Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: -90, longitude: 0),
            Coordinate(latitude: 0, longitude: 180), Coordinate(latitude: 0, longitude: -180),
        ]
        for _ in 0..<2_996 {
            points.append(Coordinate(latitude: uniformLatitude(-1...1), longitude: .random(in: -180...180, using: &generator)))
        }
        for longitudes in [179.0...180.0, -180.0...(-179.0)] {
            for _ in 0..<500 {
                points.append(Coordinate(latitude: .random(in: -80...80, using: &generator), longitude: .random(in: longitudes, using: &generator)))
            }
        }
        for latitudes in [85.0...90.0, -90.0...(-85.0)] {
            for _ in 0..<500 {
                points.append(Coordinate(latitude: .random(in: latitudes, using: &generator), longitude: .random(in: -180...180, using: &generator)))
            }
        }
        return points
    }

    /// The index against an exhaustive scan written here: every city's central angle by haversine
    /// on the unit sphere (by chord length), the 16 nearest of those measured by geodesic, and the answer accepted
    /// only when it is shorter than the lower bound (b²/a × angle, `minimumRadius`) of every city
    /// not measured — otherwise every city is measured (`linearScan`). Exact, and fast enough for
    /// 5,000 points; run on threads of its own (`onOwnThreads`) so that it does not starve the
    /// timers and tasks of tests running beside it.
    @Test func reverseEqualsBruteForceScan() throws {
        let gazetteer = try gazetteer()
        let points = samplePoints()
        #expect(points.count == 5_000)
        let radians = Double.pi / 180
        let unit = gazetteer.cities.map { city -> (Double, Double, Double) in
            let latitude = city.coordinate.latitude * radians, longitude = city.coordinate.longitude * radians
            return (cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
        }
        @Sendable func exhaustive(_ point: Coordinate) -> (index: Int, distance: Double) {
            let latitude = point.latitude * radians, longitude = point.longitude * radians
            let p = (cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
            // The 17 cities of smallest chord (so of smallest central angle), in one pass.
            var nearest: [(chord2: Double, index: Int)] = []
            for (index, c) in unit.enumerated() {
                let dx = c.0 - p.0, dy = c.1 - p.1, dz = c.2 - p.2
                let chord2 = dx * dx + dy * dy + dz * dz
                if nearest.count == 17 && chord2 >= nearest[16].chord2 { continue }
                var slot = nearest.count
                while slot > 0 && nearest[slot - 1].chord2 > chord2 { slot -= 1 }
                nearest.insert((chord2, index), at: slot)
                if nearest.count > 17 { nearest.removeLast() }
            }
            // Central angle from the chord length c: 2 asin(c / 2).
            func angle(_ chord2: Double) -> Double { 2 * asin(min(1, chord2.squareRoot() / 2)) }
            let order = nearest.map(\.index)
            var best = (index: -1, distance: Double.infinity)
            for index in order.prefix(16) {
                let distance = Geodesic.inverse(from: point, to: gazetteer.cities[index].coordinate).distance
                if distance < best.distance || (distance == best.distance && index < best.index) { best = (index, distance) }
            }
            if order.count > 16, best.distance > PlacemarkIndex.minimumRadius * angle(nearest[16].chord2) {
                let scanned = gazetteer.linearScan(point)!
                return (gazetteer.cities.firstIndex { $0.coordinate == scanned.coordinate }!, scanned.distance)
            }
            return best
        }
        let mismatches = Mutex<[String]>([])
        onOwnThreads(iterations: points.count) { position in
            let point = points[position]
            let indexed = gazetteer.reverse(point)
            let reference = exhaustive(point)
            if indexed?.coordinate != gazetteer.cities[reference.index].coordinate
                || abs((indexed?.distance ?? -1) - reference.distance) > 1e-6
            {
                mismatches.withLock { $0.append("\(point): \(indexed?.fullName ?? "nil") vs \(gazetteer.cities[reference.index].fullName)") }
            }
        }
        let found = mismatches.withLock { $0 }
        #expect(found.isEmpty, "\(found.prefix(5))")
    }

    /// The index also equals the plain geodesic scan of every city (`linearScan`, the benchmark's
    /// baseline) on 200 of the points.
    @Test func reverseEqualsLinearScanOnASample() throws {
        let gazetteer = try gazetteer()
        let points = samplePoints()
        let sample = stride(from: 0, to: points.count, by: 25).map { points[$0] }
        let mismatches = Mutex<Int>(0)
        onOwnThreads(iterations: sample.count) { position in
            if gazetteer.reverse(sample[position]) != gazetteer.linearScan(sample[position]) {
                mismatches.withLock { $0 += 1 }
            }
        }
        #expect(sample.count == 200 && mismatches.withLock { $0 } == 0)
    }

    /// The pruning bound of `PlacemarkIndex`: geodesic distance ≥ (b²/a) × central angle, with the
    /// central angle from an independent haversine on the unit sphere.
    @Test func geodesicIsNeverShorterThanTheSphereBound() {
        // b = a(1 − f) = 6,356,752.314245 m; b²/a = 6,335,439.327 m.
        #expect(abs(PlacemarkIndex.minimumRadius - 6_335_439.327) < 0.001)
        var generator = SplitMix64(seed: 4_2)
        for _ in 0..<3_000 {
            let a = Coordinate(latitude: .random(in: -90...90, using: &generator), longitude: .random(in: -180...180, using: &generator))
            var b = Coordinate(latitude: .random(in: -90...90, using: &generator), longitude: .random(in: -180...180, using: &generator))
            if Bool.random(using: &generator) {  // a nearby point too
                b = Coordinate(latitude: min(90, max(-90, a.latitude + .random(in: -1...1, using: &generator))), longitude: a.longitude + .random(in: -1...1, using: &generator))
            }
            let radians = Double.pi / 180
            let h = pow(sin((b.latitude - a.latitude) * radians / 2), 2)
                + cos(a.latitude * radians) * cos(b.latitude * radians) * pow(sin((b.longitude - a.longitude) * radians / 2), 2)
            let angle = 2 * asin(min(1, h.squareRoot()))
            #expect(Geodesic.inverse(from: a, to: b).distance >= PlacemarkIndex.minimumRadius * angle * (1 - 1e-12))
        }
    }

    @Test func knownPlaces() throws {
        let gazetteer = try gazetteer()
        // Oslo's city hall square; GeoNames' Oslo is at 59.91273, 10.74609, ≈ 0.37 km away.
        let hall = Coordinate(latitude: 59.9139, longitude: 10.7522)
        let oslo = try #require(gazetteer.reverse(hall))
        #expect(oslo.locality == "Oslo" && oslo.timeZone == "Europe/Oslo" && oslo.queriedCoordinate == hall)
        #expect(oslo.distance == Geodesic.inverse(from: hall, to: Coordinate(latitude: 59.91273, longitude: 10.74609)).distance)
        #expect((300...450).contains(oslo.distance))
        #expect(oslo.nearText == "near Oslo, Norway")
        // Mid-Pacific: the nearest city of 15,000 is Papeete, ≈ 2,205 km (brute-force scan agrees).
        let pacific = try #require(gazetteer.reverse(Coordinate(latitude: 0, longitude: -140)))
        #expect(pacific == gazetteer.linearScan(Coordinate(latitude: 0, longitude: -140)))
        #expect(pacific.nearText == "open water, 2,205 km from the nearest town (Papeete, French Polynesia)")
        // Farthest land measured for `farRadius`: the Great Sandy Desert.
        let desert = try #require(gazetteer.reverse(Coordinate(latitude: -21, longitude: 122.5)))
        #expect(desert.nearText == "1,173 km from Geraldton, Australia")
        let southPole = try #require(gazetteer.reverse(Coordinate(latitude: -90, longitude: 0)))
        #expect(southPole.nearText == "the Antarctic, 3,926 km from the nearest town (Ushuaia, Argentina)")
        #expect(gazetteer.reverse(Coordinate(latitude: 91, longitude: 0)) == nil)
        #expect(gazetteer.reverse(Coordinate(latitude: .nan, longitude: 0)) == nil)
    }

    // MARK: Wording

    @Test func nearTextAtEachRadius() {
        let tromso = Placemark(
            locality: "Tromsø", state: "Troms og Finnmark", country: "Norway", countryCode: "NO",
            timeZone: "Europe/Oslo", coordinate: Coordinate(latitude: 69.6489, longitude: 18.95508), population: 52_436)
        func at(_ metres: Double, latitude: Double = 69) -> String {
            var placemark = tromso
            placemark.distance = metres
            placemark.queriedCoordinate = Coordinate(latitude: latitude, longitude: 0)
            return placemark.nearText
        }
        #expect(at(0) == "near Tromsø, Norway")
        #expect(at(50_000) == "near Tromsø, Norway")  // nearRadius is inclusive
        #expect(at(50_001) == "50 km from Tromsø, Norway")
        #expect(at(312_400) == "312 km from Tromsø, Norway")
        #expect(at(1_500_000) == "1,500 km from Tromsø, Norway")  // farRadius is inclusive
        #expect(at(1_634_000, latitude: 59.9) == "open water, 1,634 km from the nearest town (Tromsø, Norway)")
        #expect(at(1_634_000, latitude: 60) == "the far north, 1,634 km from the nearest town (Tromsø, Norway)")
        #expect(at(2_000_499, latitude: -60) == "the Antarctic, 2,000 km from the nearest town (Tromsø, Norway)")
        #expect(tromso.fullName == "Tromsø, Troms og Finnmark, Norway")
    }

    @Test func placeNameKeys() {
        #expect(PlaceNameKey.key("Saint-Louis") == "saint louis")
        #expect(PlaceNameKey.key("  Tromsø ") == "tromso")
        #expect(PlaceNameKey.key("N’Djamena") == "ndjamena")
        #expect(PlaceNameKey.key("St. Louis") == "st louis")
        #expect(PlaceNameKey.key("ÆRØSKØBING") == "aeroskobing")
        #expect(PlaceNameKey.key("Łódź") == "lodz")
        #expect(PlaceNameKey.key("!!!") == "")
        #expect(PlaceNameKey.match(qualifier: "maine", field: "state of maine") == .words)
        #expect(PlaceNameKey.match(qualifier: "us", field: "us") == .exact)
        #expect(PlaceNameKey.match(qualifier: "main", field: "state of maine") == nil)
        // kitten → sitting: k→s, e→i, +g (the textbook example).
        let kitten = Array("kitten".unicodeScalars), sitting = Array("sitting".unicodeScalars)
        #expect(PlaceNameKey.editDistance(kitten, sitting, limit: 3) == 3)
        #expect(PlaceNameKey.editDistance(kitten, sitting, limit: 2) == nil)
    }

    /// The k-d tree's selection puts at each position what sorting by the axis would, with nothing
    /// greater before it and nothing smaller after it: 200 seeded arrays of 1 to 300 slots, many
    /// values repeated (whole numbers 0…9), every position and axis checked against a sort.
    @Test func selectionPutsTheMedianInPlace() {
        var random = SplitMix64(seed: 3)
        func next() -> Double { Double.random(in: 0..<1, using: &random) }
        for trial in 0..<200 {
            let count = 1 + Int(next() * 300)
            let original = (0..<count).map { index in
                (index: Int32(index), vector: SIMD3((next() * 10).rounded(.down), next(), trial.isMultiple(of: 2) ? 0 : next()))
            }
            let axis = trial % 3, position = Int(next() * Double(count))
            var slots = original[...]
            MedianSelection.select(position, in: &slots) { $0.vector[axis] }
            let sorted = original.map { $0.vector[axis] }.sorted()
            #expect(slots[position].vector[axis] == sorted[position], "trial \(trial)")
            #expect(slots[..<position].allSatisfy { $0.vector[axis] <= slots[position].vector[axis] }, "trial \(trial)")
            #expect(slots[(position + 1)...].allSatisfy { $0.vector[axis] >= slots[position].vector[axis] }, "trial \(trial)")
            #expect(Set(slots.map(\.index)) == Set(original.map(\.index)), "trial \(trial): a permutation")
        }
    }
}

/// Runs `body(0..<iterations)` split over two threads of its own and waits for both — not on
/// Dispatch's or Swift concurrency's shared pools, whose two workers on a 2-core machine other
/// tests' timers and tasks need meanwhile.
func onOwnThreads(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchSemaphore(value: 0)
    let halves = [0..<iterations / 2, iterations / 2..<iterations]
    for half in halves {
        Thread.detachNewThread {
            for index in half { body(index) }
            done.signal()
        }
    }
    for _ in halves { done.wait() }
}
