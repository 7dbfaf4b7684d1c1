/* The viewer's live updates: long-poll /v/<token>/live?seq=N and swap the board in; say when it is not live. */
(function () {
  "use strict";
  var board = document.getElementById("board");
  var status = document.getElementById("live-status");
  if (!board || !status || !window.fetch) return;

  var seq = board.getAttribute("data-seq");
  var url = board.getAttribute("data-live-url");
  var delay = 1000;
  var timer = null;
  var inFlight = false;

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

  function later(ms) {
    clearTimeout(timer);
    timer = setTimeout(poll, ms);
  }

  function retry() {
    show(navigator.onLine === false ? "offline" : "reconnecting");
    later(delay);
    delay = Math.min(delay * 2, 15000);
  }

  function poll() {
    timer = null;
    if (inFlight) return;
    if (navigator.onLine === false) {
      show("offline");
      return; /* the "online" event starts again */
    }
    inFlight = true;
    fetch(url + "?seq=" + encodeURIComponent(seq), { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 200) {
          return response.text().then(function (html) {
            seq = response.headers.get("X-Referee-Seq") || seq;
            board.setAttribute("data-seq", seq);
            swap(html);
            return true;
          });
        }
        if (response.status === 204) return true;
        if (response.status === 404) return null;
        throw new Error("HTTP " + response.status);
      })
      .then(function (ok) {
        inFlight = false;
        if (ok === null) {
          show("gone");
          return;
        }
        delay = 1000;
        show("live");
        later(0);
      })
      .catch(function () {
        inFlight = false;
        retry();
      });
  }

  window.addEventListener("online", function () {
    delay = 1000;
    show("reconnecting");
    later(0);
  });
  window.addEventListener("offline", function () {
    show("offline");
  });
  show("live");
  poll();
})();
