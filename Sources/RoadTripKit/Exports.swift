// The floors already cut out of RoadTripKit, re-exported so that `import RoadTripKit` (the
// command-line tool, the benchmarks, the fuzz harnesses) still sees all of roadtrip's library.
@_exported import RoadTripCore
@_exported import RoadTripFormats
@_exported import RoadTripGeo
@_exported import RoadTripContent
@_exported import RoadTripCompute
@_exported import RoadTripRender
@_exported import RoadTripSite
