/// The web reader's one script, compiled into the binary like its templates and style sheet. It
/// only improves a page that works without it: with scripts off, pages are as they were. It makes
/// the pages live (below), and keeps the reader usable offline with the service worker
/// (`WebOfflineScript`): edits saved offline wait in the browser and are sent when it is back.
///
/// It listens to `/events` (Server-Sent Events) and, on a change of another tab or device: shows the
/// note's new version, or the list's (fetched and swapped in place; while the person is in the
/// search field it offers to instead); on the edit form it says
/// that the note changed and what a save will do (merge, or show both versions). `#live` in the
/// header tells live, reconnecting or offline. Everything it writes is text (`textContent`), never HTML.
enum WebLiveScript {
    static let javaScript = #"""
    "use strict";
    (function () {
      var status = document.getElementById("live");
      if (!status || !window.EventSource) { return; }
      var note = document.querySelector("article.note[data-note]");
      var editor = document.querySelector("form.editor input[name=revision]");
      var editing = editor ? (editor.form.getAttribute("action").match(/^\/notes\/([^\/]+)\/edit$/) || [])[1] : null;
      var list = document.querySelector("form.search");

      function show(state, text) {
        status.hidden = false;
        status.dataset.state = state;
        status.textContent = text;
      }

      function banner(id, words, link, linkText) {
        var shown = document.getElementById(id);
        if (!shown) {
          shown = document.createElement("p");
          shown.id = id;
          shown.className = "notice";
          shown.setAttribute("role", "status");
          var main = document.getElementById("main");
          main.insertBefore(shown, main.firstChild);
        }
        shown.textContent = words + " ";
        if (link) {
          var anchor = document.createElement("a");
          anchor.href = link;
          anchor.textContent = linkText;
          shown.appendChild(anchor);
        }
      }

      // The page's content again, swapped in place: no navigation, so nothing the person is doing
      // (following a link, typing) is interrupted. DOMParser runs no script of what it reads.
      function refresh() {
        window.fetch(window.location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } })
          .then(function (answer) { return answer.ok ? answer.text() : null; })
          .then(function (text) {
            if (text === null) { return; }
            var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("main");
            var current = document.getElementById("main");
            if (!fresh || !current) { return; }
            // What this page told the person (an edit sent, a copy made) stays told.
            Array.prototype.slice.call(current.querySelectorAll(".notice")).reverse().forEach(function (notice) {
              fresh.insertBefore(notice, fresh.firstChild);
            });
            current.replaceWith(document.adoptNode(fresh));
            note = document.querySelector("article.note[data-note]");
            list = document.querySelector("form.search");
          })
          .catch(function () {});
      }

      function changed(change) {
        if (note && change.id === note.dataset.note && change.revision > Number(note.dataset.revision)) {
          refresh();
        } else if (editing && change.id === editing && change.revision > Number(editor.value)) {
          banner("changed", "This note changed elsewhere while you edit it (now revision " + change.revision + "). Saving merges your " +
                 "edit with that version when they change different lines; where they overlap you will be shown both.",
                 "/notes/" + change.id, "See the newer version");
        } else if (list) {
          var search = document.getElementById("q");
          if (document.activeElement === search) {
            banner("changed", "Notes changed elsewhere.", window.location.pathname + window.location.search, "Show them");
          } else {
            refresh();
          }
        }
      }

