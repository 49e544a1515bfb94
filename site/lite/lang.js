/* The live edition's languages (issue 15), loaded first by the notebook and lab
   pages (tools/build_live.py adds it to their <head>).

   1. "?lang=ar" on a notebook's address opens its Arabic copy: notebooks/index.html?
      path=explorer.ipynb&lang=ar becomes ?path=ar/explorer.ipynb before JupyterLite
      reads the address (the copies are made by tools/build_live.py; the apps choose
      their language in apps/NAME.html instead).
   2. A widget cannot set an HTML attribute, so a tool built in a right-to-left
      language sits in a box with the classes "bd-rtl" and "bd-lang-<code>"
      (block_dominoes.widgets.language_choice): this gives every such box dir="rtl"
      and lang="<code>", so the tool's layout and text flow right to left. */
(function () {
  "use strict";
  var params = new URLSearchParams(window.location.search);
  var lang = params.get("lang");
  var path = params.get("path");
  if (lang && /^[a-z]{2,3}$/.test(lang) && lang !== "en" && path && path.indexOf("/") < 0) {
    params.set("path", lang + "/" + path);
    params.delete("lang");
    window.history.replaceState(
      null, "", window.location.pathname + "?" + params.toString() + window.location.hash
    );
  }

  var style = document.createElement("style");
  style.textContent =
    ".bd-rtl { direction: rtl; text-align: right; }\n" +
    /* code a reader types or copies reads left to right, as in the Arabic book (rtl.css) */
    ".bd-rtl code { direction: ltr; unicode-bidi: isolate; }\n" +
    ".bd-language-choice { direction: ltr; }\n" +
    /* five languages' buttons wrap on a phone instead of pushing the page sideways */
    ".bd-language-choice.widget-toggle-buttons { flex-wrap: wrap; height: auto; }\n";
  document.head.appendChild(style);

  function mark() {
    var boxes = document.querySelectorAll(".bd-rtl:not([dir]), [class*='bd-lang-']:not([lang])");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      if (box.classList.contains("bd-rtl") && !box.hasAttribute("dir")) {
        box.setAttribute("dir", "rtl");
      }
      var code = /(?:^|\s)bd-lang-([a-z]{2,3})(?:\s|$)/.exec(box.className);
      if (code && !box.hasAttribute("lang")) {
        box.setAttribute("lang", code[1]);
      }
    }
  }
  new MutationObserver(mark).observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["class"],
  });
})();
