"""File -> target assignment for Sources/RoadTripKit, with line-range overrides for split files."""
ORDER = ["Core", "Formats", "Geo", "Content", "Compute", "Render", "Site", "Serve"]
RANK = {t: i for i, t in enumerate(ORDER)}

CORE = """Model/AccelerationSample.swift Model/Annotation.swift Model/Contact.swift Model/Coordinate.swift
Model/CoordinateRegion.swift Model/CoordinateSpan.swift Model/Destination.swift Model/Event.swift
Model/HeadingSample.swift Model/LocationSample.swift Model/MetadataValue.swift Model/Placemark.swift
Model/PointOfInterest.swift Model/TripLog.swift Media/Photo.swift Media/PhotoMetadata.swift
Site/Diagnostics.swift Site/Version.swift TripLogs/Readers/ISO8601Time.swift Content/CalendarDate.swift
Rendering/CountText.swift Rendering/DecimalText.swift Content/Slug.swift Content/WebLink.swift Content/BaseURL.swift
Content/FileBytes.swift Content/TextFile.swift Content/KeySuggestion.swift TripLogs/Filters/FilterSettings.swift TripLogs/TripLogSettings.swift""".split()

FORMATS = """Formats/LibXML2.swift Formats/XMLStreamReader.swift Rendering/XMLDocumentWriter.swift Formats/XMLStartTagLocator.swift
Content/YAMLParser.swift Content/YAMLNode.swift Content/YAMLFile.swift Content/YAMLText.swift
Content/JSONDocument.swift Content/ParsedDocument.swift Content/PropertyListDocument.swift Content/XMLPropertyList.swift
Content/VCardReader.swift Content/VCardContentLine.swift Content/VCardText.swift
Rendering/JSONText.swift Rendering/JSONValue.swift Rendering/Template/HTMLEscaping.swift
TripLogs/Readers/ByteStream.swift TripLogs/Readers/CSVLocationColumns.swift TripLogs/Readers/CSVTable.swift
TripLogs/Readers/DecimalNumber.swift TripLogs/Readers/GPSLoggerCSVReader.swift TripLogs/Readers/GPXReader.swift
TripLogs/Readers/GenericCSVReader.swift TripLogs/Readers/JSONTripLogFormat.swift TripLogs/Readers/JSONTripLogReader.swift
TripLogs/Readers/JSONTripLogWriter.swift TripLogs/Readers/NMEAReader.swift TripLogs/Readers/OpenTracksCSVReader.swift
TripLogs/Readers/SensorLoggerReader.swift TripLogs/Readers/SkippedRecords.swift TripLogs/Readers/TimestampParser.swift
TripLogs/Readers/TripLogReader.swift TripLogs/Writers/CSVTrackWriter.swift TripLogs/Writers/GPXWriter.swift
Media/ExifReader.swift""".split()

GEO = """Geo/AntimeridianSplit.swift Geo/ForwardResult.swift Geo/Gazetteer.swift Geo/Geodesic.swift Geo/Longitude.swift
Geo/LongitudeBins.swift Geo/LongitudeRange.swift Geo/MapView.swift Geo/PlaceNameKey.swift Geo/PlacemarkIndex.swift
Geo/RegionFitting.swift Geo/RegionFromDistance.swift Geo/WebMercator.swift Rendering/MapTile.swift Rendering/TileLayer.swift""".split()

CONTENT = """Content/ConfigReader.swift Content/ContactLocator.swift Content/ContactPrivacy.swift Content/DegreesValue.swift
Content/DestinationLoader.swift Content/FrontMatter.swift Content/HomePageOrder.swift
Content/Markdown.swift Content/PlaceNameLookup.swift Content/PointOfInterestDecoder.swift Content/PointOfInterestFile.swift
Content/ProjectLocator.swift Content/PropertyListImport.swift Content/RecordFields.swift Content/SiteConfig.swift
Content/SiteConfigDocument.swift Content/SiteLoader.swift Content/TripLogLoader.swift Media/PhotoLibrary.swift
Site/OutputFolderPolicy.swift""".split()

COMPUTE = """Model/Trip.swift Geo/InitialRegion.swift TripLogs/ProcessedTripLog.swift TripLogs/TrackProfile.swift
TripLogs/TrackSimplification.swift TripLogs/TrackTimeline.swift TripLogs/TripStatistics.swift TripLogs/TripLogStream.swift
TripLogs/ChunkChannel.swift TripLogs/Filters/AccelerationFilter.swift TripLogs/Filters/FilterReport.swift
TripLogs/Filters/HeadingFilter.swift TripLogs/Filters/LocationFilter.swift Media/PhotoGeotagger.swift""".split()

