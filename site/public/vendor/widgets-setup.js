/*
 * Block dominoes site: point the widget loader at the vendored files, so a page
 * with stored widget state renders offline and asks nothing from another host.
 *
 * Loaded by every page with widgets between requirejs/require.js and
 * html-manager/embed-amd.js (see nb_ipywidgets_js in _config.yml). It finds the
 * vendor folder from its own URL, so it works at any page depth and from file://.
 */
(function () {
  "use strict";
  var me = document.currentScript;
  var vendor = new URL(".", me.src).href; // .../vendor/
  var manager = vendor + "html-manager/";
  // html-manager's webpack chunks take their public path (fonts) from this
  // global, or else from the URL of the AMD module that defined them.
  window.__jupyter_widgets_assets_path__ = manager;
  // ... so every @jupyter-widgets module id resolves to a file in that folder
  // (the more specific html-manager/dist entry wins for libembed-amd).
  var folder = manager.replace(/\/$/, "");
  window.require.config({
    paths: {
      "@jupyter-widgets": folder,
      "@jupyter-widgets/html-manager/dist": folder,
    },
  });
  // A widget module that is not bundled in embed-amd.js would be fetched from
  // jsdelivr; point that lookup at a local folder instead, so it fails locally
  // (a 404 the browser test reports) instead of leaving the machine.
  me.setAttribute("data-jupyter-widgets-cdn", vendor + "npm/");

  // The widgets typeset their labels with the MathJax 2 call
  // MathJax.Hub.Queue(["Typeset", MathJax.Hub, element]) whenever window.MathJax
  // exists; Sphinx loads MathJax 3, which has no Hub, so on a page with both
  // math and widgets that call would throw. Give MathJax 3 a Hub that does the
  // same with typesetPromise. MathJax 3 replaces the global object when its
  // (deferred) script runs, so add the Hub again once deferred scripts are done.
  function addHub() {
    var mj = window.MathJax;
    if (!mj || mj.Hub) {
      return;
    }
    mj.Hub = {
      Queue: function (job) {
        var now = window.MathJax;
        var element = job && job[2];
        if (element && now && typeof now.typesetPromise === "function") {
          now.typesetPromise([element]).catch(function () {});
        }
      },
    };
  }
  addHub();
  document.addEventListener("DOMContentLoaded", addHub);
  window.addEventListener("load", addHub);
})();
