/* The apps' service worker (apps/sw.js, written by tools/build_apps.py): after the
   first visit every app opens offline. Installing it stores every file an app needs
   (the pages, Pyodide, the wheels, the widget manager) in a cache named for this
   build; requests are answered from that cache first, and anything else the apps
   ask for is added to it. A new build is a new sw.js: it stores the new files, and
   the caches of older builds are removed once it takes over. */
"use strict";
var VERSION = "__VERSION__";
var CACHE = "block-dominoes-apps-" + VERSION;
var FILES = __FILES__;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.addAll(FILES);
    }).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("block-dominoes-apps-") === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () {
      return self.clients.claim();
    })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  // An app's page is the same file in every language (?lang=ar): match it without its query.
  var page = request.mode === "navigate";
  event.respondWith(
    caches.open(CACHE).then(function (cache) {
      return cache.match(request, { ignoreSearch: page }).then(function (found) {
        if (found) return found;
        return fetch(request).then(function (response) {
          if (response.ok && response.type === "basic") cache.put(request, response.clone());
          return response;
        });
      });
    })
  );
});
