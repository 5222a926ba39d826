import Foundation
import RoadTripCore
import RoadTripFormats

/// Finds and reads a destination's trip logs: every `.gpx`, `.nmea`, `.json` and
/// `.csv` file in `trips/` and every folder there (a phone-logger recording), each with its
/// optional sidecar (`trips/<slug>.yaml`, or `trip.yaml` inside a folder). Other files are a
/// warning; sidecars and dotfiles are skipped.
struct TripLogLoader {
    let projectRoot: URL
    let config: SiteConfig
    let log: DiagnosticLog

    static let extensions: Set<String> = ["gpx", "nmea", "json", "csv"]

    /// The logs of the destination folder `folder`, in file-name order; logs that cannot be read
    /// are left out (their errors are in the log).
    func load(folder: URL) -> [LoadedTripLog] {
        let trips = folder.appendingPathComponent("trips")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: trips.path) else { return [] }
        let timeZone = TimeZone(identifier: config.timeZone) ?? .gmt
        var loaded: [LoadedTripLog] = []
        var slugOwners: [String: String] = [:]  // lower-cased slug → the first log's path
        for name in names.sorted() where !name.hasPrefix(".") {
            let url = trips.appendingPathComponent(name)
            let path = ProjectPath.relative(url, to: projectRoot)
            var isDirectory: ObjCBool = false
            // A symbolic link to nothing is read (TripLogReader names it), never skipped unseen.
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) || FileBytes.isPresent(url)
            else { continue }
            let fileExtension = url.pathExtension.lowercased()
            guard isDirectory.boolValue || Self.extensions.contains(fileExtension) else {
                if fileExtension != "yaml" && fileExtension != "yml" {
                    log.warning(SourceLocation(path: path), "not a trip log (.gpx, .nmea, .json, .csv or a recording folder); skipped")
                }
                continue
            }
            let sidecar = TripLogSettings.sidecarURL(forLogAt: url, isFolder: isDirectory.boolValue)
            guard let settings = TripLogSettings.load(
                sidecar: sidecar, path: ProjectPath.relative(sidecar, to: projectRoot),
                siteFilters: config.tripsFilters, timeZone: timeZone, log: log),
                var tripLog = TripLogReader.read(
                    url, displayPath: path, timeZone: timeZone, columnMapping: settings.columns,
                    dateRange: settings.dateRange, log: log)?.restricted(to: settings.dateRange)
            else { continue }
            if let title = settings.title { tripLog.name = title }
            // Two logs whose pages would land in one folder (day1.gpx and day1.json; Day1 and day1).
            if let first = slugOwners[tripLog.slug.lowercased()] {
                log.error(
                    SourceLocation(path: path),
                    "this trip log's page would be trips/\(tripLog.slug)/, which \(first) already uses; rename one of them")
                continue
            }
            slugOwners[tripLog.slug.lowercased()] = path
            if tripLog.locations.isEmpty {
                log.warning(SourceLocation(path: path), "the trip log has no position fixes; its page will have no track")
            }
            loaded.append(LoadedTripLog(log: tripLog, settings: settings))
        }
        return loaded
    }
}
