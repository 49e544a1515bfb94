/* An app of the book (apps/NAME.html, written by tools/build_apps.py): Python in
   Pyodide, the book's ipywidgets drawn by @jupyter-widgets/html-manager, no JupyterLab.

   The page's JSON (<script id="bd-app">) gives the app's code cells in each language,
   where Pyodide, the wheels and the widget manager are, and the words of the progress
   line. Three things load at once: Pyodide, the wheels (engine, ipywidgets, comm,
   traitlets: unpacked into site-packages, no micropip) and the widget manager. Then
   block_dominoes.widgets.webapp bridges the two sides: a Python comm posts each widget's
   messages here, where the manager makes models of them, and a model's messages go
   back to Python. The app's cells run; the widget the last one gives is drawn; then,
   and only then, <html> gets data-app-ready (with the milliseconds since the page
   started). Any failure replaces the progress line with one sentence saying what
   failed. No rule of the game is here: every answer comes from the Python engine. */
(function () {
  "use strict";
  var root = document.documentElement;
  var config = JSON.parse(document.getElementById("bd-app").textContent);
  var params = new URLSearchParams(window.location.search);
  var lang = config.languages.indexOf(params.get("lang")) >= 0 ? params.get("lang") : "en";
  var words = config.words[lang];
  var rtl = config.rtl.indexOf(lang) >= 0;
  var status = document.getElementById("bd-status");
  var stepText = document.getElementById("bd-step");
  var bar = document.getElementById("bd-progress");
  var appRoot = document.getElementById("bd-app-root");
  var failed = false;
  var timings = (window.bdTimings = {});

  /* --- the page in its language ------------------------------------------------ */
  root.lang = lang;
  root.dir = rtl ? "rtl" : "ltr";
  document.title = words.title;
  document.querySelectorAll("[data-bd-lang]").forEach(function (el) {
    el.hidden = el.getAttribute("data-bd-lang") !== lang;
  });
  var manifest = document.querySelector('link[rel="manifest"]');
  if (manifest && lang !== "en") {
    manifest.href = manifest.getAttribute("href").replace(/\.webmanifest$/, "." + lang + ".webmanifest");
  }

  /* --- progress and failure ------------------------------------------------------ */
  function mark(name) {
    timings[name] = Math.round(performance.now());
  }
  function step(key, fraction) {
    if (failed) return;
    stepText.textContent = words[key];
    bar.value = fraction;
    bar.textContent = Math.round(fraction * 100) + "%";
  }
  function fail(what, error) {
    var reason = error && error.message ? error.message : String(error);
    // a Python error's message is its traceback: its last line says what went wrong
    var lines = reason.trim().split("\n");
    if (failed) return;
    failed = true;
    console.error(what, error);
    status.classList.add("bd-failed");
    stepText.textContent = words.failed.replace("{what}", words[what] || what) + " " +
      lines[lines.length - 1];
    bar.hidden = true;
    var again = document.createElement("button");
    again.type = "button";
    again.textContent = words.retry;
    again.addEventListener("click", function () { window.location.reload(); });
    status.appendChild(again);
    root.setAttribute("data-app-failed", "");
  }
  window.addEventListener("unhandledrejection", function (e) {
    // before the app is ready the start failed; after, one line under the app says so
    if (root.hasAttribute("data-app-ready")) showError(e.reason); else fail("step_app", e.reason);
  });

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = function () { reject(new Error(src + ": " + words.missing)); };
      document.head.appendChild(s);
    });
  }
  function fetchBytes(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url + ": HTTP " + r.status);
      return r.arrayBuffer();
    });
  }

  /* --- three loads at once ------------------------------------------------------- */
  step("step_python", 0.05);
  var pyodideReady = loadScript(config.pyodide + "pyodide.js").then(function () {
    return window.loadPyodide({ indexURL: config.pyodide });
  }).then(function (py) { mark("python"); return py; });
  var wheelsReady = Promise.all(config.wheels.map(fetchBytes)).then(function (w) {
    mark("wheels");
    return w;
  });
  var managerReady = loadScript(config.vendor + "requirejs/require.js").then(function () {
    var folder = config.vendor + "html-manager";
    // html-manager takes its fonts' address from this global (see vendor/widgets-setup.js)
    window.__jupyter_widgets_assets_path__ = new URL(folder + "/", window.location.href).href;
    window.require.config({ paths: { "@jupyter-widgets": folder, "@jupyter-widgets/html-manager/dist": folder } });
    return loadScript(config.vendor + "html-manager/embed-amd.js");
  }).then(function () {
    return new Promise(function (resolve, reject) {
      window.require(["@jupyter-widgets/html-manager"], function (m) {
        mark("manager");
        resolve(new m.HTMLManager());
      }, reject);
    });
  });
  pyodideReady.then(function () { step("step_engine", 0.6); }, function (e) { fail("step_python", e); });
  // each load's failure is named by its own step, whichever happens first
  wheelsReady.catch(function (e) { fail("step_engine", e); });
  managerReady.catch(function (e) { fail("step_widgets", e); });

  /* --- the comm bridge: a model's comm sends to Python, Python posts to models ----- */
  var comms = new Map();
  var toPython = null;
  var queue = Promise.resolve();

  function asBytes(buffers) {
    return (buffers || []).map(function (b) {
      if (b instanceof ArrayBuffer) return new Uint8Array(b);
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    });
  }
  function asViews(buffers) {
    var out = [];
    for (var i = 0; i < (buffers ? buffers.length : 0); i++) {
      var b = buffers[i];
      out.push(new DataView(b.buffer, b.byteOffset, b.byteLength));
    }
    return out;
  }
  function post(kind, commId, payload, buffers) {
    // After the model's own bookkeeping, in order; a Python error shows, it does not stop the app.
    var text = JSON.stringify(payload);
    var bytes = asBytes(buffers);
    queue = queue.then(function () {
      try {
        toPython(kind, commId, text, bytes);
      } catch (e) {
        console.error(e);
        showError(e);
      }
    });
    return queue;
  }
  function showError(e) {
    var lines = String(e && e.message ? e.message : e).trim().split("\n");
    var line = document.getElementById("bd-error");
    line.textContent = words.error + " " + lines[lines.length - 1];
    line.hidden = false;
  }

  function Comm(commId, targetName) {
    this.comm_id = commId;
    this.target_name = targetName;
    this._onMsg = null;
    this._onClose = null;
    this._waiting = [];
  }
  Comm.prototype.on_msg = function (callback) {
    this._onMsg = callback;
    var waiting = this._waiting;
    this._waiting = [];
    waiting.forEach(callback);
  };
  Comm.prototype.on_close = function (callback) { this._onClose = callback; };
  Comm.prototype.open = function () { return this.comm_id; };
  Comm.prototype.send = function (data, callbacks, metadata, buffers) {
    post("comm_msg", this.comm_id, { data: data, metadata: metadata || {} }, buffers).then(function () {
      // the model waits for "idle" before it sends its next change
      var iopub = callbacks && callbacks.iopub;
      if (iopub && iopub.status) iopub.status({ content: { execution_state: "idle" } });
    });
    return this.comm_id;
  };
  Comm.prototype.close = function (data, callbacks, metadata, buffers) {
    comms.delete(this.comm_id);
    post("comm_close", this.comm_id, { data: data || {}, metadata: metadata || {} }, buffers);
    return this.comm_id;
  };
  Comm.prototype._deliver = function (msg) {
    if (this._onMsg) this._onMsg(msg); else this._waiting.push(msg);
  };

  function fromPython(manager) {
    return function (kind, commId, text, buffers) {
      var payload = JSON.parse(text);
      var msg = {
        content: { comm_id: commId, data: payload.data, target_name: payload.target_name },
        metadata: payload.metadata,
        buffers: asViews(buffers && buffers.length !== undefined ? buffers : []),
      };
      if (kind === "comm_open") {
        var c = new Comm(commId, payload.target_name);
        comms.set(commId, c);
        manager.handle_comm_open(c, msg).catch(function (e) { console.error(e); showError(e); });
      } else if (kind === "comm_msg") {
        var known = comms.get(commId);
        if (known) known._deliver(msg);
      } else if (kind === "comm_close") {
        var gone = comms.get(commId);
        comms.delete(commId);
        if (gone && gone._onClose) gone._onClose(msg);
      }
    };
  }

  /* --- right to left, and the rule links ------------------------------------------ */
  // A widget cannot set an HTML attribute: a tool in a right-to-left language sits in a
  // box with the classes bd-rtl and bd-lang-<code> (block_dominoes.widgets.language_choice).
  // The widgets' links to the book are written for the live edition's pages
  // (live/app/index.html): they are read from there.
  var linkBase = new URL(config.links, window.location.href);
  function tidy() {
    document.querySelectorAll(".bd-rtl:not([dir])").forEach(function (box) { box.setAttribute("dir", "rtl"); });
    document.querySelectorAll("[class*='bd-lang-']:not([lang])").forEach(function (box) {
      var code = /(?:^|\s)bd-lang-([a-z]{2,3})(?:\s|$)/.exec(box.className);
      if (code) box.setAttribute("lang", code[1]);
    });
    document.querySelectorAll("#bd-app-root a[href^='../']:not([data-bd-link])").forEach(function (a) {
      a.setAttribute("data-bd-link", "");
      a.href = new URL(a.getAttribute("href"), linkBase).href;
    });
  }
  new MutationObserver(tidy).observe(appRoot, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["class", "href"],
  });

  /* --- carried over: what the JupyterLite apps kept (before issue 21) --------------- */
  // The score sheet app used to keep its sheet in JupyterLite's file storage (IndexedDB,
  // "JupyterLite Storage - <the live site's path>", store "files", key = the file's
  // path). If this browser has such a file and nothing kept here yet, it is copied to
  // localStorage, where block_dominoes.widgets.webapp.kept finds it. Anything odd: nothing done.
  function carryOver() {
    var name = config.keeps;
    var key = "block-dominoes:" + name;
    if (!name || !window.indexedDB || !indexedDB.databases) return Promise.resolve();
    try {
      if (localStorage.getItem(key) !== null) return Promise.resolve();
    } catch (e) {
      return Promise.resolve();
    }
    var db = "JupyterLite Storage - " + new URL(config.pyodide + "../../", window.location.href).pathname;
    return indexedDB.databases().then(function (found) {
      if (!found.some(function (d) { return d.name === db; })) return null;
      return new Promise(function (resolve) {
        var open = indexedDB.open(db);
        open.onerror = function () { resolve(null); };
        open.onsuccess = function () {
          var conn = open.result;
          var done = function (value) { conn.close(); resolve(value); };
          try {
            var get = conn.transaction("files", "readonly").objectStore("files").get(name);
            get.onsuccess = function () { done(get.result); };
            get.onerror = function () { done(null); };
          } catch (e) {
            done(null);
          }
        };
      });
    }).then(function (file) {
      if (!file || file.content === undefined || file.content === null) return;
      var text = typeof file.content === "string" ? file.content : JSON.stringify(file.content);
      localStorage.setItem(key, text);
      mark("carried_over");
    }).catch(function (e) { console.warn("nothing carried over:", e); });
  }
  var carried = carryOver();

  /* --- run -------------------------------------------------------------------------- */
  var stage = "step_python";
  pyodideReady.then(function (py) {
    stage = "step_engine";
    return wheelsReady.then(function (wheels) {
      var site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
      wheels.forEach(function (bytes) { py.unpackArchive(bytes, "wheel", { extractDir: site }); });
      py.runPython("import importlib; importlib.invalidate_caches()");
      var webapp = py.pyimport("block_dominoes.widgets.webapp");
      // Python may create widgets before the manager is there: their messages wait for it.
      var early = [];
      var deliver = function () { early.push(arguments); };
      webapp.start(function (kind, commId, text, buffers) { deliver(kind, commId, text, buffers); });
      toPython = webapp.receive_js;
      mark("engine");
      stage = "step_widgets";
      step("step_widgets", 0.7);
      py.runPython("import ipywidgets");
      mark("ipywidgets");
      return Promise.all([managerReady, carried]).then(function (both) {
        var manager = both[0];
        deliver = fromPython(manager);
        early.forEach(function (args) { deliver.apply(null, args); });
        early = null;
        stage = "step_app";
        step("step_app", 0.85);
        var cells = config.code[lang];
        var globals = py.toPy({ __name__: "__main__" });
        var run = cells.reduce(function (done, cell, i) {
          return done.then(function () {
            return py.runPythonAsync(cell, { globals: globals });
          }).then(function (value) { mark("cell" + i); return value; });
        }, Promise.resolve());
        return run.then(function (widget) {
          var id = webapp.model_id(widget);
          mark("python_app");
          return manager.get_model(id).then(function (model) {
            return manager.create_view(model);
          }).then(function (view) {
            return manager.display_view(view, appRoot);
          });
        });
      });
    });
  }).then(function () {
    tidy();
    var control = appRoot.querySelector("button, input, select, textarea");
    if (!control) throw new Error(words.no_control);
    status.hidden = true;
    mark("ready");
    root.setAttribute("data-app-ready", String(timings.ready));
    if ("serviceWorker" in navigator && config.serviceWorker) {
      navigator.serviceWorker.register(config.serviceWorker).catch(function (e) {
        console.warn("offline copy not made:", e);
      });
    }
  }).catch(function (e) { fail(stage, e); });
})();
