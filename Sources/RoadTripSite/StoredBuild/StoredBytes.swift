import Foundation
import RoadTripCore

/// The field encoding the files of `.roadtrip-cache/build/` share (``StoredBuildFile``,
/// ``StoredSourcesFile``; also ``CacheFileStamp``'s records): little-endian, without field names. A count is 32 bits; an integer
/// 64 bits (two's complement); a floating-point number its IEEE 754 binary64 bits; a string a
/// count of bytes and that many bytes of UTF-8; an optional one byte (0 absent, 1 present) before
/// its value. ``StoredBytesWriter`` appends fields, ``StoredBytesReader`` reads them back in order.
/// A whole file ends with its checksum (``StoredChecksum``), written by ``StoredBytesWriter/sealedData``.
struct StoredBytesWriter {
    /// What has been written so far.
    var bytes: [UInt8]

    /// A writer whose bytes start with `prefix` (a file's magic), reserving `capacity` bytes.
    init(prefix: [UInt8] = [], capacity: Int = 0) {
        bytes = prefix
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ value: Int64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func append(_ value: Int) { append(Int64(value)) }
    mutating func append(_ value: Double) { append(Int64(bitPattern: value.bitPattern)) }
    mutating func append(_ value: Bool) { bytes.append(value ? 1 : 0) }
    mutating func append(count: Int) { withUnsafeBytes(of: UInt32(count).littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func append(_ string: String) {
        append(count: string.utf8.count)
        bytes.append(contentsOf: string.utf8)
    }
    mutating func append(_ string: String?) {
        append(string != nil)
        if let string { append(string) }
    }
    mutating func append(_ value: Int?) {
        append(value != nil)
        if let value { append(value) }
    }
    /// A ``BasemapFileStamp``: size, modification time, status-change time, inode (four integers).
    mutating func append(_ stamp: BasemapFileStamp) {
        for field in [stamp.size, stamp.modified, stamp.changed, Int64(bitPattern: stamp.inode)] { append(field) }
    }
    mutating func append(_ strings: [String]) {
        append(count: strings.count)
        for string in strings { append(string) }
    }
    /// A count of bytes and the bytes (a record read back whole with ``StoredBytesReader/record()``).
    mutating func append(data: Data) {
        append(count: data.count)
        bytes.append(contentsOf: data)
    }

    /// An array of fixed-width integers: their count, then each one little-endian (read back with
    /// ``StoredBytesReader/numbers(_:)``).
    mutating func append<Number: FixedWidthInteger>(numbers: [Number]) {
        append(count: numbers.count)
        #if _endian(little)
        numbers.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
        for number in numbers { withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) } }
        #endif
    }

    /// The bytes written followed by their checksum (``StoredChecksum``): a whole file's bytes.
    var sealedData: Data {
        var data = Data(capacity: bytes.count + StoredChecksum.length)
        data.append(contentsOf: bytes)
        data.append(contentsOf: bytes.withUnsafeBytes(StoredChecksum.of))
        return data
    }
}

/// The last ``length`` bytes of a file of `.roadtrip-cache/`'s own stores (``StoredBuildFile``,
/// ``StoredSourcesFile``, ``StoredPlacemarks``, ``GazetteerSnapshotFile``): the XXH3-64 hash
/// (``ContentHash``, xxHash 0.8 with seed 0) of every byte before them (magic included), as 16
/// lowercase hexadecimal digits. It is checked before anything is parsed, so a file edited or
/// corrupted anywhere — even at the same length, where every field still parses — reads as
/// nothing: any change goes unnoticed with probability 2⁻⁶⁴. It is a check against accidents and
/// stray edits, not against anyone forging a file, as xxHash's checksums are in the zstd and LZ4
/// frame formats (RFC 8878 §3.1.1, "Content_Checksum": the low 32 bits of XXH64). XXH3 rather
/// than zlib's CRC-32, used before: a 4,000-destination site's stored index (1.7 MB) is read at
/// the start of every build and written at its end, with the shards of its sources (10 MB)
/// when they change, and CRC-32 took ~15 million instructions of a 400-million prose-edit build
/// (callgrind) where XXH3 takes a tenth.
enum StoredChecksum {
    static let length = 16

    /// The checksum of `bytes`, as the ``length`` ASCII bytes stored.
    static func of(_ bytes: UnsafeRawBufferPointer) -> [UInt8] { Array(ContentHash.hex64(bytes: bytes).utf8) }

