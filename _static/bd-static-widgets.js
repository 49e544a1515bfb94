/* Block dominoes, static site only: widgets that need Python say so.

   Jupyter Book adds every .js in _static/ to every page of the book, and to
   nothing else: Jupyter and the live edition (JupyterLite) never load it. So
   any widget carrying the class bd-needs-kernel that appears here is a stored
   copy with no kernel behind it. This script greys it out (CSS class
   bd-no-kernel), makes it inert, and puts one line above it linking to the
   chapter's live notebook (the page's "Run live" link, added by
   site/ext/live_edition.py), or to the live edition's start page. */
(function () {
  "use strict";
  // The page's own words, in its edition's language (site/ext/templates/lang-switch.html).
  function word(key, english) {
    var found = document.querySelector(".bd-page-words");
    return (found && found.dataset[key]) || english;
  }

  function liveHref() {
    var run = document.querySelector("a.bd-run-live");
    if (run) return run.getAttribute("href");
    var root = document.documentElement.getAttribute("data-content_root") || "";
    return root + "live/index.html";
  }

  function mark(widget) {
    if (widget.classList.contains("bd-no-kernel")) return;
    widget.classList.add("bd-no-kernel");
    widget.setAttribute("inert", "");
    widget.setAttribute("aria-disabled", "true");
    // Parts of one widget marked side by side (the checker's form) share one note.
    var before = widget.previousElementSibling;
    if (before && before.classList.contains("bd-needs-kernel")) return;
    var note = document.createElement("p");
    note.className = "bd-kernel-note";
    note.setAttribute("role", "note");
    note.appendChild(document.createTextNode(word("needsPython", "This tool needs Python running: ")));
    var link = document.createElement("a");
    link.href = liveHref();
    link.className = "bd-run-live";
    link.textContent = word("openLive", "open it in the live edition");
    note.appendChild(link);
    note.appendChild(document.createTextNode("."));
    widget.parentNode.insertBefore(note, widget);
  }

  function scan() {
    document.querySelectorAll(".bd-needs-kernel").forEach(mark);
  }

  function start() {
    scan();
    // html-manager renders the widgets after load: watch for them for a while.
    var watcher = new MutationObserver(scan);
    watcher.observe(document.body, { childList: true, subtree: true });
    setTimeout(function () { watcher.disconnect(); scan(); }, 60000);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
