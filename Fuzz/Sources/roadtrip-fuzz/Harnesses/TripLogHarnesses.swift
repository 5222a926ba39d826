import Foundation
import RoadTripKit

// The trip-log readers (DESIGN §2.5). The streaming ones (GPX, NMEA, CSV, a recording folder) read
// a file, which goes through the scratch folder; the JSON trip log has a bytes entry point.
// Every result is checked by `TripLogChecks`.

extension Harness {
    /// `trips/<slug>.gpx`: `GPXReader` (libxml2's streaming reader), then `TripLogStream`, which
    /// streams the same file through the filters and statistics and must agree with reading it whole;
    /// and the filtered track written by `GPXWriter` must read back as itself.
    static let gpx = Harness(
        name: "gpx", summary: "a GPX 1.0/1.1 trip log: GPXReader, TripLogStream, GPXWriter round trip"
    ) { data in
        let path = "trips/trip.gpx"
        let url = ScratchFolder.write(data, to: path)
        let log = DiagnosticLog()
        let tripLog = GPXReader.read(url, displayPath: path, slug: "trip", timeZone: TripLogChecks.timeZone, log: log)
        TripLogChecks.check(tripLog, log: log, path: path, input: data)
        guard let tripLog else { return }

        // TripLogStream streams what its content shows to be GPX (a build or `trip stats` reads any
        // other file through TripLogReader, which calls it no trip log); so the two must agree on
        // such files only — this one went to GPXReader whatever its bytes.
        let whole = TripLogContent.sniff(url) == .gpx
            ? StreamChecks.checkStreamingAgrees(url: url, path: path, tripLog: tripLog, log: log)
            : ProcessedTripLog(log: tripLog, settings: .roadTrip)
        GPXRoundTrip.check(whole, waypoints: tripLog.waypoints, name: tripLog.name ?? "trip")
    }

    /// `trips/<slug>.nmea`: `NMEAReader`.
    static let nmea = tripLogFile(name: "nmea", summary: "an NMEA 0183 log: NMEAReader", path: "trips/trip.nmea") { url, path, log in
        NMEAReader.read(url, displayPath: path, slug: "trip", log: log)
    }

    /// `trips/<slug>.json`: `JSONTripLogReader` (roadtrip's own format, `Docs/triplog.schema.json`),
    /// through its bytes entry point.
    static let tripLogJSON = Harness(name: "triplog-json", summary: "a JSON trip log: JSONTripLogReader") { data in
        let path = "trips/trip.json"
        let log = DiagnosticLog()
        let tripLog = JSONTripLogReader.read(
            data, displayPath: path, slug: "trip", timeZone: TripLogChecks.timeZone, log: log)
        TripLogChecks.check(tripLog, log: log, path: path, input: data)
    }

    /// `trips/<slug>.kml`: `KMLReader` (LineString, gx:Track, MultiTrack, OpenTracks' arrays).
    static let kml = tripLogFile(name: "kml", summary: "a KML 2.2 trip log: KMLReader", path: "trips/trip.kml") { url, path, log in
        KMLReader.read(url, displayPath: path, slug: "trip", timeZone: TripLogChecks.timeZone, log: log)
    }

    /// `trips/<slug>.kmz`: `KMZReader` (libzip finds and unzips the KML document, `KMLReader` reads
    /// it). Diagnostics about the document name it inside the archive, `trips/trip.kmz (doc.kml)`:
    /// the harness cannot see the unzipped document, so those are held to one line of text only.
    static let kmz = Harness(name: "kmz", summary: "a KMZ (zipped KML) trip log: KMZReader") { data in
        let path = "trips/trip.kmz"
        let url = ScratchFolder.write(data, to: path)
        let log = DiagnosticLog()
        let tripLog = KMZReader.read(url, displayPath: path, slug: "trip", timeZone: TripLogChecks.timeZone, log: log)
        let documents = Set(log.diagnostics.map(\.location.path).filter { $0.hasPrefix(path + " (") && $0.hasSuffix(")") })
        DiagnosticChecks.check(log.diagnostics, inputs: [path: data], otherPaths: documents)
        DiagnosticChecks.checkFailureExplained(log, returnedNothing: tripLog == nil)
        if let tripLog {
            TripLogChecks.checkValues(tripLog)
            TripLogChecks.checkJSONRoundTrip(tripLog)
            TripLogChecks.checkProcessing(tripLog)
        }
    }

    /// `trips/<slug>.tcx`: `TCXReader` (Garmin Training Center Database v2).
    static let tcx = tripLogFile(name: "tcx", summary: "a Garmin TCX trip log: TCXReader", path: "trips/trip.tcx") { url, path, log in
        TCXReader.read(url, displayPath: path, slug: "trip", timeZone: TripLogChecks.timeZone, log: log)
    }

    /// `trips/<slug>.geojson`: `GeoJSONTripLogReader`, through its bytes entry point.
    static let geoJSON = Harness(name: "geojson", summary: "a GeoJSON trip log: GeoJSONTripLogReader") { data in
        let path = "trips/trip.geojson"
        let log = DiagnosticLog()
        let tripLog = GeoJSONTripLogReader.read(
            data, displayPath: path, slug: "trip", timeZone: TripLogChecks.timeZone, log: log)
        TripLogChecks.check(tripLog, log: log, path: path, input: data)
    }

    /// A file of `trips/` whose name says nothing of its format (`trips/trip.txt`): `TripLogReader`
    /// chooses the reader from the content (`TripLogContent`), so every reader is reached from any
    /// bytes.
    static let sniffed = tripLogFile(
        name: "triplog-sniffed", summary: "any trip log named .txt: TripLogContent, then the reader it picks",
        path: "trips/trip.txt"
    ) { url, path, log in
        TripLogReader.read(url, displayPath: path, timeZone: TripLogChecks.timeZone, columnMapping: nil, log: log)
    }

