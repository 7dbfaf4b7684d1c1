/* Keep the screen awake while the deal screen or the viewer is shown (Screen Wake Lock API, where the browser has
   it). Written into those pages inline, so that it costs them no request of their own (they already make four);
   the Content-Security-Policy allows exactly this script, by its hash (referee/web/core/assets.py). */
(function () {
  "use strict";
  if (!document.body || !document.body.hasAttribute("data-keep-awake") || !("wakeLock" in navigator)) return;
  function ask() {
    if (document.visibilityState === "visible") navigator.wakeLock.request("screen").catch(function () {});
  }
  document.addEventListener("visibilitychange", ask); /* the browser lets go of it whenever the page is hidden */
  ask();
})();
