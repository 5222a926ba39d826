import Foundation
import RoadTripCore
import RoadTripCompute

/// The page and files of one trip log: `<slug>/trips/<trip>/index.html` with the
/// filtered track on a map, its statistics and filter report, and the `track.geojson` and
/// `track.gpx` downloads.
struct TripLogPage: Sendable {
    let renderer: PageRenderer
    let trip: Trip
    let recording: ProcessedTripLog
    /// The log's map, laid out by the compute stage (`DestinationMaps.tripLogs`).
    let map: FittedMap
    /// The locality where the log ends (its end placemark), for the share text `share.tripText`;
    /// `nil` (no gazetteer) uses the destination's title.
    var locality: String? { recording.endLocality }

    /// The folder of the page below the site root: `<slug>/trips/<log slug>/`.
    var folder: String { trip.destination.slug + "/trips/" + recording.log.slug + "/" }

    /// The pins of the trip's map: the destination, the track's start and end, and each placed
    /// motion event (with its peak in g).
    func annotations() -> [Annotation] {
        var pins = [trip.annotations()[0]]
        if let first = recording.track.first, let last = recording.track.last {
            pins.append(Annotation(
                id: "start", coordinate: first.coordinate, title: "Start",
                subtitle: placeAndTime(recording.startPlacemark, first.timestamp), kind: .waypoint, color: "#2e7d32"))
            pins.append(Annotation(
                id: "end", coordinate: last.coordinate, title: "End",
                subtitle: placeAndTime(recording.endPlacemark, last.timestamp), kind: .waypoint, color: "#37474f"))
        }
        for (index, placed) in recording.events.enumerated() {
            let detail = placeAndTime(placed.placemark, placed.event.timestamp)
            pins.append(Annotation(
                id: "event-\(index + 1)", coordinate: placed.coordinate, title: placed.event.kind.rawValue.capitalized,
                subtitle: "peak " + DecimalText.fixed(placed.event.peak, fractionDigits: 2) + " g" + (detail.isEmpty ? "" : ", " + detail),
                kind: .event))
        }
        return pins
    }

    /// "near Zurich, Switzerland, 17 March 2023, 16:51 CET" (``PlaceAndTime/text``).
    private func placeAndTime(_ placemark: Placemark?, _ time: Date?) -> String {
        PlaceAndTime(placemark, time, dates: renderer.dates).text
    }

    /// The charts the log's data allows (sections for sensors a log lacks are left out):
    /// speed and elevation over time, a heading rose (compass) or else a course rose, and the
    /// acceleration magnitudes — raw, low-pass gravity, high-pass motion — in g.
    func charts() -> [TripLogPageContext.Chart] {
        var charts: [TripLogPageContext.Chart] = []
        func chart(_ svg: String, _ caption: String, profileJSON: String? = nil) {
            charts.append(TripLogPageContext.Chart(svg: svg, caption: caption, profileJSON: profileJSON))
        }
        // The cursor's profile measures every step (its segments on all cores); the chart's takes
        // those distances rather than measuring them again.
        let cursor = TrackCursorProfile(track: recording.track)
        let profile = TrackProfile(track: recording.track, stepDistances: cursor.stepDistances)
        if profile.timedFixCount >= 2 {
            chart(TimeSeriesChart.speedAndElevationChart(
                speeds: profile.speeds, altitudes: profile.altitudes, idPrefix: "profile-"),
                "Speed and elevation over time (the line breaks at gaps between segments)",
                profileJSON: TrackCursorJSON.text(cursor))
        }
        if let headings = recording.headings, !headings.headings.isEmpty {
            let north = headings.reference == .magnetic ? "magnetic" : "true"
            chart(RoseChart.svg(title: "Heading rose (\(north))", directions: headings.headings, idPrefix: "heading-"),
                  "Compass headings kept by the heading filter, by direction")
        } else if Array(profile.courses.prefix(2)).count == 2 {  // a rose of one direction says nothing
            chart(RoseChart.svg(title: "Course rose", directions: profile.courses, idPrefix: "course-"),
                  "Direction of travel between kept fixes (no compass in this log)")
        }
        if let accelerations = recording.accelerations, let first = accelerations.samples.first(where: { $0.timestamp != nil })?.timestamp {
            let samples = accelerations.samples.filter { $0.timestamp != nil }
            chart(TimeSeriesChart.accelerationChart(
                times: samples.map { $0.timestamp!.timeIntervalSince(first) },
                raw: samples.map { $0.raw.magnitude }, gravity: samples.map { $0.gravity.magnitude },
                motion: samples.map { $0.motion.magnitude }, idPrefix: "acceleration-"),
                "Acceleration in g: raw, gravity (low-pass, k = "
                    + DecimalText.string(accelerations.filteringFactor, maximumFractionDigits: 3)
                    + ") and motion (high-pass); " + CountText.counted(accelerations.events.count, .motionEvent))
        }
        return charts
    }

    /// The three files of the trip log, and its map's share preview when the renderer makes them.
    func files() throws(TemplateError) -> PageFiles {
        let links = renderer.links
        let depth = 3
        let pageConfig = renderer.config(forPageAtDepth: depth)
        let map = MapPresentation(
            title: recording.title, annotations: annotations(), map: map, config: pageConfig, withStandaloneFile: false,
            offlineBasemap: renderer.offlineBasemap(forPageAtDepth: depth))
        let preview = renderer.sharePreview(of: map, folder: folder)
        let context = TripLogPageContext(
            page: renderer.pageContext(depth: depth, canonicalPath: folder, preview: preview),
            map: map.context(tileLayers: pageConfig.tileLayers, listLabel: "Track markers"),
            destinationTitle: trip.destinationName,
            destinationURL: links.link(to: trip.destination.slug + "/", fromDepth: depth),
            share: ShareActions(
                title: recording.title + " · " + trip.destinationName,
                text: ShareActions.text(renderer.config.shareTripText, destination: trip.destinationName, locality: locality),
                place: nil, page: folder, links: links, config: renderer.config),
            title: recording.title,
            fromTo: nonEmpty(recording.fromTo),
            statistics: TripStatisticsText.rows(
                recording.statistics, dates: renderer.dates,
                startZone: recording.startPlacemark?.localTimeZone, endZone: recording.endPlacemark?.localTimeZone),
            reports: recording.reportSentences,
            charts: charts(),
            geoJSONLink: links.link(to: folder + "track.geojson", fromDepth: depth),
            gpxLink: links.link(to: folder + "track.gpx", fromDepth: depth))
        let page = try renderer.theme.templates.renderFile("trip", context: context.templateValue)
        return PageFiles(files: [
            OutputFile(path: folder + "index.html", contents: page),
            TrackExport.file(recording, format: .geojson, path: folder + "track.geojson"),
            TrackExport.file(recording, format: .gpx, path: folder + "track.gpx"),
        ], sharePreview: preview)
    }

    /// The destination page's line for this trip log: title, link and headline figures.
    func summary() -> TripLogSummary {
        let statistics = recording.statistics
        return TripLogSummary(
            title: recording.title,
            url: renderer.links.link(to: folder, fromDepth: 1),
            fromTo: nonEmpty(recording.fromTo),
            distance: TripStatisticsText.distance(statistics.distance),
            duration: nonEmpty(statistics.duration.map(TripStatisticsText.duration)),
            averageMovingSpeed: nonEmpty(statistics.averageMovingSpeed.map(TripStatisticsText.speed)))
    }
}
