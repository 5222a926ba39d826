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

/// The output-folder rules that need no file system (README "Command line"): which folders are the
/// operating system's, and which names a publishing folder may hold before the first build.
/// Expected values are the Filesystem Hierarchy Standard 3.0's top-level folders, Debian's web root
/// `/var/www`, macOS's `/private` links, and the publishing files GitHub Pages (`CNAME`,
/// `.nojekyll`), Netlify and Cloudflare Pages (`_redirects`, `_headers`) document.
@Suite struct OutputFolderPolicyTests {
    private static let osFolder = "a folder of the operating system; pick a folder of your own"

    @Test(arguments: [
        ("/etc", "it is " + osFolder),
        ("/etc/nginx/site", "it is inside /etc, " + osFolder),
        ("/usr", "it is " + osFolder),
        ("/usr/local/share/site", "it is inside /usr, " + osFolder),
        ("/bin", "it is " + osFolder),
        ("/sbin/site", "it is inside /sbin, " + osFolder),
        ("/boot", "it is " + osFolder),
        ("/dev/shm/site", "it is inside /dev, " + osFolder),
        ("/proc/self", "it is inside /proc, " + osFolder),
        ("/sys", "it is " + osFolder),
        ("/lib", "it is " + osFolder),
        ("/lib64/site", "it is inside /lib64, " + osFolder),
        ("/libx32", "it is " + osFolder),
        ("/opt/site", "it is inside /opt, " + osFolder),
        ("/run/user/1000/site", "it is inside /run, " + osFolder),
        ("/var/lib", "it is " + osFolder),
        ("/var/log/site", "it is inside /var/log, " + osFolder),
        ("/var/cache/roadtrip/Output", "it is inside /var/cache, " + osFolder),
        ("/var", "it is shared by the whole system; use a new folder inside it, such as /var/www/site"),
        ("/tmp", "it is shared by the whole system; use a new folder inside it, such as /tmp/site"),
        ("/var/tmp", "it is shared by the whole system; use a new folder inside it, such as /var/tmp/site"),
        ("/var/www", "it is shared by the whole system; use a new folder inside it, such as /var/www/site"),
        ("/home", "it is shared by the whole system; use a new folder inside it, such as /home/site"),
        ("/root", "it is shared by the whole system; use a new folder inside it, such as /root/site"),
        ("/srv", "it is shared by the whole system; use a new folder inside it, such as /srv/site"),
        ("/mnt", "it is shared by the whole system; use a new folder inside it, such as /mnt/site"),
        ("/media", "it is shared by the whole system; use a new folder inside it, such as /media/site"),
        // macOS: /etc, /tmp and /var are symbolic links into /private.
        ("/private/etc/hosts", "it is inside /private/etc, " + osFolder),
        ("/private/var/db", "it is " + osFolder),
        ("/private/tmp", "it is shared by the whole system; use a new folder inside it, such as /private/tmp/site"),
        ("/private", "it is " + osFolder),
        ("/System/Library", "it is inside /System, " + osFolder),
    ])
    func systemFoldersAreRefused(path: String, reason: String) {
        #expect(OutputFolderPolicy.systemFolderProblem(Self.components(path)) == reason)
    }

    @Test(arguments: [
        "/tmp/x/Output", "/tmp/roadtrip-test-1/project/Output", "/var/tmp/site", "/var/tmp/a/b/Output",
        "/var/www/html", "/var/www/trips/public", "/home/me/stuff", "/home/me/trips/Output", "/root/project/Output",
        "/srv/www/site", "/mnt/usb/site", "/media/me/USB/site", "/work/trips/Output",
        "/private/tmp/x/Output", "/private/var/folders/ab/xyz/T/roadtrip-1/Output",
    ])
    func usersFoldersAreAllowed(path: String) {
        #expect(OutputFolderPolicy.systemFolderProblem(Self.components(path)) == nil)
    }

