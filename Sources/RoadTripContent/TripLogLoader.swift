import Foundation
import RoadTripCore
import RoadTripFormats

/// Finds and reads a destination's trip logs: every file in `trips/` named for a trip-log format
/// (`extensions`: `.gpx`, `.kml`, `.kmz`, `.tcx`, `.geojson`, `.json`, `.nmea`, `.csv`), every file
/// whose name says nothing of its format (`.txt`, `.log`, `.xml`, no extension) that turns out to
/// be a trip log by its content (`TripLogContent`), and every folder there (a phone-logger
/// recording), each with its optional sidecar (`trips/<slug>.yaml`, or `trip.yaml` inside a
/// folder). A file of those vague names that is no trip log (a `README.txt`) is a warning and
/// skipped, as is a file of any other extension; sidecars and dotfiles are skipped.
struct TripLogLoader {
    let projectRoot: URL
    let config: SiteConfig
    let log: DiagnosticLog

    /// Extensions that name a trip-log format: such a file that cannot be read is an error.
    static let extensions: Set<String> = ["gpx", "kml", "kmz", "tcx", "geojson", "nmea", "json", "csv"]
    /// Extensions that say nothing of the format ("" is none): read when the content is a trip log.
    static let vagueExtensions: Set<String> = ["txt", "log", "xml", ""]

    /// The logs of the destination folder `folder`, in file-name order; logs that cannot be read
    /// are left out (their errors are in the log).
    func load(folder: URL) -> [LoadedTripLog] {
        let trips = folder.appendingPathComponent("trips")
        let tripsPath = ProjectPath.relative(trips, to: projectRoot)
        guard let names = ProjectFolderNames.names(in: trips, displayPath: tripsPath, log: log) else {
            ProjectFolderNames.reportListingFailure(of: trips, displayPath: tripsPath, holding: "trip logs", log: log)
            return []
        }
        let timeZone = TimeZone(identifier: config.timeZone) ?? .gmt
        var loaded: [LoadedTripLog] = []
        var slugOwners: [String: String] = [:]  // lower-cased slug → the first log's path
        for name in names where !name.hasPrefix(".") {
            let url = trips.appendingPathComponent(name)
            let path = ProjectPath.relative(url, to: projectRoot)
            var isDirectory: ObjCBool = false
            // A symbolic link to nothing is read (TripLogReader names it), never skipped unseen.
            // So is one that leads through a folder that may not be searched.
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) || FileBytes.isPresent(url)
            else { continue }
            let fileExtension = url.pathExtension.lowercased()
            // A file of such a name that cannot be read (or a link through a folder that may not be
            // searched) is an error saying why, never "not a trip log" and a skip.
            if !isDirectory.boolValue && Self.vagueExtensions.contains(fileExtension) {
                guard FileManager.default.isReadableFile(atPath: url.path) else {
                    log.error(SourceLocation(path: path), FileBytes.reason(for: url, error: nil))
                    continue
                }
                let content = TripLogContent.sniff(url)
                guard content.isTripLog else {
                    if case .other(let looksLike, _) = content {
                        log.warning(SourceLocation(path: path), "not a trip log (it looks like \(looksLike)); skipped")
                    }
                    continue
                }
            } else if !isDirectory.boolValue && !Self.extensions.contains(fileExtension) {
                if fileExtension != "yaml" && fileExtension != "yml" {
                    log.warning(
                        SourceLocation(path: path),
                        "not a trip log (.gpx, .kml, .tcx, .geojson, .json, .nmea, .csv, a .txt, .log or .xml holding one, "
                            + "or a recording folder); skipped")
                }
                continue
            }
            let sidecar = TripLogSettings.sidecarURL(forLogAt: url, isFolder: isDirectory.boolValue)
            let settings = TripLogSettings.load(
                sidecar: sidecar, path: ProjectPath.relative(sidecar, to: projectRoot),
                siteFilters: config.tripsFilters, timeZone: timeZone, log: log)
            // The log is read even when its sidecar has an error, so that its own problems are
            // reported in the same build. A GPX or Google history is read as a stream, counting its
            // fixes and keeping none (`LoadedTripLog.stream`): the filter step reads it again.
            let isStreamed = !isDirectory.boolValue && TripLogReader.isStreamable(url)
            var fixCount = 0
            let read = isStreamed
                ? TripLogReader.stream(url, displayPath: path, timeZone: timeZone, dateRange: settings?.dateRange, log: log) { _ in
                    fixCount += 1
                }
                : TripLogReader.read(
                    url, displayPath: path, timeZone: timeZone, columnMapping: settings?.columns,
                    dateRange: settings?.dateRange, log: log)?.restricted(to: settings?.dateRange)
            guard var tripLog = read, let settings else { continue }
            if !isStreamed { fixCount = tripLog.locations.count }
            if let title = settings.title { tripLog.name = title }
            // Two logs whose pages would land in one folder (day1.gpx and day1.json; Day1 and day1).
            if let first = slugOwners[tripLog.slug.lowercased()] {
                log.error(
                    SourceLocation(path: path),
                    "this trip log's page would be trips/\(tripLog.slug)/, which \(first) already uses; rename one of them")
                continue
            }
            slugOwners[tripLog.slug.lowercased()] = path
            if fixCount == 0 {
                log.warning(
                    SourceLocation(path: path),
                    "the trip log has no position fixes" + (settings.dateRange == nil ? "" : " between its from and to")
                        + "; its page will have no track")
            }
            let stream = isStreamed ? StreamedTripLog(url: url, displayPath: path, timeZone: timeZone, fixCount: fixCount) : nil
            loaded.append(LoadedTripLog(log: tripLog, settings: settings, stream: stream))
        }
        warnAboutSidecarsWithoutLog(names, in: trips)
        return loaded
    }

    /// A sidecar (`trips/<slug>.yaml` or `.yml`) with no file or folder of that slug beside it is a
    /// warning: its title and filters apply to nothing (a log renamed, a typo in the sidecar's name).
    private func warnAboutSidecarsWithoutLog(_ names: [String], in trips: URL) {
        let visible = names.filter { !$0.hasPrefix(".") }
        for name in visible.sorted() {
            let fileExtension = (name as NSString).pathExtension.lowercased()
            guard fileExtension == "yaml" || fileExtension == "yml" else { continue }
            let slug = (name as NSString).deletingPathExtension
            guard !visible.contains(where: { $0 != name && ($0 as NSString).deletingPathExtension == slug }) else { continue }
            log.warning(
                SourceLocation(path: ProjectPath.relative(trips.appendingPathComponent(name), to: projectRoot)),
                "a trip sidecar with no trip log beside it (trips/\(slug).gpx, a recording folder trips/\(slug)/, …): "
                    + "its settings apply to nothing; ignored")
        }
    }
}