      // The browser reconnects a stream that ended; one it could not open at all (offline, the
      // server down) it gives up on, so this opens it again, waiting longer each time (2 s to 30 s),
      // and at once when the browser is back online. A new stream starts after the last event
      // this page saw (`since`), so no change made meanwhile is missed.
      var source = null, wait = 2000, timer = null, lastSeen = "";
      function heard(event) { if (event.lastEventId) { lastSeen = event.lastEventId; } }
      function connect() {
        timer = null;
        source = new EventSource("/events" + (lastSeen ? "?since=" + encodeURIComponent(lastSeen) : ""));
        // A stream that opens again means the server answers again: kept edits are sent then too.
        source.addEventListener("ready", function (event) { heard(event); wait = 2000; show("live", "Live"); flush(); });
        source.addEventListener("resync", function (event) { heard(event); wait = 2000; show("live", "Live"); });
        source.addEventListener("note", function (event) { heard(event); changed(JSON.parse(event.data)); });
        source.addEventListener("closed", function () { show("reconnecting", "Reconnecting…"); });
        // The Devices and Shared links pages follow the notices of what they list.
        var follows = { "/devices": "devices", "/shares": "shares" }[window.location.pathname];
        if (follows) { source.addEventListener(follows, refresh); }
        source.onerror = function () {
          if (navigator.onLine === false) { show("offline", "Offline"); } else { show("reconnecting", "Reconnecting…"); }
          if (source.readyState === EventSource.CLOSED) { later(); }
        };
      }
      function later() {
        if (timer !== null) { return; }
        timer = window.setTimeout(connect, wait);
        wait = Math.min(wait * 2, 30000);
      }

      window.addEventListener("offline", function () { show("offline", "Offline"); });
      // Back online, the old connection may be dead without knowing it: a new one is opened.
      window.addEventListener("online", function () {
        show("reconnecting", "Reconnecting…");
        if (timer !== null) { window.clearTimeout(timer); timer = null; }
        if (source) { source.close(); }
        wait = 2000;
        connect();
      });
      show("reconnecting", "Connecting…");
      connect();

      // --- Offline: the service worker keeps the pages opened lately; an edit saved while offline
      // is kept in this browser (IndexedDB) and sent when the connection returns. An edit the
      // server does not take (it changed the same lines meanwhile, or the note is gone) becomes a
      // note of its own, a conflict copy, shown here: an edit is never dropped.
      if (navigator.serviceWorker) { navigator.serviceWorker.register("/sw.js").catch(function () {}); }
      var pendingMark = document.getElementById("pending"), pending = 0;

      function store(mode, work) {
        return new Promise(function (resolve, reject) {
          var opening = window.indexedDB.open("quill", 1);
          opening.onupgradeneeded = function () { opening.result.createObjectStore("edits", { keyPath: "id" }); };
          opening.onerror = function () { reject(opening.error); };
          opening.onsuccess = function () {
            var transaction = opening.result.transaction("edits", mode);
            var request = work(transaction.objectStore("edits"));
            transaction.oncomplete = function () { resolve(request ? request.result : undefined); opening.result.close(); };
            transaction.onerror = function () { reject(transaction.error); opening.result.close(); };
          };
        });
      }
      function queued() { return store("readonly", function (edits) { return edits.getAll(); }); }
      function enqueue(edit) { return store("readwrite", function (edits) { return edits.put(edit); }); }
      function dequeue(id) { return store("readwrite", function (edits) { return edits.delete(id); }); }

      function countPending() {
        return queued().then(function (edits) {
          pending = edits.length;
          if (!pendingMark) { return; }
          pendingMark.hidden = pending === 0;
          pendingMark.textContent = pending === 1 ? "1 edit not sent yet" : pending + " edits not sent yet";
        }).catch(function () {});
      }

      function form(fields) {
        var data = new FormData();
        Object.keys(fields).forEach(function (name) { data.append(name, fields[name]); });
        return data;
      }

      function conflictCopy(edit) {
        return window.fetch("/notes/new", { method: "POST", credentials: "same-origin",
          body: form({ csrf: edit.csrf, title: edit.title + " (edited offline)", body: edit.body, tags: edit.tags }) })
          .then(function (answer) {
            if (!answer.ok) { return; }
            return dequeue(edit.id).then(function () {
              banner("conflict-copy", "Your offline edit of “" + edit.title + "” could not be merged with the note's newer version; " +
                     "it was kept as a note of its own.", answer.url, "Open the copy");
            });
          });
      }

