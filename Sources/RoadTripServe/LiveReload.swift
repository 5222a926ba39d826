import Dispatch
import Foundation
import Synchronization

/// Live reload for `roadtrip serve`: served pages load `scriptPath`, which listens on the
/// Server-Sent Events endpoint `eventsPath`; after each rebuild the server publishes what happened.
///
/// Events (`event:` names, data in the `data:` lines):
/// - `reload` — the site changed: the page reloads.
/// - `css` — only stylesheets changed: the page re-fetches its `<link rel="stylesheet">`s without
///   reloading (scroll position and map state survive).
/// - `build-error` — the rebuild failed; data = the diagnostics, one per line. The page shows them
///   in an overlay over the last good build until a rebuild succeeds. A page that connects while
///   the last build failed gets this event at once.
/// The script is served by the server and injected into pages at serve time only, never written
/// into the output folder. Event names are string literals here; the only data built from files is
/// `build-error`'s, which `EventStream` splits at every line end.
///
/// At most `maximumStreams` streams are open: a new client closes the oldest one, whose browser
/// reconnects after the `retry` delay (1 s) — so a forgotten tab, or 600 connections opened on
/// purpose, cannot hold the server's connections.
public final class LiveReload: Sendable {
    /// The event stream's path.
    public static let eventsPath = "/__roadtrip/events"
    /// The script's path.
    public static let scriptPath = "/__roadtrip/livereload.js"
    /// The element `StaticSite` puts before `</body>`.
    public static let scriptElement = "<script src=\"\(scriptPath)\"></script>"

    private struct State {
        /// Open streams, oldest first.
        var streams: [EventStream] = []
        var buildError: String?
        var closed = false
    }

    private let state = Mutex(State())
    private let keepAlive: Mutex<DispatchSourceTimer?>
    /// The most streams open at once.
    public let maximumStreams: Int
    /// `maximumStreams` unless told otherwise: 32. A browser opens at most 6 connections per host,
    /// event streams included, so 32 covers several browsers and devices with a few preview tabs
    /// each.
    public static let standardMaximumStreams = 32

    /// A hub with no clients. Every `keepAliveInterval` seconds (default 5) each stream gets a comment
    /// line (`: keep-alive`), so proxies keep the connection and a client that went away is noticed
    /// within that time (a suspended connection cannot see the close; the write fails and the server
    /// ends the response). At most `maximumStreams` (at least 1) are open at once.
    public init(keepAliveInterval: Double = 5, maximumStreams: Int = standardMaximumStreams) {
        self.maximumStreams = max(1, maximumStreams)
        keepAlive = Mutex(nil)
        keepAlive.withLock { slot in
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + keepAliveInterval, repeating: keepAliveInterval)
            timer.setEventHandler { [weak self] in self?.sendToAll(raw: ": keep-alive\n\n") }
            timer.resume()
            slot = timer
        }
    }

    deinit { keepAlive.withLock { $0?.cancel() } }

    private func sendToAll(raw text: String) {
        for stream in state.withLock({ $0.streams }) { stream.send(raw: text) }
    }

    /// A new client's stream, registered, primed with `retry: 1000` (reconnect after 1 s when the
    /// server restarts or drops it) and the current build error, if any. Closed at once when the
    /// hub is closed. With `maximumStreams` open already, the oldest is closed (and forgotten).
    public func connect() -> EventStream {
        let stream = EventStream()
        stream.send(raw: "retry: 1000\n: roadtrip live reload\n\n")
        let (open, dropped) = state.withLock { state -> (Bool, [EventStream]) in
            guard !state.closed else { return (false, []) }
            let excess = max(0, state.streams.count + 1 - maximumStreams)
            let dropped = Array(state.streams.prefix(excess))
            state.streams.removeFirst(excess)
            state.streams.append(stream)
            if let error = state.buildError { stream.send(event: "build-error", data: error) }
            return (true, dropped)
        }
        for old in dropped { old.close() }
        if !open { stream.close() }
        return stream
    }

    /// Forgets `stream` (its connection ended).
    public func disconnect(_ stream: EventStream) {
        state.withLock { $0.streams.removeAll { $0 === stream } }
    }

    /// Clients connected now.
    public var clientCount: Int { state.withLock { $0.streams.count } }

    /// After a successful rebuild that wrote `written` and removed `removed` output paths: `css` when
    /// every change is a stylesheet, else `reload`; nothing when nothing changed and no error was
    /// showing.
    public func publishBuild(written: [String], removed: [String]) {
        let streams = state.withLock { state -> [EventStream] in
            let wasFailing = state.buildError != nil
            state.buildError = nil
            return written.isEmpty && removed.isEmpty && !wasFailing ? [] : state.streams
        }
        let onlyStylesheets = !written.isEmpty && removed.isEmpty && written.allSatisfy { $0.hasSuffix(".css") }
        for stream in streams { stream.send(event: onlyStylesheets ? "css" : "reload", data: "") }
    }

    /// After a failed rebuild: `build-error` with `diagnostics` (one per line) to every client, and
    /// to every client that connects until a rebuild succeeds.
    public func publishFailure(_ diagnostics: String) {
        let streams = state.withLock { state -> [EventStream] in
            state.buildError = diagnostics
            return state.streams
        }
        for stream in streams { stream.send(event: "build-error", data: diagnostics) }
    }

    /// Closes every stream (the server is stopping), then waits up to `timeout` seconds until the
    /// server has ended their responses (`disconnect`); later `connect`s get a closed stream.
    public func closeAll(timeout: Double = 2) {
        keepAlive.withLock { timer in
            timer?.cancel()
            timer = nil
        }
        let streams = state.withLock { state -> [EventStream] in
            state.closed = true
            return state.streams
        }
        for stream in streams { stream.close() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while clientCount > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    }

    /// The script served at `scriptPath`.
    public static let script = """
        (function () {
          "use strict";
          var source = new EventSource("\(eventsPath)");
          var overlay = null;
          function hide() { if (overlay) { overlay.remove(); overlay = null; } }
          source.addEventListener("reload", function () { location.reload(); });
          source.addEventListener("css", function () {
            hide();
            document.querySelectorAll('link[rel="stylesheet"]').forEach(function (link) {
              var url = new URL(link.href);
              url.searchParams.set("roadtrip-reload", String(Date.now()));
              link.href = url.href;
            });
          });
          source.addEventListener("build-error", function (event) {
            if (!overlay) {
              overlay = document.createElement("div");
              overlay.id = "roadtrip-build-error";
              overlay.setAttribute("role", "alert");
              overlay.style.cssText = "position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;z-index:2147483647;" +
                "margin:0;padding:1em;background:#fff0f0;color:#600;border-top:3px solid #c00;font:14px/1.4 monospace";
              document.body.appendChild(overlay);
            }
            overlay.textContent = "";
            var title = document.createElement("strong");
            title.textContent = "roadtrip serve: the last rebuild failed; this is the last good build.";
            var text = document.createElement("pre");
            text.style.whiteSpace = "pre-wrap";
            text.textContent = event.data;
            overlay.append(title, text);
          });
        })();

        """
}
