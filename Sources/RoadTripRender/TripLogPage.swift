import Foundation
import RoadTripCore
import RoadTripGeo
import RoadTripCompute

/// The page and files of one trip log: `<slug>/trips/<trip>/index.html` with the
/// filtered track on a map, its statistics and filter report, and the `track.geojson` and
/// `track.gpx` downloads.
struct TripLogPage: Sendable {
    let renderer: PageRenderer
    let trip: Trip
    let recording: ProcessedTripLog
    /// The locality where the log ends (its end placemark), for the share text `share.tripText`;
    /// `nil` (no gazetteer) uses the destination's title.
    var locality: String? { recording.endLocality }

    /// The folder of the page below the site root: `<slug>/trips/<log slug>/`.
    var folder: String { trip.destination.slug + "/trips/" + recording.log.slug + "/" }

    /// The pins of the trip's map: the destination, the track's start and end, and each placed
    /// motion event (with its peak in g).
    func annotations() -> [Annotation] {
        var pins = [trip.annotations()[0]]
        let fixes = recording.segments.flatMap { $0 }
        if let first = fixes.first, let last = fixes.last {
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

    /// "near Zurich, Switzerland, 17 March 2023, 16:51 CET": the placemark's words and the time in
    /// the placemark's zone (the site's zone without one), worded in the site's language; either
    /// part may be missing.
    private func placeAndTime(_ placemark: Placemark?, _ time: Date?) -> String {
        let zone = placemark?.localTimeZone
        return [placemark?.nearText, time.map { renderer.dates.dateTime($0, in: zone, showingZone: true) }]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// The region the map opens on: the track's extent and the destination, fitted with padding.
    func region() -> CoordinateRegion {
        var corners = [trip.destinationCoordinate]
        if let extent = recording.statistics.region {
            let half = (extent.span.latitudeDelta / 2, extent.span.longitudeDelta / 2)
            corners.append(Coordinate(latitude: extent.center.latitude + half.0, longitude: extent.center.longitude - half.1))
            corners.append(Coordinate(latitude: extent.center.latitude - half.0, longitude: extent.center.longitude + half.1))
        }
        return InitialRegion.overview(of: corners.map { Coordinate(latitude: $0.latitude, longitude: Longitude.wrapped($0.longitude)) }, config: renderer.config)
    }

    /// The charts the log's data allows (sections for sensors a log lacks are left out):
    /// speed and elevation over time, a heading rose (compass) or else a course rose, and the
    /// acceleration magnitudes — raw, low-pass gravity, high-pass motion — in g.
    func charts() -> [TemplateValue] {
        var charts: [TemplateValue] = []
        func chart(_ svg: String, _ caption: String) {
            charts.append(.object(["svg": .string(svg), "caption": .string(caption)]))
        }
        let profile = TrackProfile(segments: recording.segments)
        if profile.times.count >= 2 {
            chart(TimeSeriesChart.speedAndElevationChart(
                times: profile.times, speeds: profile.speeds, altitudes: profile.altitudes, idPrefix: "profile-"),
                "Speed and elevation over time (the line breaks at gaps between segments)")
        }
        if let headings = recording.headings, !headings.headings.isEmpty {
            let north = headings.reference == .magnetic ? "magnetic" : "true"
            chart(RoseChart.svg(title: "Heading rose (\(north))", directions: headings.headings, idPrefix: "heading-"),
                  "Compass headings kept by the heading filter, by direction")
        } else if profile.courses.count >= 2 {
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

    /// The three files of the trip log.
    func files() throws(TemplateError) -> [OutputFile] {
        let links = renderer.links
        let depth = 3
        let pageConfig = renderer.config(forPageAtDepth: depth)
        let map = MapPresentation(
            title: recording.title, annotations: annotations(), initialRegion: region(), config: pageConfig,
            tracks: [recording.segments.map { $0.map(\.coordinate) }])
        var context = renderer.commonContext(depth: depth)
        context["page"] = .object(["canonicalURL": PageRenderer.text(links.absolute(folder))])
        context["map"] = map.templateValue(tileLayers: pageConfig.tileLayers, listLabel: "Track markers")
        context["destination"] = .object([
            "title": .string(trip.destinationName),
            "url": .string(links.link(to: trip.destination.slug + "/", fromDepth: depth)),
        ])
        context["share"] = ShareActions(
            title: recording.title + " · " + trip.destinationName,
            text: ShareActions.text(renderer.config.shareTripText, destination: trip.destinationName, locality: locality),
            place: nil, page: folder, links: links, config: renderer.config
        ).templateValue
        context["tripLog"] = .object([
            "title": .string(recording.title),
            "fromTo": PageRenderer.text(recording.fromTo),
            "statistics": .list(TripStatisticsText.rows(
                recording.statistics, dates: renderer.dates,
                startZone: recording.startPlacemark?.localTimeZone,
                endZone: recording.endPlacemark?.localTimeZone
            ).map { row in
                .object([
                    "key": .string(row.key), "label": .string(row.label), "value": .string(row.value),
                    "dateTime": PageRenderer.text(row.dateTime),
                ])
            }),
            "reports": .list(recording.reportSentences.map { .string($0) }),
            "charts": .list(charts()),
            "links": .object([
                "geojson": .string(links.link(to: folder + "track.geojson", fromDepth: depth)),
                "gpx": .string(links.link(to: folder + "track.gpx", fromDepth: depth)),
            ]),
        ])
        let html = try renderer.theme.templates.render("trip", context: .object(context))
        return [
            OutputFile(path: folder + "index.html", contents: .text(html)),
            OutputFile(path: folder + "track.geojson", contents: .text(TrackExport.document(recording, format: .geojson))),
            OutputFile(path: folder + "track.gpx", contents: .text(TrackExport.document(recording, format: .gpx))),
        ]
    }

    /// The destination page's line for this trip log: title, link and headline figures.
    func summary() -> TemplateValue {
        let statistics = recording.statistics
        return .object([
            "title": .string(recording.title),
            "url": .string(renderer.links.link(to: folder, fromDepth: 1)),
            "fromTo": PageRenderer.text(recording.fromTo),
            "distance": .string(TripStatisticsText.distance(statistics.distance)),
            "duration": PageRenderer.text(statistics.duration.map(TripStatisticsText.duration)),
            "averageMovingSpeed": PageRenderer.text(statistics.averageMovingSpeed.map(TripStatisticsText.speed)),
        ])
    }
}
