/* The viewer's live updates: server-sent events from /v/<token>/live swap the board in; "Live" only when true.
   Every (re)connected stream first says the game's latest seq ("latest"), after the board if this page missed a
   change, and says it again at every heartbeat. The page shows "Live" only while the seq it holds is the one the
   server last said, and for no longer than a heartbeat and a margin: a stream that confirms nothing within a few
   seconds, or falls silent, is not live, and the page says so (and what to do) while it keeps trying. The last
   board shown is kept on the phone, so that a reload without network shows it (the service worker, registered
   here with the address the stream gives, keeps the page), marked as not live. The markup read here is what
   every family's viewer page has: #board (data-seq, data-live-url) and #live-status (data-<state> words).
   Without EventSource the page's own refresh stays in charge. */
(function () {
  "use strict";
  var board = document.getElementById("board");
  var status = document.getElementById("live-status");
  if (!board || !status || !window.EventSource) return;

  var url = board.getAttribute("data-live-url");
  var kept = "referee-board:" + location.pathname + location.search; /* this page's last board, on this phone */
  var CONFIRM_MS = 5000; /* a stream that has not said the latest seq by then is not live */
  var source = null;
  var timer = null;
  var watchdog = null;
  var delay = 2000;
  var silence = 30000; /* the longest a live stream may say nothing: its heartbeat's period and a margin */
  var registered = false;
  var leaving = false; /* the page is being left: its aborted stream is no failure */
  /* A family's page written before a state had its words says the nearest thing it has. */
  var NEAREST = { connecting: "reconnecting", stale: "offline" };

  function show(state) {
    status.hidden = false;
    status.setAttribute("data-state", state);
    status.textContent = status.getAttribute("data-" + state) ||
      (NEAREST[state] ? status.getAttribute("data-" + NEAREST[state]) : "") || "";
  }

  function seq() {
    return parseInt(board.getAttribute("data-seq"), 10) || 0;
  }

  /* Replace the board, keeping what the reader was doing: the sideways scroll of its tables, and focus. */
  function swap(html) {
    var scrolled = [];
    var boxes = board.querySelectorAll("[role=region]");
    for (var i = 0; i < boxes.length; i++) scrolled.push(boxes[i].scrollLeft);
    var focused = board.contains(document.activeElement) ? document.activeElement.getAttribute("aria-labelledby") : null;
    board.innerHTML = html;
    boxes = board.querySelectorAll("[role=region]");
    for (var j = 0; j < boxes.length && j < scrolled.length; j++) boxes[j].scrollLeft = scrolled[j];
    if (focused) {
      var again = board.querySelector('[aria-labelledby="' + focused + '"]');
      if (again) again.focus({ preventScroll: true });
    }
  }

  function keep(number, html) {
    try {
      localStorage.setItem(kept, JSON.stringify({ seq: number, html: html }));
    } catch (e) { /* no storage (private mode, full): a reload offline shows the page as it was loaded */ }
  }

  /* A board this phone was shown after the page was loaded (the page may come from the worker, offline). */
  function restore() {
    var last = null;
    try {
      last = JSON.parse(localStorage.getItem(kept) || "null");
    } catch (e) { last = null; }
    if (last && typeof last.seq === "number" && typeof last.html === "string" && last.seq > seq()) {
      swap(last.html);
      board.setAttribute("data-seq", String(last.seq));
    }
  }

  /* Not live until the stream says otherwise within ``ms``. */
  function expect(ms) {
    clearTimeout(watchdog);
    watchdog = setTimeout(unconfirmed, ms);
  }

  function unconfirmed() {
    if (leaving) return;
    if (navigator.onLine === false) {
      show("offline");
      return;
    }
    show("stale");
    /* An open stream that confirms nothing is no use: open another. One still connecting keeps trying. */
    if (source && source.readyState === EventSource.OPEN) {
      close();
      retry();
    }
  }

  /* The worker keeps this page and its files, so that a reload without network shows the last board. */
  function register(worker) {
    if (registered || !worker || !("serviceWorker" in navigator)) return;
    registered = true;
    navigator.serviceWorker.register(worker)
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        var files = [location.href];
        var links = document.querySelectorAll("link[rel=stylesheet][href], script[src]");
        for (var i = 0; i < links.length; i++) files.push(links[i].href || links[i].src);
        if (registration.active) registration.active.postMessage({ keep: files });
      })
      .catch(function () { registered = false; /* no worker: the page works as before, online */ });
  }

  function close() {
    if (source) source.close();
    source = null;
  }

  /* The browser gave up on the stream (an HTTP error, not a dropped line): is the game gone, or the server? */
  function givenUp() {
    close();
    if (leaving) return;
    if (navigator.onLine === false) {
      show("offline");
      return; /* the "online" event starts again */
    }
    fetch(location.href, { method: "HEAD", cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 404) {
          clearTimeout(watchdog);
          show("gone");
        } else if (response.status === 410) window.location.reload(); /* replaced: the page says so, and what to do */
        else retry();
      })
      .catch(retry);
  }

  function retry() {
    if (leaving) return;
    var state = status.getAttribute("data-state");
    if (navigator.onLine === false) show("offline");
    else if (state !== "stale") show("reconnecting");
    clearTimeout(timer);
    /* Spread a room's viewers (each waits 75–125% of its delay), and try at least every 10 s: a server that
       restarts is back within seconds, and the board says "Live" only once it is (1,000 viewers trying every
       10 s are 100 light requests a second). */
    timer = setTimeout(connect, delay * (0.75 + Math.random() / 2));
    delay = Math.min(delay * 2, 10000);
  }

  function connect() {
    close();
    clearTimeout(timer);
    expect(CONFIRM_MS);
    source = new EventSource(url + "?seq=" + encodeURIComponent(String(seq())));
    source.addEventListener("board", function (event) {
      board.setAttribute("data-seq", event.lastEventId);
      swap(event.data);
      keep(seq(), event.data);
    });
    /* The game's latest seq, as the server read it: "Live" when this page holds it, for one heartbeat more. */
    source.addEventListener("latest", function (event) {
      var latest = null;
      try {
        latest = JSON.parse(event.data);
      } catch (e) { latest = null; }
      if (!latest || typeof latest.seq !== "number") return;
      if (latest.heartbeat > 0) silence = latest.heartbeat * 1000 * 1.5 + CONFIRM_MS;
      register(latest.worker);
      if (latest.seq === seq()) {
        delay = 2000;
        show("live");
        expect(silence);
      } else {
        /* The server knows a later board than the one it sent: ask again rather than show old scores as live. */
        unconfirmed();
      }
    });
    /* The server ends a stream now and then (so a replaced link is noticed): reconnect at once; the new stream
       confirms the seq within moments, or the page stops saying "Live". */
    source.addEventListener("bye", function () {
      connect();
    });
    /* The server is stopping (a restart, a new version): say so, and come back in a moment to whichever server
       answers then, with the seq shown, so a change made meanwhile arrives at once. */
    source.addEventListener("restart", function () {
      close();
      show("reconnecting");
      retry();
    });
    /* The server holds as many live streams from this network as it allows one: refresh the page now and then
       instead, as without JavaScript (each refresh tries the stream again). */
    source.addEventListener("busy", function () {
      close();
      clearTimeout(watchdog); /* not live, and not a failure to say so: the page says it refreshes itself */
      show("refresh");
      clearTimeout(timer);
      timer = setTimeout(function () {
        window.location.reload();
      }, 15000);
    });
    source.addEventListener("gone", function () {
      givenUp(); /* gone, or replaced by a new link (410: the page says so) */
    });
    source.onerror = function () {
      if (leaving) return;
      if (!source || source.readyState === EventSource.CLOSED) givenUp();
      else if (navigator.onLine === false) show("offline");
      else if (status.getAttribute("data-state") !== "stale") show("reconnecting");
    };
  }

  window.addEventListener("online", function () {
    delay = 2000;
    show("reconnecting");
    connect();
  });
  window.addEventListener("offline", function () {
    show("offline");
  });
  /* Leaving the page aborts the stream: close it first, and ask the server nothing about it. */
  window.addEventListener("pagehide", function () {
    leaving = true;
    clearTimeout(timer);
    clearTimeout(watchdog);
    close();
  });
  /* Back from the back-forward cache: the stream was closed on the way out; open it again. */
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    leaving = false;
    delay = 2000;
    show("connecting");
    connect();
  });
  restore();
  show(navigator.onLine === false ? "offline" : "connecting");
  connect();
})();

/* ---- follow the table: once this game is over, ask where a rematch went and show the way there ---- */
(function () {
  "use strict";
  var follow = document.getElementById("follow");
  if (!follow || !window.fetch) return;
  var url = follow.getAttribute("data-next-url");
  var link = follow.querySelector("[data-follow-link]");

  function ask() {
    if (!document.querySelector('[data-testid="game-over"]') || document.visibilityState !== "visible") {
      setTimeout(ask, 15000);
      return;
    }
    fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status !== 200) return null;
        return response.json();
      })
      .then(function (next) {
        if (next && next.url) {
          link.setAttribute("href", next.url);
          follow.hidden = false;
        } else {
          setTimeout(ask, 15000);
        }
      })
      .catch(function () { setTimeout(ask, 15000); });
  }
  /* Not part of showing the board: the first question waits until the page has loaded and settled. */
  window.addEventListener("load", function () { setTimeout(ask, 3000); });
})();
