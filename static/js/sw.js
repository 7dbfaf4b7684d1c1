/* referee's service worker: keeps the static files and shows the offline page when a page cannot load.
   Scores always come from the server: the one game page kept is the players' viewer (/v/<token>), as it was last
   loaded, shown only when the network fails; its board.js then shows the last board this phone was shown and
   says it is not live (only the server's live stream can say it is). Served at /sw.js?v=VERSION&lang=LANGUAGE:
   the offline page it keeps is in the language of the page that registered it (the phone's). */
"use strict";

var PARAMS = new URL(self.location.href).searchParams;
var VERSION = PARAMS.get("v") || "0";
var LANG = PARAMS.get("lang") ? "?lang=" + encodeURIComponent(PARAMS.get("lang")) : "";
var CACHE = "referee-" + VERSION + LANG.replace("?lang=", "-");
var OFFLINE = "/offline" + LANG;
/* The viewer pages, kept across versions of the worker (a new release must not blank a table's last board). */
var VIEWERS = "viewers";
var VIEWERS_KEPT = 20;

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

function isViewer(url) {
  return url.origin === self.location.origin && /^\/v\/[^/]+$/.test(url.pathname);
}

/* Keep a viewer page (a full answer only), the most recent VIEWERS_KEPT of them. */
function keepViewer(request, response) {
  if (response.status !== 200 || response.type !== "basic") return Promise.resolve();
  return caches.open(VIEWERS).then(function (cache) {
    return cache.delete(request, { ignoreVary: true })
      .then(function () { return cache.put(request, response); })
      .then(function () { return cache.keys(); })
      .then(function (keys) {
        return Promise.all(keys.slice(0, Math.max(0, keys.length - VIEWERS_KEPT)).map(function (old) {
          return cache.delete(old);
        }));
      });
  });
}

function keptViewer(request) {
  return caches.open(VIEWERS).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (page) {
      return page || cache.match(request, { ignoreVary: true, ignoreSearch: true });
    });
  });
}

function offlinePage() {
  return caches.open(CACHE).then(function (cache) { return cache.match(OFFLINE); }).then(function (page) {
    return page || Response.error();
  });
}

/* The viewer asks, once the worker runs, to keep its page and its files (loaded before the worker was there). */
self.addEventListener("message", function (event) {
  var files = event.data && event.data.keep;
  if (!Array.isArray(files)) return;
  event.waitUntil(Promise.all(files.slice(0, 20).map(function (file) {
    var url;
    try { url = new URL(String(file), self.location.href); } catch (e) { return null; }
    if (url.origin !== self.location.origin) return null;
    if (isViewer(url)) {
      var request = new Request(url.href, { credentials: "same-origin" });
      return fetch(request).then(function (response) { return keepViewer(request, response); }).catch(function () {});
    }
    if (url.pathname.indexOf("/static/") === 0) {
      return caches.open(CACHE).then(function (cache) {
        return cache.match(url.href).then(function (kept) { return kept || cache.add(url.href); });
      }).catch(function () {});
    }
    return null;
  })));
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
  if (request.mode === "navigate" && isViewer(url)) {
    /* The network first, always; the page as last loaded only when the network fails. */
    event.respondWith(
      fetch(request).then(function (response) {
        event.waitUntil(keepViewer(request, response.clone()));
        return response;
      }).catch(function () {
        return keptViewer(request).then(function (page) { return page || offlinePage(); });
      })
    );
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(offlinePage));
  }
});
