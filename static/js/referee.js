/* referee: the card keypad, without a round trip — on the Referee screen (hand, meld, lay-off) and on the deal
   screen (the melds of a contract). Progressive enhancement only: the hand's keys are also plain submit buttons
   that the server applies (referee.games.rummy.web.referee_tools.press, the same rules); the other keypads stay
   hidden without JavaScript, and their fields take typed cards as they always do. */
(function () {
  "use strict";

  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SYMBOLS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

  // One key on the last line of the text (a contract's melds are one a line): a rank starts a card and waits
  // for its suit (a rank pressed again replaces it), a suit completes the card before it or changes the suit
  // of a complete one, JK adds a joker, back removes the last card, newline starts the next meld.
  function press(text, key, letter) {
    var lines = text.split("\n");
    var tokens = lines.pop().split(/\s+/).filter(function (t) { return t !== ""; });
    var last = tokens.length ? tokens[tokens.length - 1] : "";
    var pending = RANKS.indexOf(last.toUpperCase()) >= 0 || last.toUpperCase() === "T";
    if (key === "clear") return "";
    if (key === "newline") {
      lines.push(tokens.join(" "));
      return lines.join("\n") + (tokens.length ? "\n" : "");
    }
    if (key === "back") {
      if (!tokens.length && lines.length) return lines.join("\n");
      tokens.pop();
    } else if (RANKS.indexOf(key) >= 0 || key === "JK") {
      if (pending) tokens.pop();
      tokens.push(key);
    } else if (letter) {
      if (pending) {
        tokens[tokens.length - 1] = last + letter;
      } else if (tokens.length && ["JK", "*"].indexOf(last.toUpperCase()) < 0 && last.length >= 2) {
        tokens[tokens.length - 1] = last.slice(0, -1) + letter;
      }
    }
    lines.push(tokens.join(" "));
    return lines.join("\n");
  }

  // The suit a token ends with, in this page's letters (read from the keypad's suit keys) or as a symbol.
  function suitOf(token, letters) {
    var end = token.slice(-1).toUpperCase();
    if (Object.prototype.hasOwnProperty.call(SYMBOLS, end)) return SYMBOLS[end];
    return Object.prototype.hasOwnProperty.call(letters, end) ? letters[end] : null;
  }

  var FACES = { S: "♠", H: "♥", D: "♦", C: "♣" };

  function face(token, letters) {
    var span = document.createElement("span");
    var t = token.toUpperCase();
    var suit = t.length >= 2 ? suitOf(t, letters) : null;
    span.className = "mini-card";
    if (t === "JK" || t === "*") {
      span.textContent = "JK";
    } else if (suit) {
      span.textContent = t.slice(0, -1) + FACES[suit];
      if (suit === "H" || suit === "D") span.className += " red";
    } else {
      span.textContent = token;
      span.className += " pending";
    }
    return span;
  }

  function render(preview, text, letters) {
    while (preview.firstChild) preview.removeChild(preview.firstChild);
    text.split("\n").forEach(function (line) {
      var row = document.createElement("span");
      row.className = "card-row";
      line.split(/\s+/).forEach(function (t) { if (t) row.appendChild(face(t, letters)); });
      if (row.firstChild) preview.appendChild(row);
    });
  }

  document.querySelectorAll("[data-card-keypad]").forEach(function (keypad) {
    var targets = (keypad.getAttribute("data-for") || "").split(/\s+/)
      .map(function (id) { return document.getElementById(id); })
      .filter(function (el) { return el; });
    if (!targets.length) return;
    var letters = {};
    keypad.querySelectorAll("[data-letter]").forEach(function (key) {
      letters[key.getAttribute("data-letter").toUpperCase()] = key.getAttribute("data-key");
    });
    var current = targets[0];
    var form = keypad.closest("form");
    var hint = form ? form.querySelector("[data-keypad-hint]") : null;
    if (hint && targets.length > 1) hint.hidden = false;

    function mark() {
      if (targets.length < 2) return;
      targets.forEach(function (el) { el.classList.toggle("keypad-target", el === current); });
    }

    targets.forEach(function (el) {
      el.addEventListener("focus", function () { current = el; mark(); });
      var preview = el.id ? document.querySelector('[data-preview-for="' + el.id + '"]') : null;
      if (preview) {
        el.addEventListener("input", function () { render(preview, el.value, letters); });
      }
    });
    keypad.addEventListener("click", function (event) {
      var key = event.target.closest("[data-key]");
      if (!key) return;
      event.preventDefault();
      current.value = press(current.value, key.getAttribute("data-key"), key.getAttribute("data-letter"));
      current.dispatchEvent(new Event("input", { bubbles: true }));
    });
    keypad.hidden = false;
    mark();
  });
})();
