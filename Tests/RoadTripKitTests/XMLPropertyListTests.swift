import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// Bytes that once crashed the plist reader (issue 12): Foundation's `XMLParser`, which found the
/// positions, trapped (exit 132) on a byte that is not UTF-8 in a name, comment, entity reference
/// or processing-instruction target, and a processing instruction without data (`<?a?>`) was a
/// segmentation fault (exit 139) even in a valid plist. Each is now read by libxml2's streaming
/// reader: an error at the bad byte's line and column, or, for `<?a?>`, the plist's value.
@Suite struct XMLPropertyListTests {
    /// The reason given for a byte that is not UTF-8 (XMLStreamReader.plainMessage).
    private static let notUTF8 = "not a valid property list: this is not valid UTF-8 text (byte 0xFF); a file in "
        + "another encoding must name it in its XML declaration, e.g. encoding=\"ISO-8859-1\""

    /// The error `PropertyListDocument.parse` throws for `bytes`, or `nil` when it reads them.
    private func parseError(_ bytes: [UInt8]) -> ParsedDocument.SyntaxError? {
        do {
            _ = try PropertyListDocument.parse(Data(bytes))
            return nil
        } catch {
            return error
        }
    }

    /// Each input has one 0xFF byte; its column is the byte's 1-based offset on line 1 (all the
    /// other characters are ASCII, one column each), counted in the argument's comment.
    @Test(arguments: [
        // "<plist><k" is 9 characters: 0xFF is column 10 (an element name).
        (Array("<plist><k".utf8) + [0xFF] + Array("/></plist>".utf8), 10),
        // "<plist a" is 8: column 9 (an attribute name).
        (Array("<plist a".utf8) + [0xFF] + Array("=\"1\"><true/></plist>".utf8), 9),
        // "<plist><!--" is 11: column 12 (a comment).
        (Array("<plist><!--".utf8) + [0xFF] + Array("--><true/></plist>".utf8), 12),
        // "<plist><string>&a" is 7 + 8 + 2 = 17: column 18 (an entity name).
        (Array("<plist><string>&a".utf8) + [0xFF] + Array(";</string></plist>".utf8), 18),
        // "<plist><?a" is 10: column 11 (a processing-instruction target).
        (Array("<plist><?a".utf8) + [0xFF] + Array("?><true/></plist>".utf8), 11),
    ] as [([UInt8], Int)])
    func byteThatIsNotUTF8IsAnErrorAtItsColumn(bytes: [UInt8], column: Int) throws {
        let error = try #require(parseError(bytes))
        #expect(error.message == Self.notUTF8)
        #expect(error.line == 1)
        #expect(error.column == column)
    }

    /// The same byte on a later line of a file with a declaration: line 3 is `\t<k` + 0xFF, so
    /// column 4 (the tab counts one column, as in every diagnostic).
    @Test func byteThatIsNotUTF8IsOnItsLine() throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\t<k".utf8) + [0xFF]
            + Array("ey>a</key>\n</plist>\n".utf8)
        let error = try #require(parseError(bytes))
        #expect(error.message == Self.notUTF8)
        #expect(error.line == 3)
        #expect(error.column == 4)
    }

    /// A processing instruction without data, `<?a?>`, before the root, inside a container and
    /// after the root, in an otherwise valid plist: ignored, as XML 1.0 §2.6 lets an application
    /// ignore a PI it does not know. The dict is on line 3, column 1; its one value `<true/>` on
    /// line 5 after a tab, column 2.
    @Test func processingInstructionWithoutDataIsIgnored() throws {
        let text = "<?xml version=\"1.0\"?>\n<?a?>\n<dict><?a?>\n\t<key>k</key>\n\t<true/><?a?>\n</dict>\n<?a?>\n"
        let document = try PropertyListDocument.parse(Data(text.utf8))
        #expect(document.value == .mapping([MetadataEntry(key: "k", value: .bool(true))]))
        let root = try #require(document.positions)
        #expect(root.line == 3 && root.column == 1)
        #expect(root.keys == ["k"])
        #expect(root.children.map { [$0.line, $0.column] } == [[5, 2]])
    }

    /// Elements nest at most 256 levels below the root (libxml2's `xmlParserMaxDepth`,
    /// `XMLStreamReader.maximumDepth`): `<plist>` and 256 `<array>`s read; a 257th `<array>` is
    /// the 258th element, an error on line 1 at the `>` that ends its start tag, where libxml2
    /// counts it: "<plist>" is columns 1–7 and the k-th "<array>" columns 7k+1…7k+7, so the
    /// 257th ends at 7 × 257 + 7 = 1,806.
    @Test func nestingDeeperThanLibXML2AllowsIsAnError() throws {
        func nested(_ depth: Int) -> [UInt8] {
            Array(("<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
                + "</plist>").utf8)
        }
        #expect(parseError(nested(256)) == nil)
        let error = try #require(parseError(nested(257)))
        #expect(error.message == "not a valid property list: elements nest deeper than 256 levels")
        #expect(error.line == 1)
        #expect(error.column == 1_806)
    }

    /// An entity reference a plist cannot use is an error at its `&` (a fresh-clone tester saw it
    /// at the `<string>` holding it): line 2 is `\t<array><string>ab` then `&x;`, so the `&` is
    /// column 1 + 7 + 8 + 2 + 1 = 19 (the tab one column); a comment before it holding `&x;`
    /// is stepped over.
    @Test func unknownEntityReferenceIsAnErrorAtItsAmpersand() throws {
        let text = "<!DOCTYPE plist [<!ENTITY x \"y\">]>\n\t<array><string>ab&x;</string></array>\n"
        let error = try #require(parseError(Array(text.utf8)))
        #expect(error.message.contains("the entity reference &x; is not read"), "\(error.message)")
        #expect(error.line == 2 && error.column == 19, "\(error.line):\(error.column ?? 0)")
        let commented = "<!DOCTYPE plist [<!ENTITY x \"y\">]>\n<string><!-- &x; -->&x;</string>\n"
        let second = try #require(parseError(Array(commented.utf8)))
        // "<string><!-- &x; -->" is 8 + 12 = 20 characters: the reference is column 21.
        #expect(second.line == 2 && second.column == 21, "\(second.line):\(second.column ?? 0)")
    }
}

