/* referee: the game's pages made quick, the scorekeeper's and then the viewer's (one file for both, so that the
   code that keeps the screen awake is written once and each screen still needs at most four requests).
   Progressive enhancement only: every button here also works as a plain form submit without JavaScript; this
   file just saves the round trips, and the viewer's page refreshes itself without it. */
(function () {
  "use strict";

  // ---- numbers in the page's digits ----------------------------------------------------------------------

  // A number written as the server writes it in this page's language (Persian: ۲۵), and typed digits read in
  // either alphabet (Persian's and Arabic's as well as ASCII's).
  var lang = document.documentElement.lang || undefined;
  var format = window.Intl ? new Intl.NumberFormat(lang, { useGrouping: false }) : null;

  function written(n) {
    return format ? format.format(n) : String(n);
  }

  function asciiDigits(text) {
    return text.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, function (d) {
      var code = d.charCodeAt(0);
      return String(code - (code >= 0x06F0 ? 0x06F0 : 0x0660));
    });
  }

  // ---- ending a deal: the card keypad ------------------------------------------------------------------

  function setupEndDeal(form) {
    var values = {};
    try {
      values = JSON.parse(form.getAttribute("data-values") || "{}");
    } catch (e) {
      values = {};
    }
    // Indexed by seat: a player who left the game has no row (a hole that forEach skips).
    var rows = [];
    Array.prototype.forEach.call(form.querySelectorAll("[data-hand-row]"), function (row) {
      rows[parseInt(row.getAttribute("data-seat"), 10)] = row;
    });
    var activeInput = form.querySelector("[data-active]");
    var confirm = form.querySelector("[data-confirm]");

    function wentOut() {
      var checked = form.querySelector('[data-went-out] input:checked');
      return checked ? checked.value : null;
    }

    function rowName(row) {
      return row.querySelector("[data-select]").textContent.trim();
    }

    function isOut(row) {
      if (!row) return true; // left the game: nothing to enter
      return rowName(row) === wentOut();
    }

    function activeSeat() {
      var v = activeInput.value;
      return v === "" ? null : parseInt(v, 10);
    }

    function setActive(seat) {
      activeInput.value = seat === null ? "" : String(seat);
      rows.forEach(function (row) {
        var on = parseInt(row.getAttribute("data-seat"), 10) === seat;
        row.classList.toggle("is-active", on);
        row.querySelector("[data-select]").setAttribute("aria-pressed", on ? "true" : "false");
      });
    }

    function nextSeat(after) {
      var n = rows.length;
      for (var step = 1; step <= n; step++) {
        var seat = after === null ? step - 1 : (after + step) % n;
        if (!isOut(rows[seat])) return seat;
      }
      return null;
    }

    // The card's value from the engine's table (a rank alone, a suit after it, or a joker).
    // A card's value needs only its rank: the suit after it may be a letter (S H D C, P C D T), a symbol, or a
    // word in the page's script (7دل, 10ダイヤ); the server reads the suit itself when the hand is sent.
    var JOKERS = ["JK", "*", "🃏", "جوکر", "ジョーカー"];
    function tokenValue(token) {
      var t = asciiDigits(token).toUpperCase().replace(/\uFE0F/gu, "");
      if (JOKERS.indexOf(t) >= 0) return values.JK;
      var card = /^(10|[2-9AJQKT])(.*)$/u.exec(t);
      if (!card) return undefined;
      var suit = card[2];
      if (suit !== "" && !/^[SHDCPT♠♥♦♣]$/u.test(suit) && !/^[^\x00-\x7F]+$/u.test(suit)) return undefined;
      var rank = card[1] === "10" ? "T" : card[1];
      return Object.prototype.hasOwnProperty.call(values, rank) ? values[rank] : undefined;
    }

    function points(text, typed) {
      var given = asciiDigits(typed.trim());
      if (given !== "") return /^[0-9]+$/.test(given) ? parseInt(given, 10) : null;
      var clean = text.trim();
      if (clean === "") return null; // nothing entered: no score yet (0 is typed or "No cards" on purpose)
      var total = 0;
      var tokens = clean.split(/[\s,]+/);
      for (var i = 0; i < tokens.length; i++) {
        var v = tokenValue(tokens[i]);
        if (v === undefined) return null;
        total += v;
      }
      return total;
    }

    function staleResult() {
      if (confirm && !confirm.disabled) {
        confirm.disabled = true;
        confirm.textContent = confirm.getAttribute("data-stale") || "…";
      }
    }

    function refresh(row) {
      var input = row.querySelector("[data-hand]");
      var out = row.querySelector("[data-points]");
      if (isOut(row)) {
        row.classList.add("is-out");
        out.textContent = out.getAttribute("data-out-label") || "—";
        return;
      }
      row.classList.remove("is-out");
      var p = points(input.value, row.querySelector("[data-typed]").value);
      out.textContent = p === null ? "?" : written(p);
    }

    function refreshAll() {
      rows.forEach(refresh);
    }

    rows.forEach(function (row) {
      var seat = parseInt(row.getAttribute("data-seat"), 10);
      var out = row.querySelector("[data-points]");
      if (!out.getAttribute("data-out-label") && row.classList.contains("is-out")) {
        out.setAttribute("data-out-label", out.textContent.trim());
      }
      row.querySelector("[data-select]").addEventListener("click", function (event) {
        event.preventDefault();
        setActive(seat);
      });
      var input = row.querySelector("[data-hand]");
      var typed = row.querySelector("[data-typed]");
      [input, typed].forEach(function (field) {
        field.addEventListener("focus", function () {
          setActive(seat);
        });
        field.addEventListener("input", function () {
          refresh(row);
          staleResult();
        });
      });
    });

    form.querySelectorAll("[data-went-out] input").forEach(function (radio) {
      radio.addEventListener("change", function () {
        refreshAll();
        var seat = activeSeat();
        if (seat === null || isOut(rows[seat])) setActive(nextSeat(null));
        staleResult();
      });
    });

    // The seat the keypad types for: the active one, else the first still to enter (made the active one).
    function typingSeat() {
      var seat = activeSeat();
      if (seat === null || isOut(rows[seat])) {
        seat = nextSeat(null);
        setActive(seat);
      }
      return seat;
    }

    // A button of the keypad, where the page has it: its action instead of submitting the form.
    function onPress(selector, action) {
      var button = form.querySelector(selector);
      if (!button) return;
      button.addEventListener("click", function (event) {
        event.preventDefault();
        action();
      });
    }

    form.querySelectorAll("[data-key]").forEach(function (key) {
      key.addEventListener("click", function (event) {
        event.preventDefault();
        var seat = typingSeat();
        if (seat === null) return;
        var input = rows[seat].querySelector("[data-hand]");
        input.value = (input.value.trim() + " " + key.getAttribute("data-key")).trim();
        rows[seat].querySelector("[data-typed]").value = ""; // cards entered: they count, not typed points
        refresh(rows[seat]);
        staleResult();
      });
    });

    // "No cards": 0 points entered on purpose for the active player, then on to the next one.
    onPress("[data-no-cards]", function () {
      var seat = typingSeat();
      if (seat === null) return;
      rows[seat].querySelector("[data-hand]").value = "";
      rows[seat].querySelector("[data-typed]").value = "0";
      rows[seat].classList.remove("is-missing");
      refresh(rows[seat]);
      setActive(nextSeat(seat));
      staleResult();
    });

    onPress("[data-back]", function () {
      var seat = activeSeat();
      if (seat === null || !rows[seat]) return;
      var input = rows[seat].querySelector("[data-hand]");
      var parts = input.value.trim().split(/\s+/);
      parts.pop();
      input.value = parts.join(" ");
      refresh(rows[seat]);
      staleResult();
    });

    onPress("[data-next]", function () {
      setActive(nextSeat(activeSeat()));
    });

    // Keep the out-label for rows that become "out" later.
    rows.forEach(function (row) {
      var out = row.querySelector("[data-points]");
      if (!out.getAttribute("data-out-label")) out.setAttribute("data-out-label", form.getAttribute("data-out-label") || "—");
    });
    if (activeSeat() === null && wentOut() !== null) setActive(nextSeat(null));
    refreshAll();
  }

  // ---- the new game: add and remove player fields ---------------------------------------------------

  function setupNewGame(form) {
    var list = form.querySelector("[data-player-fields]");
    var add = form.querySelector("[data-add-player]");
    var dealer = form.querySelector("[data-first-dealer]");
    if (!list || !add) return;
    var max = parseInt(list.getAttribute("data-max") || "12", 10);
    var template = list.querySelector("li").cloneNode(true);

    function renumber() {
      var items = list.querySelectorAll("li");
      items.forEach(function (li, index) {
        var input = li.querySelector("input");
        var label = li.querySelector("label");
        var remove = li.querySelector("button");
        var placeholder = (input.getAttribute("placeholder") || "").replace(/[0-9\u06F0-\u06F9\u0660-\u0669]+$/, written(index + 1));
        input.name = "players-" + index;
        input.id = "players-" + index;
        input.setAttribute("placeholder", placeholder);
        input.setAttribute("data-testid", "player-" + index);
        if (label) {
          label.setAttribute("for", input.id);
          label.textContent = placeholder;
        }
        if (remove) {
          remove.value = String(index);
          remove.setAttribute("aria-label", (remove.getAttribute("aria-label") || "").replace(/[0-9\u06F0-\u06F9\u0660-\u0669]+$/, written(index + 1)));
        }
      });
      add.disabled = items.length >= max;
      updateDealer();
    }

    function updateDealer() {
      if (!dealer) return;
      var chosen = dealer.value;
      var random = dealer.querySelector('option[value="random"]');
      var keep = random ? random.cloneNode(true) : null;
      dealer.innerHTML = "";
      if (keep) dealer.appendChild(keep);
      list.querySelectorAll("input").forEach(function (input, index) {
        var option = document.createElement("option");
        option.value = String(index);
        option.textContent = input.value.trim() || input.getAttribute("placeholder");
        dealer.appendChild(option);
      });
      dealer.value = chosen;
      if (dealer.value !== chosen) dealer.value = "random";
    }

    add.addEventListener("click", function (event) {
      event.preventDefault();
      if (list.querySelectorAll("li").length >= max) return;
      var li = template.cloneNode(true);
      li.querySelector("input").value = "";
      var error = li.querySelector(".field-error");
      if (error) error.remove();
      list.appendChild(li);
      renumber();
      li.querySelector("input").focus();
    });

    list.addEventListener("click", function (event) {
      var button = event.target.closest('button[name="remove_player"]');
      if (!button) return;
      event.preventDefault();
      if (list.querySelectorAll("li").length <= 1) return;
      button.closest("li").remove();
      renumber();
    });

    list.addEventListener("input", updateDealer);
  }

  // ---- a table wider than its box: say so above it (the box's shadows show it without JavaScript) ----------

  function setupScrollHint(box) {
    var hint = box.previousElementSibling;
    if (!hint || !hint.hasAttribute("data-scroll-hint")) return;
    function update() {
      hint.hidden = box.scrollWidth <= box.clientWidth + 1;
    }
    update();
    window.addEventListener("resize", update);
  }

  document.querySelectorAll("[data-scrolls]").forEach(setupScrollHint);
  document.querySelectorAll("[data-end-deal]").forEach(setupEndDeal);
  document.querySelectorAll("[data-new-game]").forEach(setupNewGame);
})();

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

/* ---- keep the deal screen and the viewer awake (Screen Wake Lock API, where the browser has it) ---- */
(function () {
  "use strict";
  if (!document.body || !document.body.hasAttribute("data-keep-awake") || !("wakeLock" in navigator)) return;
  function ask() {
    if (document.visibilityState === "visible") navigator.wakeLock.request("screen").catch(function () {});
  }
  document.addEventListener("visibilitychange", ask); /* the browser lets go of it whenever the page is hidden */
  ask();
})();
