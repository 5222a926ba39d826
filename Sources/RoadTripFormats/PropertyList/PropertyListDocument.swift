import Foundation
import RoadTripCore

/// Reads a property list — XML, binary or OpenStep text — into a `MetadataValue`, and for an XML
/// property list also finds where each value's element starts, so diagnostics can name a line
/// and column.
///
/// Type mapping: `<string>` → `.string`, `<integer>` → `.integer`, `<real>` → `.double`,
/// `<true/>`/`<false/>` → `.bool`, `<array>` → `.list`, `<dict>` → `.mapping` (keys sorted, as a
/// property list dictionary has no order), `<date>` → `.string` in ISO 8601, `<data>` → `.null`
/// (nothing roadtrip reads is binary data); the same for the binary and OpenStep forms.
///
/// An XML property list is read by `XMLPropertyList` (libxml2), never by Foundation: bytes that
/// are not well-formed XML once crashed Foundation's `XMLParser`, and its own XML property list
/// reader accepts text that is not XML at all (a NUL byte, a comment or attribute name holding
/// a byte that is not UTF-8), which libxml2 rejects at its line and column. Binary and OpenStep
/// property lists go to Foundation's `PropertyListSerialization` (CoreFoundation's readers), which
/// refuses nesting deeper than its own limits with an error rather than a crash.
package enum PropertyListDocument {
    /// Parses `data`. A file starting `bplist` is a binary property list, one whose first
    /// character (after an optional byte order mark and white space) is `<` followed by `?`, `!`
    /// or a letter is XML (as is one in UTF-16 or UTF-32), anything else OpenStep text.
    ///
    /// Throws `ParsedDocument.SyntaxError`: for XML, as `XMLPropertyList` says (with the line and
    /// column); for a binary property list whose trailer is missing or inconsistent, a "truncated
    /// binary property list" (`binaryTrailerProblem`), checked before Foundation, which would
    /// otherwise read the bytes as an OpenStep text plist ("bplist00" alone is the string
    /// `bplist00`), and "damaged binary property list" when Foundation cannot read its objects;
    /// for OpenStep text, Foundation's reason and the line it names.
    package static func parse(_ data: Data) throws(ParsedDocument.SyntaxError) -> ParsedDocument {
        let bytes = [UInt8](data)
        let isBinary = bytes.starts(with: Array("bplist".utf8))
        if !isBinary && isXML(bytes) { return try XMLPropertyList.parse(bytes) }
        if isBinary {
            switch binaryObjectOffsets(bytes) {
            case .failure(let problem):
                throw ParsedDocument.SyntaxError(
                    message: "truncated or damaged binary property list: \(problem.text) (was the file cut short by an "
                        + "interrupted copy or download? Export it again)")
            case .success(let offsets):
                if let (index, kind) = offsets.enumerated().lazy.compactMap({ entry in
                    unreadBinaryKind(marker: bytes[entry.element]).map { (entry.offset, $0) }
                }).first {
                    throw ParsedDocument.SyntaxError(
                        message: "this binary property list holds \(kind) (object \(index + 1) of \(offsets.count)), which no "
                            + "plist roadtrip reads holds: they are made of dictionaries, arrays, strings, numbers, booleans, "
                            + "dates and data; export the file again as a plain plist (XML)")
                }
                if let problem = binaryExpansionProblem(bytes, offsets: offsets) {
                    throw ParsedDocument.SyntaxError(message: problem)
                }
            }
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch where isBinary {
            throw ParsedDocument.SyntaxError(message: "damaged binary property list: its objects cannot be read")
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            var syntaxError = ParsedDocument.SyntaxError(
                message: "not a valid property list" + (reason.map { " (\($0))" } ?? ""))
            // Foundation's OpenStep reader names the line in its message ("… at line 4").
            if let reason, let match = reason.firstMatch(of: #/line (\d+)/#), let line = Int(match.1) {
                syntaxError.line = line
            }
            throw syntaxError
        }
        return ParsedDocument(value: metadataValue(object), positions: nil)
    }

    /// Whether `bytes` are an XML document rather than OpenStep text (see `parse`): OpenStep's
    /// `<0fbd…>` is data, and `<` followed by a digit or white space starts no XML markup.
    package static func isXML(_ bytes: [UInt8]) -> Bool {
        // UTF-16 and UTF-32, by their byte order marks or first bytes (XML 1.0 Appendix F).
        for start in [[0xFE, 0xFF], [0xFF, 0xFE], [0x00, 0x3C], [0x3C, 0x00], [0x00, 0x00]] as [[UInt8]]
        where bytes.starts(with: start) {
            return true
        }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<") else { return false }
        let next = bytes[index + 1]
        let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next | 0x20)
        return isLetter || next >= 0x80 || Array("?!_:".utf8).contains(next)
    }

    /// Why `bytes` (starting `bplist`) cannot be a whole binary property list, or `nil`. The format
    /// (Apple's CFBinaryPList.c, "bplist00"): an 8-byte header, the objects, an offset table of
    /// `objectCount` big-endian integers of `offsetSize` bytes starting at `offsetTableOffset`,
    /// and a 32-byte trailer: 6 unused bytes, `offsetSize` (1…8), `objectReferenceSize` (1…8),
    /// then `objectCount`, `topObject` and `offsetTableOffset` as 8-byte big-endian integers.
    /// A file cut short loses its trailer, so the last 32 bytes no longer say where a table lies
    /// inside the file.
    package static func binaryTrailerProblem(_ bytes: [UInt8]) -> String? {
        if case .failure(let problem) = binaryObjectOffsets(bytes) { return problem.text }
        return nil
    }

    /// Why a binary property list cannot be whole (``binaryTrailerProblem(_:)``).
    package struct BinaryLayoutProblem: Error {
        package let text: String
    }

    /// The byte offset of every object of `bytes` (starting `bplist`), in object order, each inside
    /// the file before the offset table; or why the trailer and table cannot be whole (see
    /// ``binaryTrailerProblem(_:)`` for the format).
    package static func binaryObjectOffsets(_ bytes: [UInt8]) -> Result<[Int], BinaryLayoutProblem> {
        let headerSize = 8, trailerSize = 32
        guard bytes.count >= headerSize + 1 + trailerSize else {
            return .failure(.init(text: CountText.counted(bytes.count, "byte") + ", fewer than a header, one object and the 32-byte trailer"))
        }
        let trailer = bytes.count - trailerSize
        func integer(_ start: Int, _ width: Int) -> Int {
            bytes[start..<(start + width)].reduce(0) { ($0 << 8) | Int($1) }
        }
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        let objectCount = integer(trailer + 8, 8), topObject = integer(trailer + 16, 8)
        let tableOffset = integer(trailer + 24, 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), objectCount >= 1,
            objectCount <= bytes.count, topObject >= 0, topObject < objectCount,
            tableOffset >= headerSize + 1, tableOffset <= trailer,
            objectCount <= (trailer - tableOffset) / offsetSize
        else {
            return .failure(.init(text: CountText.counted(bytes.count, "byte") + ", and the last 32 are not a trailer that fits them"))
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(objectCount)
        for index in 0..<objectCount {
            let offset = integer(tableOffset + index * offsetSize, offsetSize)
            guard offset >= headerSize, offset < tableOffset else {
                return .failure(.init(
                    text: "object \(index + 1) of \(objectCount) lies outside the file's " + CountText.counted(bytes.count, "byte")))
            }
            offsets.append(offset)
        }
        return .success(offsets)
    }

    /// The most values a binary property list may stand for once every reference is followed,
    /// counting each 64 bytes of a string or data as one more value: 250,000, three times a
    /// `Destinations.plist` of 4,000 destinations (about 20 values each), and small enough to read
    /// in well under a second. Counting the text too: 100,000 references to one 100 KB title are
    /// few values but 10 GB once copied, which ran the reader out of memory.
    package static let maxBinaryExpandedValues = 250_000

    /// How many times what it stores a binary property list may stand for past
    /// ``maxBinaryExpandedValues``: a large plist that shares little (30,000 POIs written by
    /// plistlib, which shares each repeated key, stand for about twice what they store) is read
    /// however large; only sharing that multiplies is refused.
    package static let maxBinaryExpansionFactor = 16

    /// Why the binary property list `bytes` (with the object `offsets` of
    /// ``binaryObjectOffsets(_:)``) cannot be read, or `nil`: it stands for more than
    /// ``maxBinaryExpandedValues`` values (text weighed in) and more than
    /// ``maxBinaryExpansionFactor`` times what it stores, an array or dictionary holds itself, or a dictionary
    /// has a key that is not a string. A binary plist
    /// shares objects by reference (CFBinaryPList.c), and Foundation's reader copies a shared
    /// object wherever it is referred to: 40 arrays of 14 references each to the one before fit
    /// in 888 bytes and stand for about 14³⁹ values, which ran the reader out of memory. Counted
    /// from the top object, each object once (a walk without recursion, so depth costs no stack).
    package static func binaryExpansionProblem(_ bytes: [UInt8], offsets: [Int]) -> String? {
        let trailer = bytes.count - 32
        let referenceSize = Int(bytes[trailer + 7])
        let topObject = bytes[(trailer + 16)..<(trailer + 24)].reduce(0) { ($0 << 8) | Int($1) }
        let tableOffset = bytes[(trailer + 24)..<(trailer + 32)].reduce(0) { ($0 << 8) | Int($1) }

        /// The count an object's marker byte gives (its low four bits, or the integer object that
        /// follows when they are 0xF) and where its contents start; `nil` when malformed.
        func countAndStart(of object: Int) -> (count: Int, start: Int)? {
            let index = offsets[object] + 1
            let count = Int(bytes[offsets[object]] & 0x0F)
            guard count == 0x0F else { return (count, index) }
            guard index < tableOffset, bytes[index] >> 4 == 0x1 else { return nil }
            let width = 1 << Int(bytes[index] & 0x0F)
            guard width <= 8, index + 1 + width <= tableOffset else { return nil }
            return (bytes[(index + 1)..<(index + 1 + width)].reduce(0) { ($0 << 8) | Int($1) }, index + 1 + width)
        }

        /// What one object counts for itself: 1, and 1 more per 64 bytes of a string (ASCII 0x5,
        /// UTF-16 0x6, two bytes a character) or data (0x4).
        func weight(of object: Int) -> Int {
            let kind = bytes[offsets[object]] >> 4
            guard [0x4, 0x5, 0x6].contains(kind), let (count, _) = countAndStart(of: object), count >= 0 else { return 1 }
            return 1 + min(count, Int.max / 4) * (kind == 0x6 ? 2 : 1) / 64
        }

        /// The objects an array or dictionary refers to, or [] for any other object (and for a
        /// malformed one, which Foundation then refuses as damaged).
        func references(of object: Int) -> [Int] {
            let marker = bytes[offsets[object]]
            guard marker >> 4 == 0xA || marker >> 4 == 0xD, let (count, index) = countAndStart(of: object) else { return [] }
            let referencesPerEntry = marker >> 4 == 0xD ? 2 : 1
            guard count >= 0, count <= (tableOffset - index) / referenceSize / referencesPerEntry else { return [] }
            let referenceCount = count * referencesPerEntry
            return (0..<referenceCount).map { reference in
                let start = index + reference * referenceSize
                return bytes[start..<(start + referenceSize)].reduce(0) { ($0 << 8) | Int($1) }
            }.filter { $0 < offsets.count }
        }

        // A dictionary's keys are its first half of references, and each must be a string
        // (CFBinaryPList.c): Foundation reads one with a number for a key as no dictionary at all.
        for object in offsets.indices where bytes[offsets[object]] >> 4 == 0xD {
            let refs = references(of: object)
            if let key = refs.prefix(refs.count / 2).first(where: { ![0x5, 0x6].contains(bytes[offsets[$0]] >> 4) }) {
                return "damaged binary property list: dictionary (object \(object + 1) of \(offsets.count)) has a key that "
                    + "is not text (object \(key + 1)); export the file again"
            }
        }
        // What the file itself holds, each object once: a file that shares little (plistlib
        // shares equal keys and strings) stands for a few times this, a bomb for millions of times.
        let storedWeight = offsets.indices.reduce(0) { min($0 + weight(of: $1), Int.max / 64) }
        // Values each object stands for (itself and everything below it), found depth first.
        var expanded = [Int?](repeating: nil, count: offsets.count)
        var onPath = [Bool](repeating: false, count: offsets.count)
        var stack: [(object: Int, children: [Int], next: Int, total: Int)] = [
            (topObject, references(of: topObject), 0, weight(of: topObject))
        ]
        onPath[topObject] = true
        while let top = stack.last {
            if top.next < top.children.count {
                let child = top.children[top.next]
                stack[stack.count - 1].next += 1
                if let size = expanded[child] {
                    stack[stack.count - 1].total = min(top.total + size, maxBinaryExpandedValues + 1)
                } else if onPath[child] {
                    return "damaged binary property list: object \(child + 1) of \(offsets.count) holds itself"
                } else {
                    onPath[child] = true
                    stack.append((child, references(of: child), 0, min(weight(of: child), maxBinaryExpandedValues + 1)))
                }
                continue
            }
            stack.removeLast()
            onPath[top.object] = false
            expanded[top.object] = top.total
            if top.total > maxBinaryExpandedValues && top.total > maxBinaryExpansionFactor * storedWeight {
                return "this binary property list stands for more than \(CountText.grouped(maxBinaryExpandedValues)) values "
                    + "(counting each 64 bytes of text as one) once the objects it shares by reference are copied where "
                    + "they are used; no plist roadtrip reads is that large (was it made to exhaust memory?)"
            }
            if let parent = stack.indices.last {
                stack[parent].total = min(stack[parent].total + top.total, maxBinaryExpandedValues + 1)
            }
        }
        return nil
    }

    /// What the binary property list object whose first byte is `marker` is, when it is a kind no
    /// plist roadtrip reads holds, or `nil` for the kinds they do hold. The high four bits name
    /// the kind (Apple's CFBinaryPList.c): 0x0 null, booleans and fill, 0x1 integer, 0x2 real,
    /// 0x3 date, 0x4 data, 0x5 and 0x6 strings, 0xA array, 0xD dictionary are read; 0x8 is a UID
    /// (NSKeyedArchiver's), 0xB an ordered set, 0xC a set, the rest unassigned. Refused before
    /// Foundation reads the file: bridging a set of dictionaries to Swift crashes it (exit 139).
    package static func unreadBinaryKind(marker: UInt8) -> String? {
        switch marker >> 4 {
        case 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0xA, 0xD: return nil
        case 0x8: return "a UID (an archived object's reference)"
        case 0xB: return "an ordered set"
        case 0xC: return "a set"
        default: return String(format: "an object of unknown type 0x%02X", marker)
        }
    }

    /// Converts one object returned by `PropertyListSerialization` (see the type's mapping).
    package static func metadataValue(_ object: Any) -> MetadataValue {
        switch object {
        case let boolean as Bool where type(of: object) == Bool.self:
            return .bool(boolean)
        case let number as NSNumber:
            // objCType "c" is a boolean on Darwin; "d"/"f" a <real>; anything else an <integer>.
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default: return .integer(number.intValue)
            }
        case let string as String:
            return .string(string)
        case let array as [Any]:
            return .list(array.map(metadataValue))
        case let dictionary as [String: Any]:
            return .mapping(
                dictionary.keys.sorted().map { MetadataEntry(key: $0, value: metadataValue(dictionary[$0]!)) })
        case let date as Date:
            return .string(date.formatted(.iso8601))
        default:
            return .null
        }
    }
}
