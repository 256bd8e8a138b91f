/// The web reader's service worker (`/sw.js`) and its manifest: what makes the reader an
/// installable web app whose pages opened lately stay readable offline.
///
/// Pages are asked of the network first; a page that answers 200 is kept (the 50 latest), and is
/// what the browser shows when the network cannot be reached. The style sheet and the script are
/// kept at install. Signing out (any visit to the sign-in page) forgets every kept page, so nothing
/// of an account stays readable in the browser after it.
enum WebOfflineScript {
    static let pagesCache = "quill-pages-v1"
    static let shellCache = "quill-shell-v1"
    static let keptPages = 50

    static let serviceWorker = #"""
    "use strict";
    var PAGES = "\#(pagesCache)", SHELL = "\#(shellCache)", KEPT = \#(keptPages);
    var SHELL_FILES = ["/static/quill.css", "/static/quill.js", "/static/quill.svg", "/manifest.webmanifest"];

    self.addEventListener("install", function (event) {
      event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(SHELL_FILES); }).then(function () {
        return self.skipWaiting();
      }));
    });

    self.addEventListener("activate", function (event) {
      event.waitUntil(self.clients.claim());
    });

    function keep(request, response) {
      return caches.open(PAGES).then(function (cache) {
        return cache.put(request, response).then(function () { return cache.keys(); }).then(function (keys) {
          return Promise.all(keys.slice(0, Math.max(0, keys.length - KEPT)).map(function (key) { return cache.delete(key); }));
        });
      });
    }

    function offlinePage() {
      return new Response("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Offline · Quill</title>" +
        "<link rel=\"stylesheet\" href=\"/static/quill.css\"></head><body><main id=\"main\"><h1>Offline</h1>" +
        "<p>This page was not opened on this device while online, so it cannot be shown without a connection.</p>" +
        "<p><a href=\"/offline\">The notes kept for reading offline</a></p></main></body></html>",
        { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }

    self.addEventListener("fetch", function (event) {
      var request = event.request, url = new URL(request.url);
      if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
      if (url.pathname === "/login") {
        // Signing in or out: nothing of an account stays kept.
        event.waitUntil(caches.delete(PAGES));
        return;
      }
      if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/manifest.webmanifest") {
        event.respondWith(fetch(request).then(function (response) {
          var copy = response.clone();
          caches.open(SHELL).then(function (cache) { cache.put(request, copy); });
          return response;
        }).catch(function () { return caches.match(request, { cacheName: SHELL }); }));
        return;
      }
      var page = request.mode === "navigate" && (url.pathname === "/" || /^\/notes\/[^\/]+(\/edit)?$/.test(url.pathname) || url.pathname === "/offline");
      if (!page) { return; }
      event.respondWith(fetch(request).then(function (response) {
        if (response.status === 200 && !response.redirected && url.pathname !== "/offline") {
          var copy = response.clone();
          event.waitUntil(keep(request, copy));
        }
        return response;
      }).catch(function () {
        return caches.match(request, { cacheName: PAGES }).then(function (kept) { return kept || offlinePage(); });
      }));
    });
    """#

    static let manifest = #"""
    {
      "name": "Quill",
      "short_name": "Quill",
      "description": "Your notes, on your own server.",
      "start_url": "/",
      "scope": "/",
      "display": "standalone",
      "background_color": "#ffffff",
      "theme_color": "#1d4ed8",
      "icons": [{ "src": "/static/quill.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any" }]
    }
    """#

    static let icon = #"""
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#1d4ed8"/><path d="M352 96c-96 32-176 128-208 256l-32 64 64-32c64-16 112-48 144-96l-64 16 96-64c16-48 16-96 0-144z" fill="#ffffff"/></svg>
    """#
}
