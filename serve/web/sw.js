// The service worker of yams serve: it keeps the page's own files (the page, its script,
// its style, its icons) so that the page opens without the network; the server still
// computes, so a game needs it. Every file is asked of the server first, so that a new
// version shows at once; the copy kept answers only when the server does not. The API
// is never kept. Every request is the page's own origin's, with its cookies.
"use strict";
var CACHE = "yams-page-v1";
var FILES = ["/", "/static/app.js", "/static/i18n.js", "/static/style.css", "/static/manifest.webmanifest",
  "/static/icon.svg", "/static/icon-192.png", "/static/icon-512.png"];

self.addEventListener("install", function (ev) {
  ev.waitUntil(caches.open(CACHE).then(function (c) {
    return Promise.all(FILES.map(function (f) {
      return fetch(f, {credentials: "same-origin"}).then(function (r) { if (r.ok) return c.put(f, r); }, function () { /* kept later */ });
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (ev) {
  ev.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== CACHE; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

// kept returns the copy of a request's file, if it is one of the page's own: the page is
// one file whatever its ?lang=.
function kept(url) {
  if (url.origin !== self.location.origin) return null;
  if (url.pathname === "/") return "/";
  if (FILES.indexOf(url.pathname) >= 0) return url.pathname;
  return null;
}

self.addEventListener("fetch", function (ev) {
  var req = ev.request;
  if (req.method !== "GET") return;
  var url = new URL(req.url);
  var key = kept(url);
  if (!key) return; // the API, the reports: the network's alone
  ev.respondWith(fetch(req).then(function (r) {
    if (r.ok) {
      var copy = r.clone();
      caches.open(CACHE).then(function (c) { c.put(key, copy); });
    }
    return r;
  }, function () {
    return caches.match(key).then(function (r) { return r || Response.error(); });
  }));
});
