/* referee on every page that has room for it: install the service worker (after the page has loaded), and run
   the share sheet's buttons (share as text, copy, print). Without JavaScript the text stays there to copy. */
(function () {
  "use strict";
  var script = document.currentScript;
  var worker = script && script.getAttribute("data-worker");
  if (worker && "serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(worker).catch(function () { /* no worker: the site works as before */ });
    });
  }

  function ready(run) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
    else run();
  }

  ready(function () {
    var boxes = document.querySelectorAll("[data-share-text]");
    for (var i = 0; i < boxes.length; i++) shareSheet(boxes[i]);
  });

  function shareSheet(box) {
    var text = box.querySelector("textarea");
    var status = box.querySelector("[data-share-status]");
    var shareButton = box.querySelector("[data-share]");
    var copyButton = box.querySelector("[data-copy]");
    var printButton = box.querySelector("[data-print]");
    if (!text) return;
    function say(message) {
      if (status) status.textContent = message || "";
    }
    function copy() {
      if (navigator.clipboard && navigator.clipboard.writeText) {
        return navigator.clipboard.writeText(text.value).then(function () {
          say(box.getAttribute("data-copied"));
        }, selectAll);
      }
      selectAll();
      return Promise.resolve();
    }
    function selectAll() {
      text.focus();
      text.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      say(box.getAttribute(done ? "data-copied" : "data-select"));
    }
    if (shareButton) {
      if (navigator.share) {
        shareButton.hidden = false;
        shareButton.addEventListener("click", function () {
          navigator.share({ title: box.getAttribute("data-title") || document.title, text: text.value })
            .then(function () { say(""); }, function (error) {
              if (!error || error.name !== "AbortError") copy();
            });
        });
      }
    }
    if (copyButton) {
      copyButton.hidden = false;
      copyButton.addEventListener("click", copy);
    }
    if (printButton && window.print) {
      printButton.hidden = false;
      printButton.addEventListener("click", function () { window.print(); });
    }
  }
})();
