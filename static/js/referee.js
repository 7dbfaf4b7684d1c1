/* referee: the Referee screen's card keypad, without a round trip. Progressive enhancement only: every key is
   also a plain submit button that the server applies (referee.web.referee_tools.press, the same rules). */
(function () {
  "use strict";

  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

  function press(hand, key) {
    var tokens = hand.split(/\s+/).filter(function (t) { return t !== ""; });
    var last = tokens.length ? tokens[tokens.length - 1] : "";
    var pending = RANKS.indexOf(last) >= 0 || last.toUpperCase() === "T";
    if (key === "clear") return "";
    if (key === "back") { tokens.pop(); return tokens.join(" "); }
    if (RANKS.indexOf(key) >= 0 || key === "JK") {
      if (pending) tokens.pop();
      tokens.push(key);
    } else if (Object.prototype.hasOwnProperty.call(SUITS, key)) {
      if (pending) {
        tokens[tokens.length - 1] = last + key;
      } else if (tokens.length && ["JK", "*"].indexOf(last.toUpperCase()) < 0 && last.length >= 2) {
        tokens[tokens.length - 1] = last.slice(0, -1) + key;
      }
    }
    return tokens.join(" ");
  }

  function face(token) {
    var span = document.createElement("span");
    var t = token.toUpperCase();
    var suit = t.slice(-1);
    span.className = "mini-card";
    if (t === "JK" || t === "*") {
      span.textContent = "JK";
    } else if (Object.prototype.hasOwnProperty.call(SUITS, suit) && t.length >= 2) {
      span.textContent = t.slice(0, -1) + SUITS[suit];
      if (suit === "H" || suit === "D") span.className += " red";
    } else {
      span.textContent = token;
      span.className += " pending";
    }
    return span;
  }

  function render(preview, text) {
    while (preview.firstChild) preview.removeChild(preview.firstChild);
    var row = document.createElement("span");
    row.className = "card-row";
    text.split(/\s+/).forEach(function (t) { if (t) row.appendChild(face(t)); });
    preview.appendChild(row);
  }

  document.querySelectorAll("[data-hand-form]").forEach(function (form) {
    var input = form.querySelector("[data-hand-input]");
    var preview = form.querySelector("[data-hand-preview]");
    form.addEventListener("click", function (event) {
      var key = event.target.closest("[data-key]");
      if (!key) return;
      event.preventDefault();
      input.value = press(input.value, key.getAttribute("data-key"));
      render(preview, input.value);
    });
    input.addEventListener("input", function () { render(preview, input.value); });
  });
})();
