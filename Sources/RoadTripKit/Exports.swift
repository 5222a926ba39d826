// The umbrella over roadtrip's eight floors, re-exported so that `import RoadTripKit` (the
// command-line tool, the benchmarks, the fuzz harnesses) sees the whole library.
@_exported import RoadTripCore
@_exported import RoadTripFormats
@_exported import RoadTripGeo
@_exported import RoadTripContent
@_exported import RoadTripCompute
@_exported import RoadTripRender
@_exported import RoadTripSite
@_exported import RoadTripServe
