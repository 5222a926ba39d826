import Foundation
import Testing

/// Issue 7's contacts through the built binary: people from `contacts.vcf` on the map and the
/// page, private by default (first name and town only), personal fields only when opted in.
@Suite(.serialized) struct ContactsTests {
    static let vcard = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Ingrid Nilsen\r
        N:Nilsen;Ingrid;;;\r
        EMAIL;TYPE=INTERNET:ingrid.nilsen@example.no\r
        TEL;TYPE=CELL:+47 400 00 000\r
        ADR;TYPE=HOME:;;Storgata 1;Tromsø;Troms;9008;Norway\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:4.0\r
        FN:Ola Hansen\r
        N:Hansen;Ola;;;\r
        GEO:geo:69.6812,18.9225\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:;;;;\r
        END:VCARD\r

        """

    func project() throws -> TemporaryProject {
        let project = try TemporaryProject()
        try project.write("Destinations/tromso/index.md", "---\ntitle: Tromsø\nlatitude: 69.6492\nlongitude: 18.9553\n---\n")
        try project.write("Destinations/tromso/contacts.vcf", Self.vcard)
        return project
    }

    /// Everything written under Output/, as one text.
    func everything(_ project: TemporaryProject) throws -> String {
        let enumerator = FileManager.default.enumerator(at: project.output, includingPropertiesForKeys: nil)!
        var text = ""
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            text += (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        }
        return text
    }

    @Test func privateByDefault() throws {
        let project = try project()
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        // The card with no name at line 15 is skipped with a warning naming the file and line.
        #expect(result.standardError.contains("Destinations/tromso/contacts.vcf:15:"))
        let page = try project.read("Output/tromso/index.html")
        #expect(page.contains("<li>Ingrid (Tromsø)</li>"))
        #expect(page.contains("<li>Ola (Tromsø)</li>"))
        let geojson = try project.read("Output/tromso/annotations.geojson")
        #expect(geojson.contains("\"title\":\"Ingrid\"") && geojson.contains("\"kind\":\"contact\""))
        // No surname, e-mail address, phone number or street anywhere in the site.
        let site = try everything(project)
        for secret in ["Nilsen", "Hansen", "ingrid.nilsen", "400 00 000", "Storgata"] {
            #expect(!site.contains(secret), "\(secret) leaked")
        }
        #expect(!result.standardError.contains("contacts.publish"))
    }

    @Test func optedInFieldsWithAWarning() throws {
        let project = try project()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "title: T\ncontacts:\n  publish: [email]\n")
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("Destinations/site.yaml:3:12: warning: contacts.publish makes personal fields public: email (1 contact)"))
        let page = try project.read("Output/tromso/index.html")
        #expect(page.contains("<a href=\"mailto:ingrid.nilsen@example.no\">ingrid.nilsen@example.no</a>"))
        #expect(!page.contains("400 00 000"))
    }
}
