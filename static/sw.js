// Scorekeeper's service worker: the app's shell works offline; nothing else is kept.
// Never a POST, never an account's page: those always go to the server.
"use strict";
var SHELL = "scorekeeper-shell-2";
var SHELL_FILES = [
  "/offline",
  "/static/app.css",
  "/static/app.js",
  "/static/favicon.svg",
  "/static/icons/icon-192.png",
  "/static/icons/icon-512.png"
  /* and each game's own script, named here by the server */
];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL).then(function (cache) { return cache.addAll(SHELL_FILES); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("scorekeeper-shell-") === 0 && name !== SHELL;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // a POST always goes to the network, untouched
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    // The shell: from the cache when there, refreshed in the background.
    event.respondWith(
      caches.open(SHELL).then(function (cache) {
        return cache.match(request).then(function (cached) {
          var fresh = fetch(request).then(function (response) {
            if (response.ok) cache.put(request, response.clone());
            return response;
          }).catch(function () { return cached; });
          return cached || fresh;
        });
      })
    );
    return;
  }
  if (request.mode === "navigate") {
    // Pages: always the network; the offline page when there is none.
    event.respondWith(fetch(request).catch(offlinePage));
  }
});

// The offline page kept in this shell; failing that, any copy kept under another name
// (a shell a page refreshed while this worker took over).
function offlinePage() {
  var any = { ignoreVary: true };
  return caches.open(SHELL).then(function (cache) { return cache.match("/offline", any); })
    .then(function (kept) { return kept || caches.match("/offline", any); })
    .then(function (kept) { return kept || Response.error(); });
}
