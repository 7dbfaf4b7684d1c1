/* referee: the scorekeeper's pages made quick. Progressive enhancement only: every button here also works as a
   plain form submit without JavaScript; this file just saves the round trips. */
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
