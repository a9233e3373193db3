/// The personal page's script, inline (its SHA-256 in the page's policy). An answer is posted
/// without leaving the page, and the page's main part is replaced by the one the server answers
/// with (the same page, after its 303), so the place or waiting position shows at once. The page
/// stays live from its event stream (`…/events`): when the group's answers change (a friend
/// drops out and this one moves up) the page is read again and its main part replaced. Without
/// the script the form posts and the browser follows the 303 back: the same outcome, with a
/// reload. It moves the server's own markup only, never text into markup.
extension InlineAsset {
    static let answerScript = InlineAsset(script: """
        (function () {
          "use strict";
          if (!window.fetch || !window.DOMParser) { return; }
          var root = location.pathname.split("/").slice(0, 3).join("/");
          var posting = false, loading = false, again = false;
          function swap(html) {
            var next = new DOMParser().parseFromString(html, "text/html").querySelector("main");
            var main = document.querySelector("main");
            if (next && main) { main.replaceWith(document.adoptNode(next)); }
          }
          // One reading at a time, and one more after it when news came meanwhile: an older
          // answer arriving late never replaces a newer one.
          function refresh() {
            if (posting || loading) { again = true; return; }
            loading = true;
            fetch(root, { cache: "no-store", credentials: "omit" }).then(function (response) {
              return response.ok ? response.text() : null;
            }).then(function (html) { if (html !== null && !posting) { swap(html); } }).catch(function () {}).then(function () {
              loading = false;
              if (again && !posting) { again = false; refresh(); }
            });
          }
          document.addEventListener("submit", function (event) {
            var form = event.target;
            if (!form.matches || !form.matches("form.answers")) { return; }
            event.preventDefault();
            var button = event.submitter;
            var body = new URLSearchParams();
            if (button && button.name) { body.append(button.name, button.value); }
            var buttons = form.querySelectorAll("button");
            for (var i = 0; i < buttons.length; i++) { buttons[i].disabled = true; }
            posting = true;
            fetch(form.action, { method: "POST", body: body, credentials: "omit" })
              .then(function (response) { return response.text(); })
              .then(function (html) { posting = false; swap(html); if (again) { again = false; refresh(); } })
              .catch(function () {
                posting = false;
                for (var j = 0; j < buttons.length; j++) { buttons[j].disabled = false; }
              });
          });
          if (!window.EventSource) { return; }
          // Kept open whatever happens, as the share page's: reopened with a growing wait after a
          // failure, and at once when the page is shown again (a phone waking).
          var events = null, wait = 1000, timer = null;
          function connect() {
            clearTimeout(timer);
            if (events) { events.close(); }
            events = new EventSource(root + "/events");
            // Opened (or opened again): what changed before it was open is read now.
            events.addEventListener("open", function () { wait = 1000; refresh(); });
            events.addEventListener("results", refresh);
            events.addEventListener("error", function () {
              if (events.readyState === EventSource.CLOSED) {
                timer = setTimeout(function () { refresh(); connect(); }, wait);
                wait = Math.min(wait * 2, 30000);
              }
            });
          }
          document.addEventListener("visibilitychange", function () {
            if (document.visibilityState === "visible") { wait = 1000; refresh(); connect(); }
          });
          connect();
        })();
        """)
}
