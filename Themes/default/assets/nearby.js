// roadtrip: "You are near <locality>" after Locate (issue 6). Loaded only when site config says
// share.nearbyPlaces: true. places.json is [[name, countryCode, latitude, longitude], ...], written by
// the build from the GeoNames gazetteer; nearest by great-circle distance on a sphere (enough to name
// a town; the build itself uses WGS 84 geodesics). The extract is fetched, so this works over http
// (roadtrip serve, a web server), not from a page opened from disk (file://).
(function () {
  "use strict";
  var script = document.currentScript, places = null;
  function load() {
    if (!places) places = fetch(script.getAttribute("data-places")).then(function (r) { return r.json(); });
    return places;
  }
  function nearest(list, latitude, longitude) {
    var rad = Math.PI / 180, best = null, bestCos = -2;
    var sinA = Math.sin(latitude * rad), cosA = Math.cos(latitude * rad);
    for (var i = 0; i < list.length; i++) {
      var p = list[i], cos = sinA * Math.sin(p[2] * rad) + cosA * Math.cos(p[2] * rad) * Math.cos((p[3] - longitude) * rad);
      if (cos > bestCos) { bestCos = cos; best = p; }
    }
    return best && { name: best[0], country: best[1], km: 6371.0088 * Math.acos(Math.min(1, bestCos)) };
  }
  document.addEventListener("roadtrip:located", function (event) {
    var detail = event.detail, status = event.target.querySelector(".map-status");
    load().then(function (list) {
      var place = nearest(list, detail.latitude, detail.longitude);
      if (!place || !status) return;
      var text = place.km <= 50 ? "You are near " + place.name + " (" + place.country + ")."
        : "You are " + Math.round(place.km).toLocaleString("en-US") + " km from " + place.name + " (" + place.country + "), the nearest town listed.";
      var line = status.querySelector(".nearby") || status.appendChild(document.createElement("span"));
      line.className = "nearby";
      line.textContent = " " + text;
    }).catch(function () {});
  });
})();
