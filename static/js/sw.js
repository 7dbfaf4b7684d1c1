/* referee's service worker: keeps the static files and shows the offline page when a page cannot load.
   Game pages are never kept: the scores always come from the server. Served at /sw.js?v=VERSION&lang=LANGUAGE:
   the offline page it keeps is in the language of the page that registered it (the phone's). */
"use strict";

var PARAMS = new URL(self.location.href).searchParams;
var VERSION = PARAMS.get("v") || "0";
var LANG = PARAMS.get("lang") ? "?lang=" + encodeURIComponent(PARAMS.get("lang")) : "";
var CACHE = "referee-" + VERSION + LANG.replace("?lang=", "-");
var OFFLINE = "/offline" + LANG;

self.addEventListener("install", function (event) {
  event.waitUntil(
    fetch("/offline/precache.json" + LANG, { cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (list) {
        return caches.open(CACHE).then(function (cache) { return cache.addAll(list.urls); });
      })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (keys) {
        return Promise.all(keys.map(function (key) {
          return key.indexOf("referee-") === 0 && key !== CACHE ? caches.delete(key) : null;
        }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    /* Kept copies only (fingerprinted names never change content); anything else goes to the network as usual. */
    event.respondWith(
      caches.open(CACHE).then(function (cache) {
        return cache.match(request).then(function (kept) { return kept || fetch(request); });
      })
    );
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(function () {
        return caches.open(CACHE).then(function (cache) { return cache.match(OFFLINE); }).then(function (page) {
          return page || Response.error();
        });
      })
    );
  }
});
