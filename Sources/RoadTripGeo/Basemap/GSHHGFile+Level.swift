import RoadTripCore

extension GSHHGFile {
    /// What lies at `coordinate` (degrees) by this coastline file: 0 sea, 1 land, 2 lake, 3 island
    /// in a lake, 4 pond on such an island — the level of the innermost ring of its bin around it
    /// (`CoastlineAssembly`). A point on a bin's edge belongs to the bin north-east of it.
    /// - Throws: `Failure` when the bin cannot be read.
    public func level(at coordinate: Coordinate) throws(Failure) -> Int {
        let longitude = coordinate.longitude < 0 ? coordinate.longitude + 360 : coordinate.longitude
        let column = min(Int(longitude / binSize), columns - 1)
        let row = min(max(Int((90 - coordinate.latitude) / binSize), 0), rows - 1)
        let bin = binIndex(row: row, column: column)
        let corner = southWestCorner(ofBin: bin)
        // Half a step inside the bin: a point on its edge (a whole degree at full resolution) would
        // lie on the rings' own edges, where ray casting cannot tell.
        func inside(_ value: Double) -> Double { min(max(value, 0.5), 65534.5) }
        let point = (
            x: inside((longitude - corner.longitude) / binSize * 65535),
            y: inside((coordinate.latitude - corner.latitude) / binSize * 65535))
        let rings = CoastlineAssembly.rings(segments: try coastSegments(ofBin: bin), corners: cornerLevels(ofBin: bin))
        return CoastlineAssembly.level(at: point, in: rings)
    }
}