    /// `trips/<slug>.csv` written by GPSLogger for Android: `GPSLoggerCSVReader`.
    static let gpsLoggerCSV = tripLogFile(
        name: "csv-gpslogger", summary: "a GPSLogger CSV: GPSLoggerCSVReader", path: "trips/trip.csv"
    ) { url, path, log in
        GPSLoggerCSVReader.read(url, displayPath: path, slug: "trip", timeZone: TripLogChecks.timeZone, log: log)
    }

    /// `trips/<slug>.csv` exported by OpenTracks: `OpenTracksCSVReader`.
    static let openTracksCSV = tripLogFile(
        name: "csv-opentracks", summary: "an OpenTracks CSV: OpenTracksCSVReader", path: "trips/trip.csv"
    ) { url, path, log in
        OpenTracksCSVReader.read(url, displayPath: path, slug: "trip", timeZone: TripLogChecks.timeZone, log: log)
    }

    /// A Sensor Logger `Location.csv` on its own: `SensorLoggerReader.readLocationFile`.
    static let sensorLoggerCSV = tripLogFile(
        name: "csv-sensorlogger", summary: "a Sensor Logger Location.csv: SensorLoggerReader.readLocationFile",
        path: "trips/Location.csv"
    ) { url, path, log in
        SensorLoggerReader.readLocationFile(url, displayPath: path, slug: "trip", log: log)
    }

    /// A harness that writes the input to `path` in the scratch folder, reads it with `read` (the
    /// file, its display path, the log) and checks the log with `TripLogChecks`.
    private static func tripLogFile(
        name: String, summary: String, path: String,
        read: @escaping @Sendable (URL, String, DiagnosticLog) -> TripLog?
    ) -> Harness {
        Harness(name: name, summary: summary) { data in
            let url = ScratchFolder.write(data, to: path)
            let log = DiagnosticLog()
            TripLogChecks.check(read(url, path, log), log: log, path: path, input: data)
        }
    }

    /// A Sensor Logger recording folder: the input is cut at its NUL bytes into, in this order,
    /// `Location.csv`, `TotalAcceleration.csv`, `Accelerometer.csv`, `Gravity.csv` and
    /// `Compass.csv` (an empty or missing part is a file the folder does not have).
    static let sensorLoggerRecording = Harness(
        name: "sensorlogger-recording",
        summary: "a Sensor Logger folder, files cut at NUL bytes: SensorLoggerReader.read"
    ) { data in
        let folder = "trips/recording"
        let parts = data.split(separator: 0, maxSplits: recordingFiles.count - 1, omittingEmptySubsequences: false)
        var inputs: [String: Data] = [:]
        for (index, name) in recordingFiles.enumerated() {
            let path = folder + "/" + name
            if index < parts.count, !parts[index].isEmpty {
                ScratchFolder.write(Data(parts[index]), to: path)
                inputs[path] = Data(parts[index])
            } else {
                ScratchFolder.remove(path)
            }
        }
        let url = ScratchFolder.url.appendingPathComponent(folder, isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let log = DiagnosticLog()
        let tripLog = SensorLoggerReader.read(url, displayPath: folder, slug: "recording", log: log)
        DiagnosticChecks.check(log.diagnostics, inputs: inputs, otherPaths: Set([folder] + recordingFiles.map { folder + "/" + $0 }))
        DiagnosticChecks.checkFailureExplained(log, returnedNothing: tripLog == nil)
        guard let tripLog else { return }
        TripLogChecks.checkValues(tripLog)
        TripLogChecks.checkJSONRoundTrip(tripLog)
        TripLogChecks.checkProcessing(tripLog)
    }

    /// The files of a recording, in the order `sensorLoggerRecording` cuts its input into.
    static let recordingFiles = ["Location.csv", "TotalAcceleration.csv", "Accelerometer.csv", "Gravity.csv", "Compass.csv"]

    /// A CSV whose columns a sidecar names (`GenericCSVReader`). The first byte of the input picks
    /// the mapping's options — bits 0–1 `speedUnit` (ms, kmh, mph, knots), bits 2–3
    /// `timestampFormat` (iso8601, unix, unixms, unixns), bits 4–5 `delimiter` (sniffed, `,`, `;`,
    /// tab) — and the rest is the file, whose columns are mapped by the names
    /// `time,lat,lon,alt,hacc,vacc,speed,course`.
    static let genericCSV = Harness(
        name: "csv-generic", summary: "a CSV with a sidecar column mapping (first byte: options): GenericCSVReader"
    ) { data in
        guard let options = data.first else { return }
        let file = Data(data.dropFirst())
        var mapping = [
            "timestamp": "time", "latitude": "lat", "longitude": "lon", "altitude": "alt",
            "horizontalAccuracy": "hacc", "verticalAccuracy": "vacc", "speed": "speed", "course": "course",
        ]
        mapping["speedUnit"] = ["ms", "kmh", "mph", "knots"][Int(options & 3)]
        mapping["timestampFormat"] = ["iso8601", "unix", "unixms", "unixns"][Int(options >> 2 & 3)]
        mapping["delimiter"] = [nil, ",", ";", "\t"][Int(options >> 4 & 3)]
        let path = "trips/trip.csv"
        let url = ScratchFolder.write(file, to: path)
        let log = DiagnosticLog()
        let tripLog = GenericCSVReader.read(
            url, displayPath: path, slug: "trip", mapping: mapping, timeZone: TripLogChecks.timeZone, log: log)
        TripLogChecks.check(tripLog, log: log, path: path, input: file)
    }
}
