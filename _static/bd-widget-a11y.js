/* Block dominoes, static site only: the stored widgets, named for screen readers
   (issue 22).

   html-manager draws a Play widget as four icon-only buttons and a slider as a
   handle with role="slider" but no name, so a screen reader says "button" four
   times and "slider". Once the widgets are drawn, this script names each of them
   in the page's language (the words come from site/ext/templates/lang-switch.html):
   the Play buttons by what they do, a slider's handle by the label written beside it
   (the widget's description, "Move"), and an input or text area with no label by its
   placeholder. A question's feedback (a Stack of panels, one shown per choice) is
   made a polite live region, so the verdict is read out when a choice is clicked.
   Jupyter Book adds every .js in _static/ to every page, and to nothing else. */
(function () {
  "use strict";
  function word(key, english) {
    var found = document.querySelector(".bd-page-words");
    return (found && found.dataset[key]) || english;
  }

  var ICONS = [
    ["fa-play", "play", "Play"],
    ["fa-pause", "pause", "Pause"],
    ["fa-stop", "stop", "Stop"],
    ["fa-retweet", "repeat", "Repeat"],
    ["fa-repeat", "repeat", "Repeat"]
  ];

  function nameButton(button) {
    if (button.getAttribute("aria-label") || button.textContent.trim()) return;
    var icon = button.querySelector("i");
    if (!icon) return;
    for (var i = 0; i < ICONS.length; i++) {
      if (icon.classList.contains(ICONS[i][0])) {
        var name = word(ICONS[i][1], ICONS[i][2]);
        button.setAttribute("aria-label", name);
        button.setAttribute("title", name);
        return;
      }
    }
  }

  function nameSlider(handle) {
    if (handle.getAttribute("aria-label")) return;
    var widget = handle.closest(".widget-slider, .jupyter-widgets");
    var label = widget && widget.querySelector(".widget-label");
    var text = label && label.textContent.trim();
    handle.setAttribute("aria-label", text || word("step", "Step"));
  }

  function nameField(field) {
    if (field.getAttribute("aria-label") || field.labels && field.labels.length &&
        field.labels[0].textContent.trim()) return;
    var text = field.getAttribute("placeholder") || field.getAttribute("title");
    if (text) field.setAttribute("aria-label", text);
  }

  function scan() {
    document.querySelectorAll(".jupyter-widgets button").forEach(nameButton);
    document.querySelectorAll(".jupyter-widgets [role='slider']").forEach(nameSlider);
    document.querySelectorAll(".jupyter-widgets :is(input, textarea, select)").forEach(nameField);
    // sphinx-togglebutton's buttons say "Toggle hidden content" in every edition
    document.querySelectorAll("button.toggle-button").forEach(function (button) {
      var name = word("toggle", "");
      if (name) button.setAttribute("aria-label", name);
    });
    // the Stack of feedback panels: the question box's last child (html-manager gives
    // a Stack no class of its own)
    document.querySelectorAll(".bd-quiz > .widget-container:last-child").forEach(function (stack) {
      stack.setAttribute("aria-live", "polite");
    });
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
