import Foundation

/// Finds and reads a destination's trip logs (DESIGN §2.5): every `.gpx`, `.nmea`, `.json` and
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
        for name in names.sorted() where !name.hasPrefix(".") {
            let url = trips.appendingPathComponent(name)
            let path = ProjectPath.relative(url, to: projectRoot)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            let fileExtension = url.pathExtension.lowercased()
            let sidecar: URL
            if isDirectory.boolValue {
                sidecar = url.appendingPathComponent("trip.yaml")
            } else if Self.extensions.contains(fileExtension) {
                sidecar = trips.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".yaml")
            } else {
                if fileExtension != "yaml" && fileExtension != "yml" {
                    log.warning(SourceLocation(path: path), "not a trip log (.gpx, .nmea, .json, .csv or a recording folder); skipped")
                }
                continue
            }
            guard let settings = TripLogSettings.load(
                sidecar: sidecar, path: ProjectPath.relative(sidecar, to: projectRoot),
                sitePreset: config.tripsPreset, log: log),
                var tripLog = TripLogReader.read(
                    url, displayPath: path, timeZone: timeZone, columnMapping: settings.columns, log: log)
            else { continue }
            if let title = settings.title { tripLog.name = title }
            loaded.append(LoadedTripLog(log: tripLog, settings: settings))
        }
        return loaded
    }
}
