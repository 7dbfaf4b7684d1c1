/* The viewer's live updates: server-sent events from /v/<token>/live swap the board in; say when it is not live.
   The browser reconnects a dropped stream by itself and sends the last board's seq (Last-Event-ID), so a
   change missed while away arrives at once. Without EventSource the page's own refresh stays in charge. */
(function () {
  "use strict";
  var board = document.getElementById("board");
  var status = document.getElementById("live-status");
  if (!board || !status || !window.EventSource) return;

  var url = board.getAttribute("data-live-url");
  var source = null;
  var timer = null;
  var delay = 2000;
  var leaving = false; /* the page is being left: its aborted stream is no failure */

  function show(state) {
    status.hidden = false;
    status.setAttribute("data-state", state);
    status.textContent = status.getAttribute("data-" + state);
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
        if (response.status === 404) show("gone");
        else if (response.status === 410) window.location.reload(); /* replaced: the page says so, and what to do */
        else again();
      })
      .catch(again);
  }

  function again() {
    if (leaving) return;
    show(navigator.onLine === false ? "offline" : "reconnecting");
    clearTimeout(timer);
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, 30000);
  }

  function connect() {
    close();
    clearTimeout(timer);
    source = new EventSource(url + "?seq=" + encodeURIComponent(board.getAttribute("data-seq")));
    source.onopen = function () {
      delay = 2000;
      show("live");
    };
    source.addEventListener("board", function (event) {
      board.setAttribute("data-seq", event.lastEventId);
      swap(event.data);
      show("live");
    });
    /* The server ends a stream now and then (so a replaced link is noticed): reconnect at once, still live. */
    source.addEventListener("bye", function () {
      connect();
    });
    /* The server is stopping (a restart, a new version): say so, and come back in a moment to whichever server
       answers then, with the seq shown, so a change made meanwhile arrives at once. */
    source.addEventListener("restart", function () {
      close();
      again();
    });
    /* The server holds as many live streams from this network as it allows one: refresh the page now and then
       instead, as without JavaScript (each refresh tries the stream again). */
    source.addEventListener("busy", function () {
      close();
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
      else show(navigator.onLine === false ? "offline" : "reconnecting");
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
    close();
  });
  /* Back from the back-forward cache: the stream was closed on the way out; open it again. */
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    leaving = false;
    delay = 2000;
    connect();
  });
  show("live");
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
