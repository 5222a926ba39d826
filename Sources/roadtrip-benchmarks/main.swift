// roadtrip-benchmarks: reverse geocoding through Gazetteer's spatial index against a linear scan,
// in one run (Benchmarks/reverse-geocoding.sh builds and runs it; Benchmarks/README.md explains
// the output).
//
// usage: roadtrip-benchmarks [--queries N] [--linear N] [--seed S]
//        roadtrip-benchmarks photo-thumbnails FOLDER   (Benchmarks/photo-thumbnails.sh; PhotoThumbnails.swift)
//   --queries  coordinates reverse-geocoded through the index (default 1,000,000)
//   --linear   how many of them also go through the linear scan (default 2,000)
//   --seed     generator seed (default 2025): the same seed gives the same coordinates
import Foundation
import RoadTripKit

/// SplitMix64 (Steele, Lea & Flood 2014): a small seeded generator, so runs are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// The value after `flag` on the command line as a positive integer, or `fallback`.
func option(_ flag: String, default fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let position = arguments.firstIndex(of: flag) else { return fallback }
    guard position + 1 < arguments.count, let value = Int(arguments[position + 1]), value > 0 else {
        FileHandle.standardError.write(Data("roadtrip-benchmarks: \(flag) needs a positive integer\n".utf8))
        exit(2)
    }
    return value
}

/// The process's resident set size in bytes (`field` in /proc/self/status: `VmRSS` now, `VmHWM` its
/// peak so far), 0 if unreadable.
func residentBytes(_ field: String = "VmRSS") -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
        let kilobytes = Int(line.split(separator: " ")[1])
    else { return 0 }
    return kilobytes * 1024
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "photo-thumbnails" {
    runPhotoThumbnails(folder: CommandLine.arguments[2])
    exit(0)
}

let queryCount = option("--queries", default: 1_000_000)
let linearCount = min(option("--linear", default: 2_000), queryCount)
let seed = option("--seed", default: 2025)
let clock = ContinuousClock()

// 1. Load: libgeonames' cities copied into Swift values + the index, once.
let residentBefore = residentBytes()
let gazetteer = Gazetteer.shared
let residentAfter = residentBytes()
guard !gazetteer.isEmpty else {
    FileHandle.standardError.write(Data("roadtrip-benchmarks: \(Gazetteer.missingDataMessage)\n".utf8))
    exit(1)
}
// The index alone, built again to time it apart from the copy out of libgeonames.
let coordinates = gazetteer.cities.map(\.coordinate)
var rebuilt: PlacemarkIndex?
let buildDuration = clock.measure { rebuilt = PlacemarkIndex(coordinates: coordinates) }

// 2. Realistic coordinates: 70 % within 50 km of a random city (area-uniform offset, random
//    direction, via the WGS 84 direct geodesic), 30 % uniform on the sphere.
var generator = SeededGenerator(state: UInt64(seed))
let queries: [Coordinate] = (0..<queryCount).map { _ in
    if Double.random(in: 0..<1, using: &generator) < 0.7 {
        let city = gazetteer.cities.randomElement(using: &generator)!.coordinate
        let distance = 50_000 * Double.random(in: 0...1, using: &generator).squareRoot()
        return Geodesic.direct(
            from: city, azimuth: Double.random(in: -180..<180, using: &generator), distance: distance)
    }
    let z = Double.random(in: -1...1, using: &generator)
    return Coordinate(
        latitude: asin(z) * 180 / .pi, longitude: Double.random(in: -180..<180, using: &generator))
}

// 3. The index over every query, then the linear scan over the first `linearCount`.
var indexed: [Placemark] = []
indexed.reserveCapacity(queryCount)
let indexDuration = clock.measure {
    for query in queries { indexed.append(gazetteer.reverse(query)!) }
}
var scanned: [Placemark] = []
let scanDuration = clock.measure {
    for query in queries.prefix(linearCount) { scanned.append(gazetteer.linearScan(query)!) }
}
let mismatches = zip(indexed, scanned).filter { $0 != $1 }.count

let indexRate = Double(queryCount) / seconds(indexDuration)
let scanRate = Double(linearCount) / seconds(scanDuration)
let meanDistance = indexed.reduce(0) { $0 + $1.distance } / Double(queryCount)
func grouped(_ value: Double) -> String { CountText.grouped(Int(value.rounded())) }

print("reverse-geocoding: \(CountText.grouped(gazetteer.cities.count)) cities, \(CountText.grouped(queryCount)) queries (seed \(seed): 70 % within 50 km of a city, 30 % uniform on the sphere)")
print(String(format: "load (libgeonames copy + index)  %9.1f ms   RSS +%@ KiB", seconds(gazetteer.loadDuration) * 1000, grouped(Double(residentAfter - residentBefore) / 1024)))
print(String(format: "index build alone                %9.1f ms   %@ bytes (%@ per city)", seconds(buildDuration) * 1000, grouped(Double(rebuilt!.memoryFootprint)), grouped(Double(rebuilt!.memoryFootprint) / Double(coordinates.count))))
print(String(format: "index: %@ queries  %9.2f s   %@ queries/s   %.2f µs/query", CountText.grouped(queryCount), seconds(indexDuration), grouped(indexRate), 1e6 / indexRate))
print(String(format: "linear scan: first %@ queries  %9.2f s   %@ queries/s   %.0f µs/query", CountText.grouped(linearCount), seconds(scanDuration), grouped(scanRate), 1e6 / scanRate))
print(String(format: "speed-up: %@x   answers differing from the scan: %d of %@   mean distance to the nearest city: %.1f km", grouped(indexRate / scanRate), mismatches, CountText.grouped(linearCount), meanDistance / 1000))
if mismatches > 0 { exit(1) }
