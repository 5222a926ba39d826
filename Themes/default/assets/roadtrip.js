/* roadtrip default theme: the interactive map (DESIGN §4.1, §5.1), the Share button and the photo lightbox; see README.md. */
(function () {
  "use strict";
  var TILE = 256, MAX_LATITUDE = 85.05112877980659, EARTH_RADIUS = 6378137;
  var STORAGE_KEY = "roadtrip.mapType", SVG_NS = "http://www.w3.org/2000/svg";
  var TILE_MESSAGE = "Unable to load the map \u2014 check your internet connection", OFFLINE_MESSAGE = "Offline map (online tiles unavailable)";

  // Web Mercator on 256-px tiles (EPSG:3857; OSM "Slippy map tilenames")
  function clampLatitude(l) { return Math.min(Math.max(l, -MAX_LATITUDE), MAX_LATITUDE); }
  function worldSize(z) { return TILE * Math.pow(2, z); }
  function projectX(lon, z) { return (lon + 180) / 360 * worldSize(z); }
  function projectY(lat, z) {
    var phi = clampLatitude(lat) * Math.PI / 180;
    return (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2 * worldSize(z);
  }
  function longitudeAt(x, z) { return x / worldSize(z) * 360 - 180; }
  function latitudeAt(y, z) { return Math.atan(Math.sinh(Math.PI * (1 - 2 * y / worldSize(z)))) * 180 / Math.PI; }
  function wrapLongitude(lon) { return ((lon + 180) % 360 + 360) % 360 - 180; }
  function unwrap(lon, near) { while (lon - near > 180) lon -= 360; while (lon - near < -180) lon += 360; return lon; }

  // regionThatFits, as MapView.init
  function fit(region, w, h, maxZoom, minZoom) {
    var lat = clampLatitude(region.center.latitude);
    var lonDelta = Math.min(Math.max(region.span.longitudeDelta, 1e-9), 360);
    var latDelta = Math.min(Math.max(region.span.latitudeDelta, 1e-9), 180);
    var halfWidth0 = lonDelta / 2 / 360 * TILE, centerY0 = projectY(lat, 0);
    var halfHeight0 = Math.max(centerY0 - projectY(lat + latDelta / 2, 0), projectY(lat - latDelta / 2, 0) - centerY0, 1e-12);
    var zoom = Math.min(Math.log2(w / 2 / halfWidth0), Math.log2(h / 2 / halfHeight0));
    zoom = Math.min(Math.max(zoom, minZoom), maxZoom);
    return { zoom: zoom, lat: lat, lon: region.center.longitude, w: w, h: h, halfHeight0: halfHeight0,
      originX: projectX(region.center.longitude, zoom) - w / 2, originY: projectY(lat, zoom) - h / 2 };
  }
  function point(view, lat, lon) {
    return { x: projectX(unwrap(lon, view.lon), view.zoom) - view.originX, y: projectY(lat, view.zoom) - view.originY };
  }
  function metresPerPixel(view, lat) { return 2 * Math.PI * EARTH_RADIUS * Math.cos(lat * Math.PI / 180) / worldSize(view.zoom); }

  // MKCoordinateRegionMakeWithDistance (DESIGN §4.1), capped at 180° / 360°
  function regionWithDistance(lat, lon, latitudinalMetres, longitudinalMetres) {
    var p = lat * Math.PI / 180;
    var perDegreeLatitude = 111132.92 - 559.82 * Math.cos(2 * p) + 1.175 * Math.cos(4 * p) - 0.0023 * Math.cos(6 * p);
    var perDegreeLongitude = 111412.84 * Math.cos(p) - 93.5 * Math.cos(3 * p) + 0.118 * Math.cos(5 * p);
    return { center: { latitude: lat, longitude: lon }, span: {
      latitudeDelta: Math.min(latitudinalMetres / perDegreeLatitude, 180),
      longitudeDelta: perDegreeLongitude > 0 ? Math.min(longitudinalMetres / perDegreeLongitude, 360) : 360 } };
  }

  // 1, 2 or 5 × 10^n, at most value (ScaleBar.swift)
  function roundLength(value) {
    var power = Math.pow(10, Math.floor(Math.log10(value))), leading = value / power;
    var digits = [10, 5, 2, 1];
    for (var i = 0; i < digits.length; i++) if (leading >= digits[i] - 1e-9) return digits[i] * power;
    return power;
  }
  function lengthText(v) { return String(+v.toFixed(6)); }
  function scaleBars(mpp) {
    var maxMetres = mpp * 100, metres = roundLength(maxMetres), feet = maxMetres / 0.3048;
    var unit = feet > 5280 ? 5280 : 1, n = roundLength(feet / unit);  // miles or feet
    var imperial = { metres: n * unit * 0.3048, label: lengthText(n) + (unit > 1 ? " mi" : " ft") };
    return [{ metres: metres, label: metres >= 1000 ? lengthText(metres / 1000) + " km" : lengthText(metres) + " m" }, imperial];
  }
  function px(v) { return String(+v.toFixed(2)); }
  function regionText(r) {
    return [r.center.latitude, r.center.longitude, r.span.latitudeDelta, r.span.longitudeDelta]
      .map(function (v) { return (v === 0 ? 0 : v).toFixed(7); }).join(",");
  }
  function copyRegion(r) { return { center: Object.assign({}, r.center), span: Object.assign({}, r.span) }; }
  function mapTypeStore(t) {  // localStorage may be off
    try { return t ? localStorage.setItem(STORAGE_KEY, t) : localStorage.getItem(STORAGE_KEY); } catch (e) { return null; }
  }
  function htmlElement(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  }
  function svgElement(name, attributes) {
    var e = document.createElementNS(SVG_NS, name);
    for (var k in attributes) e.setAttribute(k, attributes[k]);
    return e;
  }

  // Pins never hide each other: the build's layout (PinSpread.swift, OverlappingPins.swift,
  // SpiderLayout.swift), run again at every zoom. Pairs of tips closer than the larger pin's size,
  // found with a grid hash of cells that size, are grouped (union-find); each group goes round its
  // centre, a ring up to 8 pins, an Archimedean spiral beyond; a spread that comes too close to
  // another pin takes it in and is laid out again. Sizes: PinShape.size (destination 42 px, other 31).
  function closePairs(points, sizes) {
    var cell = Math.max.apply(null, sizes), cells = {}, found = [];
    points.forEach(function (p, j) {
      var column = Math.floor(p.x / cell), row = Math.floor(p.y / cell);
      if (!isFinite(column) || !isFinite(row)) return;
      for (var dx = -1; dx <= 1; dx++) for (var dy = -1; dy <= 1; dy++) (cells[(column + dx) + "," + (row + dy)] || []).forEach(function (i) {
        var limit = Math.max(sizes[i], sizes[j]), x = points[i].x - p.x, y = points[i].y - p.y;
        if (x * x + y * y < limit * limit) found.push([i, j]);
      });
      (cells[column + "," + row] = cells[column + "," + row] || []).push(j);
    });
    return found;
  }
  function ring(count, separation, minimum, start) {
    var step = 2 * Math.PI / count, r = count === 1 ? minimum : Math.max(separation / (2 * Math.sin(Math.PI / count)), minimum);
    var first = start - (count % 2 ? 0 : step / 2), offsets = [];
    for (var k = 0; k < count; k++) offsets.push({ x: r * Math.cos(first + k * step), y: r * Math.sin(first + k * step) });
    return offsets;
  }
  function spiral(count, separation, start) {  // r = separation + bθ, turns 1.1 separations apart
    var b = 1.1 * separation / (2 * Math.PI), theta = 0, r = separation, offsets = [];
    for (var k = 0; k < count; k++) {
      offsets.push({ x: r * Math.cos(start + theta), y: r * Math.sin(start + theta) });
      theta += 2 * Math.asin(Math.min(1, separation / (2 * r)));
      r = separation + b * theta;
    }
    return offsets;
  }
  function inside(values, before, after, limit) {  // the least shift that keeps values inside 0..limit
    var low = Math.min.apply(null, values) - before, high = Math.max.apply(null, values) + after;
    return high - low > limit ? (limit - low - high) / 2 : low < 0 ? -low : high > limit ? limit - high : 0;
  }
  function spreadGroup(pins, group, drawn, w, h) {
    var s = 0, anchor = -1, cx = 0, cy = 0, moving = [];
    group.forEach(function (i) {
      s = Math.max(s, pins[i].size);
      cx += pins[i].x; cy += pins[i].y;
      if (anchor < 0 && pins[i].stays) anchor = i; else moving.push(i);
    });
    var c = anchor < 0 ? { x: cx / group.length, y: cy / group.length } : pins[anchor], dx = 0, dy = 0;
    var start = anchor < 0 ? -Math.PI / 2 : Math.PI / 2;
    var offsets = moving.length <= 8 ? ring(moving.length, s, anchor < 0 ? 0 : s, start) : spiral(moving.length, s, start);
    if (c.x >= 0 && c.x <= w && c.y >= 0 && c.y <= h) {  // near an edge the layout moves, the centre too
      dx = inside(offsets.map(function (o) { return c.x + o.x; }), s / 2, s / 2, w);
      dy = inside(offsets.map(function (o) { return c.y + o.y; }), s, 0, h);
    }
    if (anchor >= 0) drawn[anchor] = { x: c.x + dx, y: c.y + dy };
    offsets.forEach(function (o) {  // each place takes the nearest pin left, the first on a tie
      var x = c.x + dx + o.x, y = c.y + dy + o.y, best = 0, nearest = Infinity;
      moving.forEach(function (i, k) {
        var d = (pins[i].x - x) * (pins[i].x - x) + (pins[i].y - y) * (pins[i].y - y);
        if (d < nearest) { nearest = d; best = k; }
      });
      drawn[moving.splice(best, 1)[0]] = { x: x, y: y };
    });
  }
  function spread(pins, w, h) {
    var sizes = pins.map(function (p) { return p.size; }), leader = pins.map(function (p, i) { return i; });
    function root(i) { while (leader[i] !== i) i = leader[i] = leader[leader[i]]; return i; }
    function join(pair) { var a = root(pair[0]), b = root(pair[1]); if (a !== b) leader[Math.max(a, b)] = Math.min(a, b); }
    closePairs(pins, sizes).forEach(join);
    for (;;) {
      var drawn = pins.map(function (p) { return { x: p.x, y: p.y }; }), groups = {};
      pins.forEach(function (p, i) { (groups[root(i)] = groups[root(i)] || []).push(i); });
      for (var key in groups) if (groups[key].length > 1) spreadGroup(pins, groups[key], drawn, w, h);
      var conflicts = closePairs(drawn, sizes).filter(function (pair) { return root(pair[0]) !== root(pair[1]); });
      if (!conflicts.length) return drawn;
      conflicts.forEach(join);
    }
  }

  function RoadTripMap(element) {
    var config = JSON.parse(element.querySelector(".roadtrip-map-config").textContent);
    var self = this;
    this.element = element;
    this.config = config;
    this.svg = element.querySelector("svg");
    this.canvas = element.querySelector(".map-canvas");
    this.tiles = element.querySelector(".map-tiles");
    this.status = element.querySelector("[role=status]");
    this.caption = element.querySelector("figcaption");
    this.locateButton = element.querySelector("[data-action=locate]");
    this.initialRegion = copyRegion(config.initialRegion);
    this.region = copyRegion(config.initialRegion);
    this.mapType = "standard";  // the reader's stored choice comes with the tiles, after start-up
    this.tileFailed = false;
    this.tileImages = {};
    this.pins = {};
    this.pinList = [];  // in list order, as the build drew them
    this.drawn = {};  // where each pin is drawn: its true place, or spread
    this.annotations = {};
    config.annotations.forEach(function (a) { self.annotations[a.id] = a; });

    this.svg.setAttribute("role", "group");
    this.svg.setAttribute("aria-label", (this.svg.querySelector("title") || {}).textContent || "Map");
    this.svg.querySelectorAll("[data-annotation-id]").forEach(function (pin) {
      var a = self.annotations[pin.getAttribute("data-annotation-id")];
      if (!a) return;
      self.pins[a.id] = pin;
      self.pinList.push({ a: a, element: pin });
      pin.setAttribute("tabindex", "0");
      pin.setAttribute("role", "button");
      pin.setAttribute("aria-label", a.title + (a.subtitle ? ", " + a.subtitle : ""));
      pin.addEventListener("click", function (event) { if (!self.dragged) self.activate(a.id, false); event.stopPropagation(); });
      pin.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); self.activate(a.id, true); }
      });
    });
    document.querySelectorAll("li[data-annotation-id]").forEach(function (item) {
      var id = item.getAttribute("data-annotation-id");
      if (!self.pins[id] || item.closest("[data-roadtrip-map]")) return;
      if (!element.parentNode.contains(item)) return;
      var button = htmlElement("button", "annotation-show", "Show on map");
      button.type = "button";
      button.setAttribute("aria-label", "Show " + self.annotations[id].title + " on the map");
      button.addEventListener("click", function () { self.openCallout(id, true); });
      item.appendChild(button);
    });

    // the destination keeps its place on its own map (SVGMap.writePins)
    var destinations = this.pinList.filter(function (pin) { return pin.a.kind === "destination"; }).length;
    this.pinList.forEach(function (pin) { pin.stays = destinations === 1 && pin.a.kind === "destination"; });
    this.legGroup = this.svg.querySelector(".pin-legs");
    this.trackGroup = this.svg.querySelector(".tracks");
    this.view0 = fit(this.region, config.viewport.width, config.viewport.height, config.tileLayers.standard.maxZoom, 0);
    this.callout = htmlElement("div", "map-callout");
    this.callout.hidden = true;
    this.canvas.appendChild(this.callout);

    element.querySelector(".map-controls").hidden = false;
    this.locateButton.addEventListener("click", function () { self.locateOrReturn(); });
    element.querySelector("[data-action=zoom-in]").addEventListener("click", function () { self.zoomBy(1); });
    element.querySelector("[data-action=zoom-out]").addEventListener("click", function () { self.zoomBy(-1); });
    var full = element.querySelector("[data-action=fullscreen]");
    if (full && element.requestFullscreen) {
      full.hidden = false;
      full.addEventListener("click", function () {
        if (document.fullscreenElement === element) document.exitFullscreen(); else element.requestFullscreen().catch(function () {});
      });
      document.addEventListener("fullscreenchange", function () {
        var on = document.fullscreenElement === element;
        full.textContent = on ? "Exit full screen" : "Full screen";
        full.setAttribute("aria-pressed", String(on));
      });
    }
    element.querySelectorAll("[data-map-type]").forEach(function (button) {
      button.addEventListener("click", function () { self.setMapType(button.getAttribute("data-map-type"), true); });
    });
    this.bindGestures();
    this.setMapType(this.mapType, false);
    if (window.ResizeObserver) new ResizeObserver(function (entries) {
      var width = entries[0].contentRect.width;
      if (width && width !== self.canvasWidth) {
        self.canvasWidth = width;
        // scale bar and credits keep a readable size on a narrow screen (10 px at least)
        self.textScale = Math.min(Math.max(self.config.viewport.width / width, 1), 3);
        self.render();
      }
    }).observe(this.canvas);
  }

  var map = RoadTripMap.prototype;

  map.layer = function () { return this.config.tileLayers[this.mapType] || this.config.tileLayers.standard; };

  map.say = function (text) {
    var offline = !text && this.tileFailed && this.config.offlineBasemap;  // a note, not an alarm: the basemap is there
    this.status.textContent = text || (this.tileFailed ? (offline ? OFFLINE_MESSAGE : TILE_MESSAGE) : "");
    this.status.classList.toggle("map-status-note", !!offline);
  };

  map.setRegion = function (region) {
    this.region = region;
    this.render();
  };

  map.render = function () {
    var c = this.config, layer = this.layer(), self = this;
    var view = fit(this.region, c.viewport.width, c.viewport.height, layer.maxZoom, 0);
    this.view = view;
    this.element.setAttribute("data-region", regionText(this.region));
    this.svg.setAttribute("data-zoom", String(+view.zoom.toFixed(4)));
    // pins grow on a narrow screen; the width comes from a ResizeObserver (reading clientWidth here
    // would force a layout of the whole page during start-up)
    var grow = Math.min(Math.max(0.5 * view.w / (this.canvasWidth || view.w), 1), 3);
    var places = this.pinList.map(function (pin) {
      var p = point(view, pin.a.latitude, pin.a.longitude);
      return { x: p.x, y: p.y, size: (pin.a.kind === "destination" ? 42 : 31) * grow, stays: pin.stays };
    });
    var drawn = spread(places, view.w, view.h), legs = "", dots = "", dotted = {};
    this.pinList.forEach(function (pin, i) {
      var p = self.drawn[pin.a.id] = drawn[i], q = places[i];
      pin.element.setAttribute("transform", "translate(" + px(p.x) + "," + px(p.y) + ")" + (grow > 1 ? " scale(" + px(grow) + ")" : ""));
      pin.element.setAttribute("tabindex", p.x >= 0 && p.x <= view.w && p.y >= 0 && p.y <= view.h ? "0" : "-1");
      if (p.x !== q.x || p.y !== q.y) {  // spread: a leader line to the true place, and a dot there
        legs += "M" + px(p.x) + "," + px(p.y) + "L" + px(q.x) + "," + px(q.y);
        var dot = "M" + px(q.x - 3) + "," + px(q.y);
        if (!dotted[dot]) dots += (dotted[dot] = dot) + "a3,3 0 1 0 6,0a3,3 0 1 0 -6,0";
      }
    });
    this.renderLegs(legs, dots);
    if (this.caption) this.caption.textContent = this.caption.textContent.replace(/zoom [\d.]+$/, "zoom " + view.zoom.toFixed(1));
    if (this.trackGroup) {  // tracks were drawn for the first view: move and scale them with the map
      var s = Math.pow(2, view.zoom - this.view0.zoom), ox = projectX(unwrap(view.lon, this.view0.lon), view.zoom) - view.w / 2;
      this.trackGroup.setAttribute("transform", "translate(" + px(s * this.view0.originX - ox) + "," + px(s * this.view0.originY - view.originY) + ") scale(" + s + ")");
    }
    if (this.tilesReady) this.renderTiles(view, layer);
    else if (!this.tilesPending) {
      // the build's CSS-background tiles show the first view; script-managed <img> replace them in
      // a task of their own, after start-up (creating them was most of it)
      this.tilesPending = true;
      setTimeout(function () {
        self.tilesReady = true;
        self.tiles.textContent = "";
        // localStorage's first read can wait on the disk: not during start-up either
        var stored = mapTypeStore();
        if (stored && stored !== self.mapType && self.config.tileLayers[stored]) self.setMapType(stored, false);
        else self.renderTiles(self.view, self.layer());
      }, 0);
    }
    this.renderScaleBar(view);
    this.renderUserLocation(view);
    if (this.calloutId) this.placeCallout();
    if (this.onRender) this.onRender(view);
  };

  // The leader lines and true-place dots of spread pins (SVGMap.writeLeaderLines), under the pins;
  // made here when the build drew none
  map.renderLegs = function (legs, dots) {
    var group = this.legGroup;
    if (!group) {
      if (!legs) return;
      group = this.legGroup = svgElement("g", { "class": "pin-legs", "pointer-events": "none" });
      group.appendChild(svgElement("path", { "class": "pin-leg-halo", fill: "none", stroke: "#ffffff", "stroke-width": "3.5", "stroke-opacity": "0.8", "stroke-linecap": "round" }));
      group.appendChild(svgElement("path", { "class": "pin-leg", fill: "none", stroke: "#1a1a1a", "stroke-width": "1.5", "stroke-linecap": "round" }));
      group.appendChild(svgElement("path", { "class": "pin-origin", fill: "#1a1a1a", stroke: "#ffffff", "stroke-width": "1.5" }));
      var pins = this.svg.querySelector(".pins");
      pins.insertBefore(group, pins.firstChild);
    }
    group.style.display = legs ? "" : "none";
    if (!legs) return;
    group.children[0].setAttribute("d", legs);
    group.children[1].setAttribute("d", legs);
    group.children[2].setAttribute("d", dots);
  };

  // The URL of each solid tile of the offline basemap's pyramid ("z/x/y": its fill's one file, land
  // or sea): those tiles have no file of their own
  function solidTileURLs(basemap) {
    var urls = {}, solid = basemap.solidTiles || {};
    ["land", "sea"].forEach(function (fill) {
      (solid[fill] || []).forEach(function (key) { urls[key] = solid.url.replace("{fill}", fill); });
    });
    return urls;
  }

  // Tiles as <img> behind the SVG, in percent of the viewport: the offline basemap's (its pyramid's
  // levels, scaled beyond them like Leaflet's maxNativeZoom; a solid tile as its fill's file), then
  // the raster layer's; failures hidden, a raster one said once
  map.renderTiles = function (view, layer) {
    var w = view.w, h = view.h, keep = {}, self = this, basemap = this.config.offlineBasemap, layers = [];
    if (basemap) {
      if (!this.solidTiles) this.solidTiles = solidTileURLs(basemap);
      layers.push({ url: basemap.url, min: basemap.minZoom, max: basemap.maxZoom, offline: true, solid: this.solidTiles });
    }
    layers.push({ url: layer.url, min: 0, max: layer.maxZoom });
    if (layer.overlay) layers.push({ url: layer.overlay, min: 0, max: layer.maxZoom, overlay: true });
    layers.forEach(function (tiles, layerIndex) {
      var z = Math.max(0, Math.min(Math.max(Math.floor(view.zoom), tiles.min), Math.floor(tiles.max)));
      if (z > view.zoom + 2) return;  // zoomed far out of the pyramid: too many tiny tiles
      var count = Math.pow(2, z), size = TILE * Math.pow(2, view.zoom - z);
      var firstColumn = Math.floor(view.originX / size), lastColumn = Math.ceil((view.originX + w) / size) - 1;
      var firstRow = Math.max(0, Math.floor(view.originY / size)), lastRow = Math.min(count - 1, Math.ceil((view.originY + h) / size) - 1);
      for (var row = firstRow; row <= lastRow; row++) {
        for (var column = firstColumn; column <= lastColumn; column++) {
          var x = ((column % count) + count) % count;
          var tile = z + "/" + x + "/" + row;
          var url = (tiles.solid && tiles.solid[tile]) || tiles.url.replace("{z}", z).replace("{x}", x).replace("{y}", row);
          var key = layerIndex + "|" + column + "|" + row + "|" + url, image = self.tileImages[key];
          if (!image) {
            image = htmlElement("img", "map-tile" + (tiles.overlay ? " map-tile-overlay" : tiles.offline ? " map-tile-basemap" : ""));
            image.alt = "";
            if (tiles.offline) image.setAttribute("data-tile", tile);
            image.style.visibility = "hidden";
            image.onload = function () { this.style.visibility = "visible"; };
            image.onerror = function () {
              this.style.visibility = "hidden";
              if (!tiles.offline && !self.tileFailed) { self.tileFailed = true; self.say(); }
            };
            image.src = url;
            self.tiles.appendChild(image);
            self.tileImages[key] = image;
          }
          var left = column * size - view.originX, top = row * size - view.originY;
          image.style.left = (left / w * 100) + "%";
          image.style.top = (top / h * 100) + "%";
          // basemap tiles overlap by a screen pixel, at any size the map is shown: no hairlines
          var width = (size / w * 100) + "%", height = (size / h * 100) + "%";
          image.style.width = tiles.offline ? "calc(" + width + " + 1px)" : width;
          image.style.height = tiles.offline ? "calc(" + height + " + 1px)" : height;
          keep[key] = true;
        }
      }
    });
    for (var key in this.tileImages) {
      if (!keep[key]) { this.tileImages[key].remove(); delete this.tileImages[key]; }
    }
  };

  map.renderScaleBar = function (view) {
    var bars = scaleBars(metresPerPixel(view, view.lat)), self = this, s = this.textScale || 1;
    var bar = this.svg.querySelector(".scale-bar");
    if (bar) bar.setAttribute("transform", "translate(10," + px(view.h - 34 * s) + ")" + (s > 1 ? " scale(" + px(s) + ")" : ""));
    var credits = this.svg.querySelectorAll(".attribution, .basemap-credit");
    credits.forEach(function (text, i) {
      text.setAttribute("font-size", px(10 * s));
      text.setAttribute("y", px(view.h - (credits.length - i === 2 ? 16 : 4) * s));
    });
    ["scale-metric", "scale-imperial"].forEach(function (name, i) {
      var group = self.svg.querySelector("." + name);
      if (!group) return;
      var length = bars[i].metres / metresPerPixel(view, view.lat) / s;  // inside the scaled group
      var d = i === 0 ? "M0,4V10H" + px(length) + "V4" : "M0,20V14H" + px(length) + "V20";
      group.setAttribute("data-metres", String(+bars[i].metres.toFixed(4)));
      group.querySelectorAll("path").forEach(function (path) { path.setAttribute("d", d); });
      var text = group.querySelector("text");
      text.setAttribute("x", px(length + 4));
      text.textContent = bars[i].label;
    });
  };

  // "You are here" with its accuracy circle
  map.renderUserLocation = function (view) {
    if (!this.position) { if (this.userMarker) { this.userMarker.remove(); this.userMarker = null; } return; }
    if (!this.userMarker) {
      this.userMarker = svgElement("g", { "class": "user-location" });
      this.userMarker.appendChild(svgElement("title", {})).textContent = "You are here";
      this.userMarker.appendChild(svgElement("circle", { "class": "user-accuracy" }));
      this.userMarker.appendChild(svgElement("circle", { "class": "user-dot", r: "7" }));
      var pins = this.svg.querySelector(".pins");
      this.svg.insertBefore(this.userMarker, pins ? pins.nextSibling : null);
    }
    var p = point(view, this.position.latitude, this.position.longitude);
    this.userMarker.setAttribute("transform", "translate(" + px(p.x) + "," + px(p.y) + ")");
    this.userMarker.querySelector(".user-accuracy").setAttribute("r", px(this.position.accuracy / metresPerPixel(view, this.position.latitude)));
  };

  map.zoomBy = function (levels) {
    var layer = this.layer(), view = this.view, target = Math.min(Math.max(view.zoom + levels, 0), layer.maxZoom);
    if (Math.abs(target - view.zoom) < 1e-9) return;
    var factor = Math.pow(2, view.zoom - target);
    var r = copyRegion(this.region);
    r.span.latitudeDelta = Math.min(r.span.latitudeDelta * factor, 180);
    r.span.longitudeDelta = Math.min(r.span.longitudeDelta * factor, 360);
    this.setRegion(r);
  };

  // Pans by (dx, dy) px keeping the zoom (the latitude span covers the same pixels)
  map.panBy = function (dx, dy) {
    var view = this.view, z = view.zoom, r = copyRegion(this.region);
    r.center.longitude = wrapLongitude(longitudeAt(projectX(view.lon, z) + dx, z));
    if (dy) {
      var lat = latitudeAt(Math.min(Math.max(projectY(view.lat, z) + dy, 0), worldSize(z)), z);
      var y0 = projectY(lat, 0), h = view.halfHeight0;
      r.center.latitude = lat;
      r.span.latitudeDelta = Math.min(2 * (latitudeAt(y0 - h, 0) - lat), 2 * (lat - latitudeAt(y0 + h, 0)), 180);
    }
    this.setRegion(r);
  };

  map.bindGestures = function () {
    var self = this, canvas = this.canvas, pointers = {}, last = null, pinch = null;
    canvas.setAttribute("tabindex", "0");
    canvas.setAttribute("role", "group");
    canvas.setAttribute("aria-label", "Map. Arrow keys pan, plus and minus zoom.");
    function scale() { return self.config.viewport.width / canvas.getBoundingClientRect().width; }
    function distance() {
      var p = Object.keys(pointers).map(function (k) { return pointers[k]; });
      return Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y);
    }
    canvas.addEventListener("pointerdown", function (e) {
      if (e.target.closest && e.target.closest(".map-callout")) return;
      pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      self.dragged = false;
      last = { x: e.clientX, y: e.clientY };
      if (Object.keys(pointers).length === 2) pinch = distance();
    });
    canvas.addEventListener("pointermove", function (e) {
      if (!pointers[e.pointerId]) return;
      pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      var count = Object.keys(pointers).length;
      if (count === 2 && pinch) {
        var now = distance();
        if (Math.abs(now - pinch) > 4) { self.zoomBy(Math.log2(now / pinch)); pinch = now; self.dragged = true; }
      } else if (count === 1 && last) {
        var dx = e.clientX - last.x, dy = e.clientY - last.y;
        if (self.dragged || Math.hypot(dx, dy) > 3) {
          if (!self.dragged && canvas.setPointerCapture) canvas.setPointerCapture(e.pointerId);
          self.dragged = true;
          var s = scale();
          self.panBy(-dx * s, -dy * s);
          last = { x: e.clientX, y: e.clientY };
        }
      }
    });
    function release(e) {
      delete pointers[e.pointerId];
      if (Object.keys(pointers).length < 2) pinch = null;
      if (!Object.keys(pointers).length) last = null;
    }
    canvas.addEventListener("pointerup", release);
    canvas.addEventListener("pointercancel", release);
    canvas.addEventListener("wheel", function (e) {
      e.preventDefault();
      self.zoomBy(Math.max(-1, Math.min(1, -e.deltaY / 200)));
    }, { passive: false });
    canvas.addEventListener("keydown", function (e) {
      if (e.target !== canvas) return;
      var step = 80, handled = true;
      switch (e.key) {
        case "ArrowLeft": self.panBy(-step, 0); break;
        case "ArrowRight": self.panBy(step, 0); break;
        case "ArrowUp": self.panBy(0, -step); break;
        case "ArrowDown": self.panBy(0, step); break;
        case "+": case "=": self.zoomBy(1); break;
        case "-": case "_": self.zoomBy(-1); break;
        default: handled = false;
      }
      if (handled) e.preventDefault();
    });
    document.addEventListener("keydown", function (e) { if (e.key === "Escape") self.closeCallout(); });
    canvas.addEventListener("click", function (e) {
      if (!self.dragged && !(e.target.closest && e.target.closest(".map-callout"))) self.closeCallout();
    });
    window.addEventListener("resize", function () { self.render(); });
  };

  map.setMapType = function (type, remember) {
    if (!this.config.tileLayers[type]) return;
    this.mapType = type;
    if (remember) mapTypeStore(type);
    this.element.querySelectorAll("[data-map-type]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-map-type") === type));
    });
    var attribution = this.svg.querySelector(".attribution");
    if (attribution) attribution.textContent = this.layer().attribution;
    this.render();
  };

  // A pin activated: a photo's opens the gallery's lightbox at that photo, any other its callout
  map.activate = function (id, fromKeyboard) {
    var photo = this.annotations[id].kind === "photo" && document.querySelector('.gallery [data-annotation-id="' + id + '"]');
    if (!photo) return this.openCallout(id, false, fromKeyboard);
    this.closeCallout();
    window.roadtrip.gallery.open(photo, this.pins[id]);
  };

  // The callout: title, subtitle, link (MapKit's detail disclosure)
  map.openCallout = function (id, center, fromKeyboard) {
    var a = this.annotations[id];
    if (!a) return;
    if (center) {
      var r = copyRegion(this.region);
      r.center = { latitude: a.latitude, longitude: a.longitude };
      this.setRegion(r);
    }
    this.calloutId = id;
    var c = this.callout, self = this;
    c.textContent = "";
    c.appendChild(htmlElement("strong", "", a.title));
    if (a.subtitle) c.appendChild(htmlElement("span", "", a.subtitle));
    if (a.url) {
      var link = c.appendChild(htmlElement("a", "", "Details"));
      link.href = a.url;
      link.setAttribute("aria-label", "Details about " + a.title);
    }
    var close = c.appendChild(htmlElement("button", "map-callout-close", "\u00d7"));
    close.type = "button";
    close.setAttribute("aria-label", "Close " + a.title);
    close.addEventListener("click", function () { self.closeCallout(); });
    c.setAttribute("data-annotation-id", id);
    c.setAttribute("role", "group");
    c.setAttribute("aria-label", a.title);
    c.hidden = false;
    for (var other in this.pins) this.pins[other].setAttribute("aria-expanded", String(other === id));
    this.placeCallout();
    if (center) { this.element.scrollIntoView({ block: "nearest" }); this.pins[id].focus({ preventScroll: true }); }
    if (fromKeyboard) (c.querySelector("a") || close).focus();
  };

  // Above the pin where it is drawn (spread or not), below it near the top edge, shifted to stay inside
  map.placeCallout = function () {
    var a = this.annotations[this.calloutId], p = this.drawn[a.id] || point(this.view, a.latitude, a.longitude), c = this.callout;
    c.style.left = (p.x / this.view.w * 100) + "%";
    c.style.top = (p.y / this.view.h * 100) + "%";
    c.style.marginLeft = "0px";
    c.classList.remove("below");
    var box = c.getBoundingClientRect(), map = this.canvas.getBoundingClientRect();
    if (box.top < map.top) { c.classList.add("below"); box = c.getBoundingClientRect(); }
    var shift = Math.max(map.left + 4 - box.left, 0) || Math.min(map.right - 4 - box.right, 0);
    c.style.marginLeft = shift + "px";
  };

  map.closeCallout = function () {
    if (!this.calloutId) return;
    var pin = this.pins[this.calloutId];
    this.callout.hidden = true;
    this.calloutId = null;
    for (var id in this.pins) this.pins[id].setAttribute("aria-expanded", "false");
    if (pin && this.element.contains(document.activeElement)) pin.focus({ preventScroll: true });
  };

  // Locate ↔ Destination: MakeWithDistance(position, d, d), d = max(4 × accuracy, 500) m
  map.locateOrReturn = function () {
    var self = this, button = this.locateButton;
    if (this.showingPosition) {
      this.showingPosition = false;
      this.position = null;
      button.textContent = "Locate";
      this.say("");
      this.setRegion(copyRegion(this.initialRegion));
      return;
    }
    if (this.pending) return;
    if (!navigator.geolocation) { this.say("Your browser cannot tell this page where you are."); return; }
    this.pending = true;
    button.textContent = "Locating\u2026";
    button.setAttribute("aria-busy", "true");
    this.say("Finding your position\u2026");
    function settle(text) { self.pending = false; button.removeAttribute("aria-busy"); button.textContent = text; }
    navigator.geolocation.getCurrentPosition(function (position) {
      settle("Destination");
      var c = position.coords, accuracy = c.accuracy > 0 ? c.accuracy : 0, d = Math.max(4 * accuracy, 500);
      self.position = { latitude: c.latitude, longitude: c.longitude, accuracy: accuracy };
      self.element.dispatchEvent(new CustomEvent("roadtrip:located", { bubbles: true, detail: self.position }));
      self.showingPosition = true;
      self.say("Showing your position (\u00b1" + Math.round(accuracy) + " m).");
      self.setRegion(regionWithDistance(c.latitude, c.longitude, d, d));
    }, function (error) {
      settle("Locate");
      var reason = error.code === 1 ? "permission to use your location was denied"
        : error.code === 3 ? "your position did not arrive in time" : "your position is not available right now";
      self.say("The map stays where it was: " + reason + ".");
    }, { enableHighAccuracy: true, timeout: 10000, maximumAge: 0 });
  };

  // Web Share API: the build's hidden Share button, shown where the browser can share
  function showShareButtons() {
    if (navigator.share) document.querySelectorAll("[data-share-title]").forEach(function (b) {
      var d = b.dataset;
      b.hidden = false;
      b.onclick = function () { navigator.share({ title: d.shareTitle, text: d.shareText, url: d.shareUrl || location.href }).catch(function () {}); };
    });
  }

  // Trip pages: the speed and elevation chart linked to the map (TrackCursorJSON). The moment under
  // the pointer, or picked with the arrow keys, shows on the map with its values; a dragged (or
  // Shift+arrow) stretch shows its statistics: differences of the build's running totals, worded as
  // the page's statistics are (TripStatisticsText)
  var MILE = 1609.344;
  function fixed(v, digits) { var t = v.toFixed(digits).split("."); t[0] = t[0].replace(/\B(?=(\d{3})+$)/g, ","); return t.join("."); }
  function distanceText(m) { var d = m < 10000 ? 2 : 1; return fixed(m / 1000, d) + " km (" + fixed(m / MILE, d) + " mi)"; }
  function durationText(s) {
    var t = Math.round(Math.max(0, s));
    function two(v) { return (v < 10 ? "0" : "") + v; }
    return Math.floor(t / 3600) + ":" + two(Math.floor(t / 60) % 60) + ":" + two(t % 60);
  }
  function speedText(v) { return (v * 3.6).toFixed(1) + " km/h (" + (v * 3600 / MILE).toFixed(1) + " mph)"; }
  function metresText(v) { return v.toFixed(0) + " m"; }

  function TrackCursor(figure, map) {
    var self = this, svg = figure.querySelector("svg"), d = svg.dataset, top = +d.plotTop, bottom = +d.plotBottom;
    this.data = JSON.parse(figure.querySelector(".roadtrip-track-profile").textContent);
    this.last = this.data.time.length - 1;
    this.map = map;
    this.svg = svg;
    this.readout = figure.querySelector(".chart-readout");
    this.axis = [+d.timeStart, +d.timeEnd, +d.plotLeft, +d.plotRight];
    this.band = svg.appendChild(svgElement("rect", { "class": "chart-selection", y: top, height: bottom - top, width: 0 }));
    this.line = svg.appendChild(svgElement("path", { "class": "chart-cursor", d: "M0," + top + "V" + bottom }));
    var tracks = map.trackGroup || map.svg.lastChild;
    this.stretch = svgElement("path", { "class": "track-selection" });
    this.marker = svgElement("circle", { "class": "track-cursor", r: 7 });
    tracks.parentNode.insertBefore(this.marker, tracks.nextSibling);
    tracks.parentNode.insertBefore(this.stretch, this.marker);
    svg.setAttribute("tabindex", "0");
    svg.setAttribute("role", "slider");
    svg.setAttribute("aria-label", "Speed and elevation over the trip: arrow keys move along it, Shift with them selects a stretch, Escape clears");
    svg.setAttribute("aria-valuemin", "0");
    svg.setAttribute("aria-valuemax", String(this.last));
    this.index = null;  // the cursor's sample
    this.range = null;  // the selected stretch: [first sample, last sample], the anchor first
    this.show();
    map.onRender = function () { self.show(); };
    function indexAt(event) {
      var r = svg.getBoundingClientRect(), a = self.axis, x = (event.clientX - r.left) * svg.viewBox.baseVal.width / r.width;
      return self.nearest(a[0] + (x - a[2]) / (a[3] - a[2]) * (a[1] - a[0]));
    }
    var down = null;
    svg.addEventListener("pointerdown", function (e) {
      if (e.button) return;
      down = { x: e.clientX, index: indexAt(e) };
      svg.setPointerCapture(e.pointerId);
      self.set(down.index, null);
    });
    svg.addEventListener("pointermove", function (e) {
      var i = indexAt(e);
      if (down && Math.abs(e.clientX - down.x) > 3) self.set(i, [down.index, i]);
      else if (!down && e.pointerType === "mouse") self.set(i, self.range);
    });
    svg.addEventListener("pointerup", function () { down = null; });
    svg.addEventListener("pointercancel", function () { down = null; });
    svg.addEventListener("keydown", function (e) {
      var i = self.index === null ? 0 : self.index, step = Math.max(1, Math.round(self.last / 10));
      var next = { ArrowLeft: i - 1, ArrowDown: i - 1, ArrowRight: i + 1, ArrowUp: i + 1, PageDown: i - step, PageUp: i + step, Home: 0, End: self.last }[e.key];
      if (e.key === "Escape") { self.set(null, null); return; }
      if (next === undefined) return;
      e.preventDefault();
      next = Math.min(Math.max(next, 0), self.last);
      self.set(next, e.shiftKey ? [self.range ? self.range[0] : i, next] : null);
    });
  }

  // the sample whose time is nearest `t` (seconds since the start)
  TrackCursor.prototype.nearest = function (t) {
    var times = this.data.time, low = 0, high = this.last;
    while (low < high) { var mid = (low + high) >> 1; if (times[mid] < t) low = mid + 1; else high = mid; }
    return low > 0 && t - times[low - 1] < times[low] - t ? low - 1 : low;
  };

  // the cursor at sample `index` (null: none), and the stretch `range` (null: none)
  TrackCursor.prototype.set = function (index, range) {
    this.index = index;
    this.range = index === null || !range || range[0] === range[1] ? null : range;
    this.show();
  };

  TrackCursor.prototype.x = function (i) {
    var a = this.axis;
    return a[2] + (this.data.time[i] - a[0]) / (a[1] - a[0]) * (a[3] - a[2]);
  };

  TrackCursor.prototype.show = function () {
    var data = this.data, i = this.index, view = this.map.view, text = "";
    this.line.setAttribute("visibility", i === null ? "hidden" : "visible");
    this.marker.setAttribute("visibility", i === null || !view ? "hidden" : "visible");
    this.band.setAttribute("visibility", this.range ? "visible" : "hidden");
    this.stretch.setAttribute("d", "");
    if (i === null) {
      this.readout.hidden = true;
      this.svg.removeAttribute("aria-valuenow");
      return;
    }
    this.line.setAttribute("transform", "translate(" + px(this.x(i)) + ",0)");
    if (view) {
      var p = point(view, data.latitude[i], data.longitude[i]);
      this.marker.setAttribute("cx", px(p.x));
      this.marker.setAttribute("cy", px(p.y));
    }
    text = durationText(data.time[i]) + " from the start: " + distanceText(data.distance[i])
      + (data.speed[i] === null ? "" : ", " + speedText(data.speed[i]))
      + (data.altitude[i] === null ? "" : ", " + metresText(data.altitude[i]));
    if (this.range) {
      var a = Math.min(this.range[0], this.range[1]), b = Math.max(this.range[0], this.range[1]), path = "";
      this.band.setAttribute("x", px(this.x(a)));
      this.band.setAttribute("width", px(this.x(b) - this.x(a)));
      for (var k = a; k <= b && view; k++) {
        var q = point(view, data.latitude[k], data.longitude[k]);
        path += (k === a || data.speed[k] === null ? "M" : "L") + px(q.x) + "," + px(q.y);
      }
      this.stretch.setAttribute("d", path);
      var moving = data.movingTime[b] - data.movingTime[a], average = moving > 0 ? (data.movingDistance[b] - data.movingDistance[a]) / moving : null;
      var maximum = average;
      for (k = a + 1; k <= b; k++) if (data.maximumSpeed[k] !== null && !(data.maximumSpeed[k] <= maximum)) maximum = data.maximumSpeed[k];
      var rows = [["Distance", distanceText(data.distance[b] - data.distance[a])], ["Duration", durationText(data.time[b] - data.time[a])],
        ["Moving time", durationText(moving)]];
      if (average !== null) rows.push(["Average moving speed", speedText(average)]);
      if (maximum !== null) rows.push(["Maximum speed", speedText(maximum)]);
      if (data.altitude.some(function (v) { return v !== null; }))
        rows.push(["Elevation gain / loss", metresText(data.elevationGain[b] - data.elevationGain[a]) + " / " + metresText(data.elevationLoss[b] - data.elevationLoss[a])]);
      text += ". Selected " + durationText(data.time[a]) + "\u2013" + durationText(data.time[b]) + ": "
        + rows.map(function (r) { return r[0] + " " + r[1]; }).join(" \u00b7 ");
    }
    this.readout.hidden = false;
    this.readout.textContent = text;
    this.svg.setAttribute("aria-valuenow", String(i));
    this.svg.setAttribute("aria-valuetext", text);
  };

  // The photo gallery's lightbox: a modal <dialog> (showModal keeps focus inside it and Escape
  // closes it), made on first use; ←/→, the buttons and a swipe step through the photos
  function Gallery() {
    var self = this;
    document.querySelectorAll(".gallery").forEach(function (list) {
      list.addEventListener("click", function (e) {
        var link = e.target.closest(".gallery-link");
        if (!link || e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;  // a new tab: the web copy
        e.preventDefault();
        self.open(link.closest("figure"), link);
      });
    });
  }
  var gallery = Gallery.prototype;

  gallery.build = function () {
    var self = this, d = htmlElement("dialog", "lightbox"), start = null;
    d.setAttribute("aria-label", "Photos");
    d.innerHTML = '<figure><img alt="" draggable="false"><figcaption aria-live="polite"></figcaption></figure>' +
      '<span class="lightbox-counter"></span><button type="button" class="lightbox-previous" aria-label="Previous photo">\u2039</button>' +
      '<button type="button" class="lightbox-next" aria-label="Next photo">\u203a</button><button type="button" class="lightbox-close" aria-label="Close">\u00d7</button>';
    var figure = d.firstChild;
    this.image = figure.firstChild;
    this.caption = figure.lastChild;
    this.counter = d.querySelector(".lightbox-counter");
    d.querySelector(".lightbox-previous").onclick = function () { self.show(self.index - 1); };
    d.querySelector(".lightbox-next").onclick = function () { self.show(self.index + 1); };
    d.querySelector(".lightbox-close").onclick = function () { d.close(); };
    var buttons = d.querySelectorAll("button");
    d.addEventListener("keydown", function (e) {
      var step = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
      var shown = [].filter.call(buttons, function (b) { return !b.hidden; }), first = shown[0], last = shown[shown.length - 1];
      if (step) { e.preventDefault(); self.show(self.index + step); }
      // Tab wraps round the buttons (WAI-ARIA APG's modal dialog) instead of leaving for the browser's own
      if (e.key === "Tab" && document.activeElement === (e.shiftKey ? first : last)) { e.preventDefault(); (e.shiftKey ? last : first).focus(); }
    });
    // focus back to the opener, unless it has moved on already (the event is queued: the dialog
    // restores focus itself, and a key pressed meanwhile must not go to the opener instead)
    d.addEventListener("close", function () {
      var a = document.activeElement;
      if (self.opener && (!a || a === document.body || d.contains(a))) self.opener.focus({ preventScroll: true });
    });
    // a click on the dark around the photo closes; a swipe (pointer events: touch, pen or mouse) steps
    d.addEventListener("click", function (e) { if ((e.target === d || e.target === figure) && !self.swiped) d.close(); });
    figure.addEventListener("pointerdown", function (e) { start = { x: e.clientX, y: e.clientY }; self.swiped = false; });
    figure.addEventListener("pointercancel", function () { start = null; });
    figure.addEventListener("pointerup", function (e) {
      var dx = start ? e.clientX - start.x : 0, dy = start ? e.clientY - start.y : 0;
      start = null;
      if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) { self.swiped = true; self.show(self.index + (dx < 0 ? 1 : -1)); }
    });
    document.body.appendChild(d);
    this.dialog = d;
  };

  // Shows the photo of the gallery's figure at index (wrapping round): its web copy (the srcset's
  // best fit), caption, time and place, and "3 of 12"
  gallery.show = function (index) {
    var figures = this.figures, n = figures.length, figure = figures[(index % n + n) % n];
    var thumbnail = figure.querySelector("img"), link = figure.querySelector("a"), image = this.image;
    this.index = figures.indexOf(figure);
    image.src = link.href;
    image.width = link.dataset.width;
    image.height = link.dataset.height;
    image.sizes = "100vw";
    image.srcset = thumbnail.getAttribute("srcset");
    image.alt = thumbnail.alt;
    this.caption.textContent = "";
    figure.querySelector("figcaption").childNodes.forEach(function (node) { this.caption.appendChild(node.cloneNode(true)); }, this);
    this.counter.textContent = (this.index + 1) + " of " + n;
  };

  // Opens the lightbox at a gallery figure; focus returns to opener (its link, or a map pin) on close
  gallery.open = function (figure, opener) {
    if (!this.dialog) this.build();
    this.figures = [].slice.call(document.querySelectorAll(".gallery figure"));
    this.opener = opener;
    this.show(this.figures.indexOf(figure));
    // one photo: nothing to step to
    [".lightbox-previous", ".lightbox-next", ".lightbox-counter"].forEach(function (s) { this.dialog.querySelector(s).hidden = this.figures.length < 2; }, this);
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.querySelector(".lightbox-close").focus();
  };

  function start() {
    var started = performance.now();
    showShareButtons();
    window.roadtrip = { maps: [], gallery: new Gallery() };
    document.querySelectorAll("[data-roadtrip-map]").forEach(function (element) {
      try { window.roadtrip.maps.push(new RoadTripMap(element)); } catch (e) { console.warn(e); }
    });
    document.querySelectorAll("figure[data-track-profile]").forEach(function (figure) {
      var article = figure.closest("article"), element = article && article.querySelector("[data-roadtrip-map]");
      var linked = window.roadtrip.maps.filter(function (m) { return m.element === element; })[0];
      try { if (linked) linked.trackCursor = new TrackCursor(figure, linked); } catch (e) { console.warn(e); }
    });
    window.roadtrip.startupMilliseconds = performance.now() - started;
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
