/// The web reader's one script, compiled into the binary like its templates and style sheet. It
/// only improves a page that works without it: with scripts off, pages are as they were.
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
        source.addEventListener("ready", function (event) { heard(event); wait = 2000; show("live", "Live"); });
        source.addEventListener("resync", function (event) { heard(event); wait = 2000; show("live", "Live"); });
        source.addEventListener("note", function (event) { heard(event); changed(JSON.parse(event.data)); });
        source.addEventListener("closed", function () { show("reconnecting", "Reconnecting…"); });
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
    })();
    """#
}
