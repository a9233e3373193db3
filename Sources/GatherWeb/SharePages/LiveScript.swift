/// The one script of the share pages, inline (its SHA-256 in the page's policy): it shows times in
/// the reader's own zone, and keeps the page live from its event stream (`…/events`): the match
/// being played (score, sides, the clock counted down here from the time left the server sent) and,
/// when a result is saved, the table and results fetched again. Without it the page is complete as
/// the server wrote it. It writes text only through `textContent`: names never become markup.
extension InlineAsset {
    static let liveScript = InlineAsset(script: """
        (function () {
          "use strict";
          var root = location.pathname.split("/").slice(0, 3).join("/");
          function localTimes(scope) {
            var times = scope.querySelectorAll("time[datetime]");
            for (var i = 0; i < times.length; i++) {
              var when = new Date(times[i].getAttribute("datetime"));
              if (!isNaN(when.getTime())) {
                times[i].textContent = when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
              }
            }
          }
          localTimes(document);
          if (!window.EventSource) { return; }
          var live = document.getElementById("live");
          if (!live) { return; }
          function byId(id) { return document.getElementById(id); }
          function fill(list, names) {
            while (list.firstChild) { list.removeChild(list.firstChild); }
            names.forEach(function (name) {
              var item = document.createElement("li");
              item.textContent = name;
              list.appendChild(item);
            });
          }
          function two(n) { return (n < 10 ? "0" : "") + n; }
          function clockText(seconds) { return two(Math.floor(seconds / 60)) + ":" + two(seconds % 60); }
          var deadline = null, shown = null, timer = null;
          function tick() {
            if (deadline === null) { return; }
            var left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
            byId("live-clock").textContent = clockText(left);
            if (left === 0) {
              byId("live-state").textContent = shown && shown.phase === "halfTime" ? "Half time \\u00b7 break over" : "Time's up";
              deadline = null;
            }
          }
          var states = { ready: "Kick-off soon", running: "Clock running", paused: "Paused", timeUp: "Time's up", halfTime: "Half time",
                         ended: "Full time" };
          var connected = true;
          function stateText(match) {
            // Not heard from the organiser for a while (the server restarted, a phone slept): said, as it may be behind.
            var quiet = typeof match.heardSecondsAgo === "number" ? " \\u00b7 not heard for " + match.heardSecondsAgo + " s" : "";
            var period = match.periodName && match.phase !== "halfTime" && match.phase !== "ended" ? match.periodName + " \\u00b7 " : "";
            return period + (states[match.phase] || "") + quiet + (connected ? "" : " \\u00b7 reconnecting\\u2026");
          }
          function show(match) {
            shown = match;
            if (!match) { live.hidden = true; deadline = null; return; }
            live.hidden = false;
            byId("live-score").textContent = match.scoreA + " \\u2013 " + match.scoreB;
            fill(byId("live-team-a"), match.teamA);
            fill(byId("live-team-b"), match.teamB);
            var goals = match.goals || [];
            ["Team A", "Team B"].forEach(function (team, side) {
              byId(side === 0 ? "live-goals-a" : "live-goals-b").textContent =
                goals.filter(function (goal) { return goal.team === team; }).map(function (goal) { return goal.text; }).join(", ");
            });
            byId("live-state").textContent = stateText(match);
            byId("live-clock").textContent = clockText(match.remainingSeconds);
            // The clock counts down while it runs, and the break at half time.
            var counting = match.phase === "running" || (match.phase === "halfTime" && match.remainingSeconds > 0);
            deadline = counting ? Date.now() + match.remainingSeconds * 1000 : null;
            if (timer === null) { timer = setInterval(tick, 250); }
          }
          // One reading at a time, and one more after it when news came meanwhile: an older
          // answer arriving late never replaces a newer one.
          var loading = false, stale = false;
          function refresh() {
            if (loading) { stale = true; return; }
            loading = true;
            fetch(location.href, { cache: "no-store", credentials: "omit" }).then(function (response) {
              return response.ok ? response.text() : null;
            }).then(function (html) {
              if (html === null) { return; }
              var fresh = new DOMParser().parseFromString(html, "text/html");
              ["next", "table", "scorers", "matches", "record"].forEach(function (id) {
                var now = byId(id), next = fresh.getElementById(id);
                if (now && next) { now.replaceWith(document.importNode(next, true)); }
              });
              localTimes(document);
            }).catch(function () {}).then(function () {
              loading = false;
              if (stale) { stale = false; refresh(); }
            });
          }
          // The stream, kept open whatever happens: the browser retries a dropped connection by
          // itself, but gives up for good on an answer that is not a stream (a proxy's 502 while
          // the server restarts); then the page tries again, waiting longer each time up to 30 s.
          // A page shown again (a phone waking, a tab brought back) reconnects at once: the
          // server's first event is the match as it stands, so the clock is never the sleep's.
          var events = null, wait = 1000, again = null;
          function connect() {
            clearTimeout(again);
            if (events) { events.close(); }
            events = new EventSource(root + "/events");
            events.addEventListener("open", function () { wait = 1000; connected = true; if (shown) { byId("live-state").textContent = stateText(shown); } });
            events.addEventListener("match", function (event) { connected = true; show(JSON.parse(event.data)); });
            events.addEventListener("results", refresh);
            events.addEventListener("error", function () {
              connected = false;
              if (shown) { byId("live-state").textContent = stateText(shown); }
              if (events.readyState === EventSource.CLOSED) {
                again = setTimeout(connect, wait);
                wait = Math.min(wait * 2, 30000);
              }
            });
          }
          document.addEventListener("visibilitychange", function () {
            if (document.visibilityState === "visible") { wait = 1000; connect(); }
          });
          window.addEventListener("pageshow", function (event) { if (event.persisted) { wait = 1000; connect(); } });
          connect();
        })();
        """)
}