    /// `data` without its checksum when the checksum is the one of the bytes before it; `nil`
    /// otherwise (too short, or anything changed).
    static func verified(_ data: Data) -> Data? {
        guard data.count >= length else { return nil }
        let body = data.prefix(data.count - length)
        let stored = data.suffix(length)
        guard body.withUnsafeBytes(of).elementsEqual(stored) else { return nil }
        return body
    }
}

/// Reads the fields of ``StoredBytesWriter`` in order; each read is `nil` when the bytes left do
/// not hold the field (past the end, a count larger than the bytes left, invalid UTF-8, a flag
/// other than 0 or 1).
///
/// The bytes are copied once into an array and read from it: each read through `Data`'s own
/// `withUnsafeBytes` went through its representation's cases (~800 instructions a file stamp;
/// reading a 4,000-destination site's stored index took 55 million instructions, on one core at
/// the start of every build).
struct StoredBytesReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(data: Data) {
        bytes = [UInt8](unsafeUninitializedCapacity: data.count) { buffer, initialized in
            initialized = data.copyBytes(to: buffer)
        }
    }

    /// A reader of a whole file's fields after its magic: the counterpart of
    /// ``StoredBytesWriter/init(prefix:capacity:)`` and ``StoredBytesWriter/sealedData``. `nil`
    /// when the checksum does not match (``StoredChecksum/verified(_:)``) or the file does not
    /// start with `magic`.
    init?(sealed file: Data, magic: [UInt8]) {
        guard let body = StoredChecksum.verified(file) else { return nil }
        self.init(data: body)
        guard bytes(magic.count) == magic else { return nil }
    }

    var isAtEnd: Bool { offset == bytes.count }

    /// The bytes not read yet.
    private var left: Int { bytes.count - offset }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, left >= count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    /// The next `Number` stored little-endian.
    private mutating func load<Number: FixedWidthInteger>(_ type: Number.Type) -> Number? {
        guard left >= MemoryLayout<Number>.size else { return nil }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Number.self) }
        offset += MemoryLayout<Number>.size
        return Number(littleEndian: value)
    }

    mutating func count() -> Int? {
        guard let value = load(UInt32.self) else { return nil }
        let count = Int(value)
        // No count can exceed the bytes left (every item takes at least one byte).
        return count <= left ? count : nil
    }

    mutating func integer() -> Int64? { load(Int64.self) }

    mutating func int() -> Int? { integer().map { Int($0) } }

    mutating func double() -> Double? { integer().map { Double(bitPattern: UInt64(bitPattern: $0)) } }

    mutating func bool() -> Bool? {
        guard left >= 1 else { return nil }
        defer { offset += 1 }
        switch bytes[offset] {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }

    mutating func string() -> String? {
        guard let length = count() else { return nil }
        defer { offset += length }
        return bytes.withUnsafeBytes { String.validatingUTF8(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + length)])) }
    }

    /// An optional field: `.some(nil)` when absent, `nil` when the bytes do not parse.
    mutating func optional<Value>(_ read: (inout StoredBytesReader) -> Value?) -> Value?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let value = read(&self) else { return nil }
        return .some(value)
    }

    /// A list: a count, then that many items each read by `read`; `nil` when one does not parse.
    mutating func list<Item>(_ read: (inout StoredBytesReader) -> Item?) -> [Item]? {
        guard let count = count() else { return nil }
        var items: [Item] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            guard let item = read(&self) else { return nil }
            items.append(item)
        }
        return items
    }

    mutating func strings() -> [String]? { list { $0.string() } }

    /// A stamp written with ``StoredBytesWriter/append(_:)-(BasemapFileStamp)``.
    mutating func stamp() -> BasemapFileStamp? {
        guard let size = integer(), let modified = integer(), let changed = integer(), let inode = integer() else { return nil }
        return BasemapFileStamp(size: size, modified: modified, changed: changed, inode: UInt64(bitPattern: inode))
    }

    /// An array of ``StoredBytesWriter/append(numbers:)``; `nil` when the bytes left do not hold
    /// as many numbers as its count says.
    mutating func numbers<Number: FixedWidthInteger>(_ type: Number.Type) -> [Number]? {
        guard let count = count() else { return nil }
        let size = count * MemoryLayout<Number>.size
        guard left >= size else { return nil }
        defer { offset += size }
        // Copied whole (the gazetteer's snapshot holds arrays of 24,361 to a million numbers: one
        // load each took 4 ms), then put in the machine's byte order.
        return [Number](unsafeUninitializedCapacity: count) { numbers, initialized in
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(numbers).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + size)]))
            }
            #if _endian(big)
            for index in 0..<count { numbers[index] = Number(littleEndian: numbers[index]) }
            #endif
            initialized = count
        }
    }

    /// A record written with ``StoredBytesWriter/append(data:)``: a copy of its bytes.
    mutating func record() -> Data? {
        guard let length = count() else { return nil }
        defer { offset += length }
        return Data(bytes[offset..<(offset + length)])
    }
}