      function send(edit) {
        return window.fetch("/notes/" + edit.id + "/edit", { method: "POST", credentials: "same-origin",
          body: form({ csrf: edit.csrf, revision: String(edit.revision), title: edit.title, body: edit.body, tags: edit.tags }) })
          .then(function (answer) {
            if (answer.ok) {
              return dequeue(edit.id).then(function () {
                banner("sent", "Your edit of “" + edit.title + "” made offline has reached the server.", "/notes/" + edit.id, "See the note");
              });
            }
            if (answer.status === 409 || answer.status === 404) { return conflictCopy(edit); }
            // Signed out, or the server failing: the edit stays kept and is tried again later.
          })
          .catch(function () {});
      }

      // One sending at a time: coming back online and the stream opening again both ask for it, and
      // an edit sent twice would be made twice (as two conflict copies, say).
      var flushing = false;
      function flush() {
        if (navigator.onLine === false || flushing) { return; }
        flushing = true;
        queued().then(function (edits) {
          return edits.reduce(function (chain, edit) { return chain.then(function () { return send(edit); }); }, Promise.resolve());
        }).then(countPending).catch(function () {}).then(function () { flushing = false; });
      }

      if (editor) {
        var keep = function (why) {
          var fields = editor.form.elements;
          enqueue({ id: editing, revision: Number(editor.value), title: fields.title.value, body: fields.body.value,
                    tags: fields.tags.value, csrf: fields.csrf.value, saved: Date.now() }).then(function () {
            banner("queued", why + ": this edit is kept in this browser and is sent when the server answers again.",
                   "/notes/" + editing, "Back to the note");
            return countPending();
          });
        };
        editor.form.addEventListener("submit", function (event) {
          event.preventDefault();
          if (navigator.onLine === false) { keep("You are offline"); return; }
          // Online as far as the browser knows, the server may still be out of reach (stopped, or a
          // proxy cut the way): it is asked first, so that the edit is kept here rather than lost
          // to the browser's error page. The form itself is then sent as it is (`submit()` fires
          // no second submit event).
          var stop = new AbortController(), timer = window.setTimeout(function () { stop.abort(); }, 5000);
          window.fetch("/healthz", { cache: "no-store", credentials: "same-origin", signal: stop.signal })
            .then(function (answer) {
              window.clearTimeout(timer);
              if (answer.ok) { editor.form.submit(); } else { keep("The server is not answering"); }
            })
            .catch(function () { window.clearTimeout(timer); keep("The server cannot be reached"); });
        });
      }
      window.addEventListener("beforeunload", function (event) {
        if (pending > 0) { event.preventDefault(); event.returnValue = ""; }
      });
      window.addEventListener("online", flush);
      countPending().then(flush);
      // And every 15 s while any waits: a server can come back without the browser or the stream noticing.
      window.setInterval(function () { if (pending > 0) { flush(); } }, 15000);

      // The page of what is kept for reading offline, and the room it takes.
      var kept = document.getElementById("kept");
      if (kept && window.caches) {
        window.caches.open("\#(WebOfflineScript.pagesCache)").then(function (cache) {
          return cache.keys().then(function (requests) {
            return Promise.all(requests.map(function (request) {
              return cache.match(request).then(function (answer) { return answer.text(); }).then(function (text) {
                var heading = new DOMParser().parseFromString(text, "text/html").querySelector("h1");
                var item = document.createElement("li"), anchor = document.createElement("a");
                anchor.href = new URL(request.url).pathname;
                anchor.dir = "auto";
                anchor.textContent = heading ? heading.textContent : anchor.href;
                item.appendChild(anchor);
                kept.appendChild(item);
              });
            }));
          });
        }).catch(function () {});
        if (navigator.storage && navigator.storage.estimate) {
          navigator.storage.estimate().then(function (estimate) {
            document.getElementById("space").textContent = "On this device they and the app take about " +
              (estimate.usage / 1048576).toFixed(1) + " MB.";
          });
        }
      }
    })();
    """#
}