    @Test func namesAPublishingFolderHoldsBeforeTheFirstBuild() {
        let allowed = [
            ".git", ".gitignore", ".gitkeep", ".nojekyll", ".DS_Store", ".well-known", ".roadtrip-manifest",
            "CNAME", "_redirects", "_headers", "README", "README.md", "readme.txt", "Readme.rst",
            "LICENSE", "LICENSE.md", "License.txt", "LICENCE", "README-ja.md", "LICENSE-MIT", "COPYING", "COPYING.LESSER",
        ]
        for name in allowed { #expect(OutputFolderPolicy.mayPrecedeFirstBuild(name), "\(name)") }
        let refused = [
            "index.html", "notes.txt", "photos", "robots.txt", "favicon.ico", "cname", "CNAME.txt",
            "READMEfirst.txt", "LICENSES", "my-README.md", "_config.yml", "404.html",
        ]
        for name in refused { #expect(!OutputFolderPolicy.mayPrecedeFirstBuild(name), "\(name)") }
    }

    /// The one check every writing command applies (build's output, new site's DIR, new
    /// destination's and theme eject's folders), worded with the folder's role.
    @Test func refusalOfAFolderNoCommandWrites() throws {
        let home = URL(fileURLWithPath: "/home/roadtrip-test-\(UUID().uuidString)")
        func refusal(_ path: String) -> String? {
            OutputFolderPolicy.refusal(toWrite: URL(fileURLWithPath: path), as: "the folder of a new site", homeDirectory: home)
        }
        #expect(refusal("/") == "refusing to use the file system root '/' as the folder of a new site")
        #expect(refusal(home.path) == "refusing to use the home folder as the folder of a new site: it holds all your "
            + "files; use a new folder inside it")
        #expect(refusal(home.path + "/trip/..") == refusal(home.path))
        #expect(refusal("/home") == "refusing to use a folder that contains the home folder as the folder of a new site")
        #expect(refusal("/etc/trip") == "refusing to use /etc/trip as the folder of a new site: it is inside /etc, "
            + Self.osFolder)
        #expect(refusal(home.path + "/trip") == nil)
        #expect(refusal("/tmp/trip") == nil)
        #expect(OutputFolderPolicy.refusal(toWrite: home, as: "x", homeDirectory: nil) == nil)

        // A symbolic link is judged by where it leads.
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-policy-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: URL(fileURLWithPath: "/usr/share"))
        defer { try? FileManager.default.removeItem(at: link) }
        #expect(refusal(link.path + "/trip") == "refusing to use /usr/share/trip (where this path leads) as the folder of "
            + "a new site: it is inside /usr, " + Self.osFolder)
    }

    /// What is "in the way" of a first write: everything but the publishing folder's own files,
    /// manifest or not (new site has no use for a manifest); a build's output folder with a
    /// manifest has nothing foreign.
    @Test func entriesInTheWayAndForeignEntries() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["README.md", "LICENSE", "CNAME"] { try Data("x\n".utf8).write(to: folder.appendingPathComponent(name)) }
        #expect(try OutputFolderPolicy.entriesInTheWay(inFolderAtPath: folder.path).isEmpty)
        try Data("x\n".utf8).write(to: folder.appendingPathComponent("index.html"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bergen"), withIntermediateDirectories: true)
        #expect(try OutputFolderPolicy.entriesInTheWay(inFolderAtPath: folder.path) == ["bergen/", "index.html"])
        #expect(try OutputFolderPolicy.foreignEntries(inFolderAtPath: folder.path) == ["bergen/", "index.html"])
        try Data("index.html\n".utf8).write(to: folder.appendingPathComponent(OutputManifest.fileName))
        #expect(try OutputFolderPolicy.foreignEntries(inFolderAtPath: folder.path).isEmpty)
        #expect(try OutputFolderPolicy.entriesInTheWay(inFolderAtPath: folder.path) == ["bergen/", "index.html"])
    }

    @Test func listedEntries() {
        #expect(OutputFolderPolicy.listed(["a"]) == "a")
        #expect(OutputFolderPolicy.listed(["a", "b/"]) == "a and b/")
        #expect(OutputFolderPolicy.listed(["a", "b", "c", "d"]) == "a, b, c and d")
        #expect(OutputFolderPolicy.listed(["a", "b", "c", "d", "e"]) == "a, b, c and 2 more")
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    /// A folder's canonical components against Foundation's own answer (the formula before
    /// realpath(3) took its place): the longest prefix that exists, its symbolic links resolved by
    /// `resolvingSymlinksInPath()`, then the rest as written — for real folders, links (relative
    /// and absolute, a link to `..`), `.` and `..` in the path, missing tails below links, a link
    /// to nothing and a loop of links on the way.
    @Test func canonicalComponentsAreFoundationsResolvedPrefix() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("canonical-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["real/sub", "other"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for (link, target) in [("link", "real"), ("real/up", "../other"), ("absolute", root + "/real/sub"),
                               ("dangling", "nowhere"), ("loop1", "loop2"), ("loop2", "loop1")] {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: target)
        }
        func reference(_ url: URL) -> [String] {
            let components = url.standardizedFileURL.path.split(separator: "/").map(String.init)
            let ancestors = ProjectLocator.ancestors(of: url)
            guard let index = ancestors.firstIndex(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
                return components
            }
            let resolved = ancestors[index].resolvingSymlinksInPath().standardizedFileURL.path
            return resolved.split(separator: "/").map(String.init) + components.suffix(index)
        }
        for path in ["", "/real", "/real/sub", "/link", "/link/sub", "/link/sub/missing/deeper", "/real/up", "/real/up/new",
                     "/absolute", "/absolute/Output", "/link/../other", "/./link/./sub", "/dangling", "/dangling/Output",
                     "/loop1/Output", "/missing", "/missing/a/b"] {
            let url = URL(fileURLWithPath: root + path, isDirectory: true)
            #expect(OutputFolderPolicy.canonicalComponents(url) == reference(url), "\(path)")
        }
        // The resolved form itself, by hand: link/sub is real/sub; real/up leads to other.
        let linked = OutputFolderPolicy.canonicalComponents(URL(fileURLWithPath: root + "/link/sub/Output", isDirectory: true))
        #expect(Array(linked.suffix(3)) == ["real", "sub", "Output"])
        #expect(OutputFolderPolicy.canonicalComponents(URL(fileURLWithPath: root + "/real/up", isDirectory: true)).last == "other")
        #expect(OutputFolderPolicy.canonicalComponents(URL(fileURLWithPath: "/", isDirectory: true)) == [])
    }
}