RENDER = """Rendering/BuiltInTheme.swift Rendering/Charts/ColumnDecimation.swift Rendering/Charts/NiceScale.swift
Rendering/Charts/RoseChart.swift Rendering/Charts/TimeAxis.swift Rendering/Charts/TimeSeriesChart.swift
Rendering/GeoJSON.swift Rendering/MapPresentation.swift Rendering/NearbyPlaces.swift Rendering/PageRenderer.swift
Rendering/PhotoFiles.swift Rendering/PinShape.swift Rendering/ReadableDate.swift Rendering/SVGMap.swift
Rendering/ScaleBar.swift Rendering/ShareActions.swift Rendering/SiteLinks.swift Rendering/SitemapWriter.swift
Rendering/Template/MustacheNode.swift Rendering/Template/MustacheParser.swift
Rendering/Template/MustacheRenderer.swift Rendering/Template/MustacheSource.swift Rendering/Template/MustacheTemplate.swift
Rendering/Template/MustacheTokenizer.swift Rendering/Template/TemplateError.swift Rendering/Template/TemplateLibrary.swift
Rendering/Template/TemplateValue.swift Rendering/Theme.swift Rendering/ThemeFile.swift Rendering/TripLogPage.swift
TripLogs/TripLogReport.swift TripLogs/TripStatisticsText.swift TripLogs/Writers/TrackExport.swift Site/OutputFile.swift""".split()

SITE = """Site/BuildCache.swift Site/BuildPauseHook.swift Site/FileEntryKind.swift Site/MountIdentity.swift Site/OutputLock.swift
Site/OutputManifest.swift Site/OutputStagingArea.swift Site/OutputSwap.swift Site/OutputWriter.swift
Site/ProjectCacheFolder.swift Site/SiteBuilder.swift Site/SourceFingerprint.swift Media/ThumbnailMaker.swift
Content/NewSite.swift Content/NewDestination.swift Rendering/ThemeEjection.swift""".split()

SERVE = """Serve/AllowedHosts.swift Serve/ByteRange.swift Serve/ConnectionLimiter.swift Serve/DevelopmentServer.swift
Serve/EventStream.swift Serve/FileCache.swift Serve/FileWatcher.swift Serve/HTTPDaemon.swift Serve/HTTPDate.swift
Serve/HTTPMessage.swift Serve/ListeningSocket.swift Serve/LiveReload.swift Serve/MediaType.swift Serve/RequestPath.swift
Serve/StaticSite.swift""".split()

FILE_TARGET = {}
for t, files in [("Core", CORE), ("Formats", FORMATS), ("Geo", GEO), ("Content", CONTENT), ("Compute", COMPUTE),
                 ("Render", RENDER), ("Site", SITE), ("Serve", SERVE)]:
    for f in files:
        assert f not in FILE_TARGET, f
        FILE_TARGET[f] = t

# (file, first line, last line, target): declarations in these lines go to another target than the file's.
SPLITS = [
    ("Model/Trip.swift", 50, 84, "Render"),                 # annotations(): map pins, thumbnail URL (PhotoFiles)
    ("Content/ContactPrivacy.swift", 126, 150, "Core"),     # PublicContact, carried by Destination
    ("TripLogs/TripLogSettings.swift", 20, 87, "Content"),  # sidecarURL + load(sidecar:) read YAML
    ("Rendering/TileLayer.swift", 65, 77, "Render"),        # resolved(with: SiteLinks, fromDepth:)
    ("Rendering/ShareActions.swift", 19, 62, "Content"),    # LinkTemplate (site.yaml share.links)
    ("Rendering/ShareActions.swift", 136, 140, "Content"),  # destinationTextPlaceholders / tripTextPlaceholders
    ("Rendering/ShareActions.swift", 168, 182, "Content"),  # placeholders(in:), fill, placeholderPattern
    ("Site/OutputFile.swift", 28, 60, "Site"),              # pathProblem / ancestors (manifest & staging names)
    ("Site/OutputFolderPolicy.swift", 217, 226, "Site"),    # foreignEntries (OutputManifest.fileName)
    ("Site/OutputWriter.swift", 78, 86, "Content"),         # defaultHomeDirectory
    ("Media/ThumbnailMaker.swift", 44, 52, "Compute"),      # Copies -> PhotoCopies (Trip.photoCopies)
    ("Media/ThumbnailMaker.swift", 53, 71, "Formats"),      # Failure, ImageHeader
    ("Media/ThumbnailMaker.swift", 82, 99, "Formats"),      # isStarted, vipsLock, withVips, canLoadHEIF
    ("Media/ThumbnailMaker.swift", 122, 194, "Formats"),    # encode, header, exifBlock, sha256, text
    ("Media/PhotoGeotagger.swift", 18, 21, "Core"),         # defaultMaximumGap (SiteConfig's default)
]


def target_of(file, line):
    for f, a, b, t in SPLITS:
        if f == file and a <= line <= b:
            return t
    return FILE_TARGET[file]
