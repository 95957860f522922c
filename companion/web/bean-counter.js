// Bean Counter's page script, run after Flet's config and before Flutter starts.
// companion/server.py serves it with __CONFIG__ filled in (version, words).
(function () {
  "use strict";
  var config = __CONFIG__;

  // 0. This phone's device token (the app keeps it in local storage) as a cookie of this
  //    server, sent with the app's websocket: the server's door never refuses the host's
  //    phone for places other phones hold (companion/server.py, DEVICE_COOKIE).
  try {
    var token = JSON.parse(localStorage.getItem("flutter.bean-counter.device"));
    if (typeof token === "string" && /^[0-9a-f]{1,64}$/.test(token)) {
      document.cookie = "bean-counter-device=" + token + "; path=/; SameSite=Strict" +
        (location.protocol === "https:" ? "; Secure" : "");
    }
  } catch (e) { }

  // 1. Flet's client files from versioned addresses, which the server lets phones keep:
  //    a reload asks only for the page itself.
  var versioned = flet.entrypointBaseUrl + "v/" + config.version + "/";
  flet.entrypointBaseUrl = versioned;
  flet.assetBase = versioned;
  flet.canvasKitBaseUrl = versioned + "canvaskit/";

  // 2. Nothing from off this machine: Flet's client loads a Rive animation runtime from a
  //    public CDN at start-up (the app shows no Rive animation). A script address on
  //    another site is not set, so no request leaves (it would fail offline anyway).
  var src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
  Object.defineProperty(HTMLScriptElement.prototype, "src", {
    configurable: true,
    enumerable: src.enumerable,
    get: src.get,
    set: function (url) {
      if (new URL(String(url), document.baseURI).origin !== location.origin) {
        console.info("Bean Counter: not loading " + url + " (nothing is fetched off this machine)");
        return;
      }
      src.set.call(this, url);
    }
  });

  // 3. The connection to the table: when the app's websocket closes, say so over the
  //    whole screen (instead of Flet's "Working..."); when the server answers again,
  //    reload the page: the same screen, a new session (Flet's own retries wait longer
  //    and longer, and find a restarted server's session gone). The last screen stays
  //    under the panel, dimmed; the reloaded page says "Reconnecting…" over Flet's splash
  //    and its first empty frames until the app has drawn its screen (issue 48).
  function language() {
    var chosen = null;
    try { chosen = JSON.parse(localStorage.getItem("flutter.bean-counter.language")); } catch (e) { }
    var wanted = [chosen].concat(navigator.languages || [navigator.language]);
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i] || "").toLowerCase().split("-")[0];
      if (config.words[code]) return code;
    }
    return "en";
  }

  var icon = document.createElement("img");  // loaded now: when it is needed the server is gone
  icon.src = "icons/icon-192.png";
  icon.alt = "";

  var panel = null;
  function show() {
    if (panel) return;
    var words = config.words[language()];
    panel = document.createElement("div");
    panel.id = "connection-lost";
    panel.setAttribute("role", "alert");
    panel.innerHTML =
      "<style>" +
      "#connection-lost{position:fixed;inset:0;z-index:2147483647;display:flex;flex-direction:column;" +
      "align-items:center;justify-content:center;gap:16px;padding:32px;text-align:center;" +
      "background:rgba(255,248,246,.9);color:#231917;font:1rem/1.5 Roboto,system-ui,sans-serif}" +
      "#connection-lost h1{font-size:1.375rem;font-weight:500;margin:0}" +
      "#connection-lost p{margin:0;max-width:28em;color:#53433f}" +
      "#connection-lost img{width:72px;height:72px;animation:bc-wait 1.6s ease-in-out infinite}" +
      "@keyframes bc-wait{50%{opacity:.35}}" +
      "@media (prefers-color-scheme: dark){#connection-lost{background:rgba(26,17,15,.9);color:#f1dfda}" +
      "#connection-lost p{color:#d8c2bc}}" +
      "</style>";
    var title = document.createElement("h1");
    title.textContent = words.lost;
    var body = document.createElement("p");
    body.textContent = words.reconnects;
    panel.append(icon, title, body);
    for (var i = 0; i < document.body.children.length; i++) {
      document.body.children[i].inert = true;  // Flet's own "Working..." below: not read out, not tapped
    }
    document.body.append(panel);
    waitForServer();
  }

  function startAfresh() {
    // The same screen in a new session at once: the tab's Flet session id (kept in its
    // sessionStorage) names a session the restarted server never had, or one still
    // waiting on the dead connection; left in place it stranded the tab blank.
    try {
      sessionStorage.removeItem("_flet_session_id");
      sessionStorage.setItem(BACK, "1");  // the reloaded page says it is coming back
    } catch (e) { }
    location.reload();
  }

  function waitForServer() {
    // The page's own script, asked without cache: it answers once the server is back.
    setTimeout(function () {
      if (!panel) return;
      fetch("bean-counter.js", { cache: "no-store", method: "HEAD" }).then(function (answer) {
        if (!answer.ok) throw new Error(String(answer.status));
        // Flet reconnects by itself when its next try comes; do not wait for it.
        startAfresh();
      }).catch(waitForServer);
    }, 1000);
  }

  var BACK = "bean-counter.back";
  var back = null;  // the "Reconnecting…" panel of a page reloaded to come back
  var quiet = null;
  var heard = 0;
  function comingBack() {
    var words = config.words[language()];
    back = document.createElement("div");
    back.id = "connection-back";
    back.setAttribute("role", "status");
    back.innerHTML =
      "<style>" +
      "#connection-back{position:fixed;inset:0;z-index:2147483647;display:flex;flex-direction:column;" +
      "align-items:center;justify-content:center;gap:16px;pointer-events:none;" +
      "background:rgba(255,248,246,.9);color:#231917;font:1.375rem/1.5 Roboto,system-ui,sans-serif}" +
      "#connection-back img{width:72px;height:72px;animation:bc-wait 1.6s ease-in-out infinite}" +
      "@keyframes bc-wait{50%{opacity:.35}}" +
      "@media (prefers-color-scheme: dark){#connection-back{background:rgba(26,17,15,.9);color:#f1dfda}}" +
      "</style>";
    var title = document.createElement("p");
    title.textContent = words.back;
    back.append(icon, title);
    document.body.append(back);
    setTimeout(drawn, 20000);  // at the latest: never left over a screen
  }
  function drawn() {
    if (back) { back.remove(); back = null; }
  }
  function heardApp() {
    // The app draws its screen in a few messages (the page, the phone's token, the screen):
    // once they have come and the socket is quiet for a moment, the screen is there.
    heard += 1;
    if (!back) return;
    clearTimeout(quiet);
    quiet = setTimeout(function () { if (heard >= 3) drawn(); }, 700);
  }
  try {
    if (sessionStorage.getItem(BACK)) {
      sessionStorage.removeItem(BACK);
      if (document.body) comingBack(); else document.addEventListener("DOMContentLoaded", comingBack);
    }
  } catch (e) { }

  var NativeWebSocket = window.WebSocket;
  var appSocket = new URL(flet.webSocketEndpoint, location.href).pathname;
  function Watched(url, protocols) {
    var socket = protocols === undefined ? new NativeWebSocket(url) : new NativeWebSocket(url, protocols);
    if (new URL(String(url), location.href).pathname === appSocket) {
      socket.addEventListener("open", function () {
        // Flet's client reconnected by itself: after a server restart it would show a
        // blank page (its session is gone), so start afresh on the same screen.
        if (panel) startAfresh();
        connected = true;
      });
      socket.addEventListener("message", heardApp);
      socket.addEventListener("close", function () {
        // only a connection this page had is lost (a page that never connected is left
        // to Flet's own message: reloading it could go on for ever)
        if (connected && !leaving) show();
      });
    }
    return socket;
  }
  Watched.prototype = NativeWebSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) { Watched[name] = NativeWebSocket[name]; });
  window.WebSocket = Watched;

  var connected = false;
  var leaving = false;
  window.addEventListener("pagehide", function () { leaving = true; });

  // 4. What the phone is given (issue 34): beanCounter.awake() says whether the app holds
  //    the screen's wake lock now (Flet's client asks navigator.wakeLock, which browsers
  //    offer only to secure pages: https, or the serving machine itself);
  //    beanCounter.secure() whether this page is one, and what it has there. For a test,
  //    or a host looking in the browser's console.
  var locks = [];
  if (navigator.wakeLock && navigator.wakeLock.request) {
    var request = navigator.wakeLock.request.bind(navigator.wakeLock);
    navigator.wakeLock.request = function (type) {
      return request(type).then(function (sentinel) {
        locks.push(sentinel);
        sentinel.addEventListener("release", function () { locks.splice(locks.indexOf(sentinel), 1); });
        return sentinel;
      });
    };
  }
  window.beanCounter = {
    awake: function () { return locks.some(function (s) { return !s.released; }); },
    secure: function () {
      return {
        secureContext: window.isSecureContext, wakeLock: !!navigator.wakeLock,
        share: typeof navigator.share === "function", serviceWorker: "serviceWorker" in navigator
      };
    }
  };
})();
