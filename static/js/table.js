/* referee: the scorekeeper's pages made quick, and safe from a dropped connection. Progressive enhancement only:
   every button here also works as a plain form submit without JavaScript; this file saves the round trips, keeps
   what was typed, and keeps an action taken while the connection is down until it can be sent. */
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
    // Entries brought back from the phone that differ from the page's: its preview is not theirs.
    if (form.hasAttribute("data-restored")) staleResult();
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

  // ---- typed entries kept on the phone ---------------------------------------------------------------------

  // A form marked data-keep-typed keeps what was typed and chosen in it (localStorage, under its address and
  // its deal) as it is typed, and gets it back when the page comes again: after Back (the fields are
  // autocomplete="off", so the browser would not), after a request that failed, after a reload. The entries of a
  // form are forgotten once the server has taken it (its answer was a redirect), and any after two days.
  var TYPED = "referee.typed:";
  var TYPED_KEPT_FOR = 2 * 24 * 3600 * 1000;

  function localStore() {
    try {
      var store = window.localStorage;
      store.getItem(TYPED);
      return store;
    } catch (e) {
      return null; // storage turned off: the page works as before
    }
  }

  function typedKey(form) {
    return TYPED + new URL(form.action, window.location.href).pathname + ":" + (form.getAttribute("data-keep") || "");
  }

  function forgetTyped(key) {
    var store = localStore();
    if (store && key) store.removeItem(key);
  }

  // Each field a player fills: text by its name, a radio button or check box by its name and value.
  function typedFields(form, each) {
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.disabled || ["hidden", "submit", "button", "reset", "file"].indexOf(field.type) >= 0) return;
      if (field.type === "radio" || field.type === "checkbox") each(field, "c:" + field.name + "=" + field.value);
      else each(field, "t:" + field.name);
    });
  }

  function readTyped(store, key) {
    try {
      return JSON.parse(store.getItem(key) || "null");
    } catch (e) {
      return null;
    }
  }

  // Returns whether anything on the page changed (what the server showed was not what had been typed). A page
  // that answers the form (a preview, a refusal) shows what was sent: it is kept as it is, not overwritten.
  function keepTyped(form, answered) {
    var store = localStore();
    if (!store) return false;
    var key = typedKey(form);
    for (var i = store.length - 1; i >= 0; i--) {
      var other = store.key(i);
      if (other && other.indexOf(TYPED) === 0 && other !== key) {
        var old = readTyped(store, other);
        if (!old || !(Date.now() - old.at < TYPED_KEPT_FOR)) store.removeItem(other);
      }
    }
    var changed = false;
    var kept = answered ? null : readTyped(store, key);
    if (kept && kept.fields) {
      typedFields(form, function (field, name) {
        if (!Object.prototype.hasOwnProperty.call(kept.fields, name)) return;
        var value = kept.fields[name];
        if (typeof value === "boolean" && field.checked !== value) {
          field.checked = value;
          changed = true;
        } else if (typeof value === "string" && field.value !== value) {
          field.value = value;
          changed = true;
        }
      });
    }
    function save() {
      var fields = {};
      typedFields(form, function (field, name) {
        fields[name] = name.charAt(0) === "c" ? field.checked : field.value;
      });
      try {
        store.setItem(key, JSON.stringify({ at: Date.now(), fields: fields }));
      } catch (e) { /* storage full: the entries stay on the screen */ }
    }
    // A keypad key changes a field without an input event: its click, bubbling up after it did, saves too.
    ["input", "change", "click"].forEach(function (type) {
      form.addEventListener(type, save);
    });
    if (answered) save();
    return changed;
  }

  // ---- an action kept while the connection is down ---------------------------------------------------------

  // A form marked data-keep (its value: the deal it is for) is sent by this script, not by the browser. It is
  // kept on the phone (localStorage: its fields, among them its seq and idempotency key) before it is sent; when
  // the connection is down the page says "waiting to send", and it is sent again when the connection returns
  // (the online event, a timer, "Send now", the next page of the game that loads), until the server answers.
  // The server records it once however often it comes (the idempotency key), and a form another phone has
  // overtaken (its seq, its deal) gets the stale-form answer: it never lands in another deal. The answer is then
  // shown as the browser would have shown it — a redirect is followed (the server names it in Referee-Location,
  // so that its message is left for the page: referee/web/core/sending.py), any other page replaces this one in
  // place — so that no form is ever in the browser's history: Back and reload never send one again.
  var KEPT = "referee.kept:";
  var ANSWER = "referee.answer";
  var SEND_TIMEOUT = 20000; // a request that hangs (a Wi-Fi that drops without a word) counts as not sent
  var RETRY_FIRST = 2000;
  var RETRY_MOST = 30000;
  var TRY_AGAIN = [502, 503, 504]; // a proxy's words for "the app is not there": the form may not have reached it

  function setupSending(box) {
    var store = localStore();
    if (!store || !window.fetch || !window.URLSearchParams || !window.FormData) return; // the browser sends forms
    var key = KEPT + box.getAttribute("data-waiting");
    var what = box.querySelector("[data-waiting-what]");
    var why = box.querySelector("[data-waiting-why]");
    var note = box.querySelector("[data-waiting-note]");
    var noConnection = why.textContent;
    var timer = null;
    var delay = 0;
    var sending = null;
    var again = false; // asked to send (the connection came back) while an attempt was on its way: try once more

    function kept() {
      try {
        return JSON.parse(store.getItem(key) || "null");
      } catch (e) {
        return null;
      }
    }

    function show(record, message) {
      box.hidden = !record;
      if (!record) {
        note.hidden = true;
        return;
      }
      what.textContent = record.what;
      why.textContent = message || noConnection;
    }

    function retryLater() {
      clearTimeout(timer);
      delay = Math.min(delay ? delay * 2 : RETRY_FIRST, RETRY_MOST);
      timer = setTimeout(sendKept, delay);
    }

    function sendKept() {
      clearTimeout(timer);
      var record = kept();
      if (!record || !box.isConnected) return;
      if (sending) {
        again = true;
        return;
      }
      again = false;
      sending = record.id;
      var slow = setTimeout(function () { show(record, box.getAttribute("data-sending")); }, 1000);
      var controller = window.AbortController ? new AbortController() : null;
      var abort = controller ? setTimeout(function () { controller.abort(); }, SEND_TIMEOUT) : null;
      function done() {
        clearTimeout(slow);
        clearTimeout(abort);
        sending = null;
      }
      fetch(record.url, {
        method: "POST", body: new URLSearchParams(record.fields), credentials: "same-origin", cache: "no-store",
        headers: { "Referee-Send": "1" }, signal: controller ? controller.signal : undefined,
        keepalive: true, // a page left before the answer came still sends it (the next page sends it again: once)
      }).then(function (response) {
        if (TRY_AGAIN.indexOf(response.status) >= 0) throw new Error("not there: " + response.status);
        return response.text().then(function (text) {
          done();
          var now = kept();
          if (now && now.id === record.id) store.removeItem(key); // answered: never sent again
          answer(response, text, record);
        });
      }).catch(function () {
        done();
        if (!box.isConnected) return;
        show(kept());
        if (again) {
          delay = 0;
          sendKept();
        } else {
          retryLater();
        }
      });
    }

    function answer(response, text, record) {
      var location = response.headers.get("Referee-Location") || (response.redirected ? response.url : null);
      if (location) {
        forgetTyped(record.typed); // the server took the form: what was typed in it has done its work
        go(location);
      } else if ((response.headers.get("Content-Type") || "").indexOf("text/html") === 0 && text) {
        replacePage(text, record.url);
      } else {
        window.location.reload();
      }
    }

    // Where the server sends the page: the same address with another card is loaded again, not just scrolled.
    function go(location) {
      var target = new URL(location, window.location.href);
      var here = window.location;
      if (target.pathname + target.search === here.pathname + here.search) {
        // Loaded again at the card the answer names (its message is there), not where this page was scrolled.
        history.scrollRestoration = "manual";
        history.replaceState(history.state, "", target.href);
        here.reload();
      } else {
        here.assign(target.href);
      }
    }

    // The page the server answered, in this page's place (its address stays: a reload asks for it afresh),
    // at the card the form was sent from, as the browser would have shown it.
    function replacePage(html, url) {
      clearTimeout(timer);
      var hash = new URL(url, window.location.href).hash;
      try {
        // For the page's own script: it is the server's answer to a form, to be shown at this card.
        window.sessionStorage.setItem(ANSWER, hash || "#");
      } catch (e) { /* no storage: the page is shown at its top */ }
      document.open();
      document.write(html);
      document.close();
      var card = hash && document.getElementById(decodeURIComponent(hash.slice(1)));
      if (card) card.scrollIntoView();
      else window.scrollTo(0, 0);
    }

    function fieldsOf(form, submitter) {
      var fields = [];
      new FormData(form).forEach(function (value, name) {
        if (typeof value === "string") fields.push([name, value]);
      });
      if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
      return fields;
    }

    // "Buy · Ana": the button's words, and the player chosen when they are not in them. A form may name what it is
    // for first (data-keep-what: "Hand 3"), and a button say itself in other words than its own (data-what).
    function described(form, submitter) {
      var parts = [];
      var words = submitter ? (submitter.getAttribute("data-what") || submitter.textContent || submitter.value || "")
        .replace(/\s+/g, " ").trim() : "";
      if (form.getAttribute("data-keep-what")) parts.push(form.getAttribute("data-keep-what"));
      if (words) parts.push(words);
      var player = form.querySelector('input[name="player"]:checked');
      if (player && words.indexOf(player.value) < 0) parts.push(player.value);
      return parts.join(" · ");
    }

    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (event.defaultPrevented || !box.isConnected || !form.hasAttribute || !form.hasAttribute("data-keep")) return;
      var submitter = event.submitter || null;
      var fields = fieldsOf(form, submitter);
      var waiting = kept();
      if (waiting) {
        // The same action again (a second tap) is the one kept; another one waits for it to be sent.
        event.preventDefault();
        if (JSON.stringify(waiting.fields) !== JSON.stringify(fields)) note.hidden = false;
        if (!sending) show(waiting);
        return;
      }
      var record = {
        id: String(Date.now()) + Math.random().toString(36).slice(2), url: form.action, deal: form.getAttribute("data-keep"),
        fields: fields, what: described(form, submitter),
        typed: form.hasAttribute("data-keep-typed") ? typedKey(form) : null,
      };
      try {
        store.setItem(key, JSON.stringify(record)); // kept before it is sent: a page closed meanwhile loses nothing
      } catch (e) {
        return; // cannot keep it: the browser sends the form as it always did
      }
      event.preventDefault();
      delay = 0;
      sendKept();
    });

    window.addEventListener("online", function () {
      delay = 0;
      sendKept();
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") sendKept();
    });
    box.querySelector("[data-send-now]").addEventListener("click", function () {
      delay = 0;
      sendKept();
    });
    box.querySelector("[data-discard]").addEventListener("click", function () {
      clearTimeout(timer);
      store.removeItem(key);
      show(null);
    });
    // A page the browser keeps in memory and shows again on Back is the game as it was: ask for it as it is now
    // (what was typed comes back from the phone's storage).
    window.addEventListener("pageshow", function (event) {
      if (event.persisted) window.location.reload();
    });
    // A kept action from before (the page was closed, reloaded or left) is sent as soon as a page of its game loads.
    var waiting = kept();
    if (waiting) {
      show(waiting);
      sendKept();
    }
  }

  // Arrived at a card by a reload (an answer that named this address with another card): at that card.
  if (history.scrollRestoration === "manual" && window.location.hash) {
    var card = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (card) card.scrollIntoView();
  }
  // The server's answer to a form, shown in place of the page that sent it: at the card it was sent from (its
  // stylesheet is in by now, so the card is where it will stay).
  var answered = false;
  try {
    var at = window.sessionStorage.getItem(ANSWER);
    if (at !== null) {
      window.sessionStorage.removeItem(ANSWER);
      answered = true;
      var sentFrom = at.length > 1 && document.getElementById(decodeURIComponent(at.slice(1)));
      if (sentFrom) sentFrom.scrollIntoView();
      else window.scrollTo(0, 0);
    }
  } catch (e) { /* no storage */ }
  document.querySelectorAll("[data-waiting]").forEach(setupSending);
  document.querySelectorAll("form[data-keep-typed]").forEach(function (form) {
    if (keepTyped(form, answered)) form.setAttribute("data-restored", "");
  });
  document.querySelectorAll("[data-scrolls]").forEach(setupScrollHint);
  document.querySelectorAll("[data-end-deal]").forEach(setupEndDeal);
  document.querySelectorAll("[data-new-game]").forEach(setupNewGame);
})();
