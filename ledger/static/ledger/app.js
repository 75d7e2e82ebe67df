// Small enhancements; every form also works as a plain POST without them.
(function () {
  "use strict";

  // Keep the screen awake while scoring or watching (Screen Wake Lock API).
  if (document.body.hasAttribute("data-wake-lock") && "wakeLock" in navigator) {
    var lock = null;
    var request = function () {
      if (document.visibilityState === "visible" && !lock) {
        navigator.wakeLock.request("screen").then(function (l) {
          lock = l;
          lock.addEventListener("release", function () { lock = null; });
        }).catch(function () {});
      }
    };
    request();
    document.addEventListener("visibilitychange", request);
  }

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // Count pad: the chosen count box is filled by one tap on the pad, and the next empty box
  // is chosen. With the pad there the phone's keyboard stays shut (typing still works).
  var lastCount = null;
  function choose(input) {
    Array.prototype.forEach.call(document.querySelectorAll("#hand input.count.chosen"), function (i) {
      i.classList.remove("chosen");
    });
    lastCount = input;
    if (input) input.classList.add("chosen");
    showCards(input);
  }
  // What the card picker has added up for the chosen box: "Goblin: A 2 4 = 7".
  function showCards(box) {
    var line = document.querySelector("#hand .cards-tapped");
    if (!line) return;
    var cards = box && box.dataset.cards ? JSON.parse(box.dataset.cards) : [];
    var label = box && document.querySelector("label[for='" + box.id + "']");
    line.textContent = cards.length ? (label ? label.textContent.trim() + ": " : "") +
      cards.map(function (c) { return c[0]; }).join(" ") + " = " + box.value : "";
  }
  function boxes() {
    return Array.prototype.slice.call(document.querySelectorAll("#hand input.count"));
  }
  // A deal tonk's boxes are filled one by one, unless push-ups asks everyone's deal count.
  function ownBox(box) {
    return box.closest(".claim-row") && !box.closest("[data-every-count]");
  }
  // Playing push-ups, a tonk-out or an out on a discard asks every count but the winner's.
  function winnersBox(box) {
    var winner = document.querySelector("#hand input[name=winner]:checked");
    return !!winner && box.name === "count-" + winner.value;
  }
  function nextEmpty(after) {
    var all = boxes();
    var start = after ? all.indexOf(after) + 1 : 0;
    var rest = all.slice(start).concat(all.slice(0, start));
    return rest.filter(function (i) { return !i.value && !ownBox(i) && !winnersBox(i); })[0] || null;
  }
  document.addEventListener("htmx:load", function (event) {
    if (!event.target.querySelector || !event.target.querySelector("#hand .count-pad")) return;
    boxes().forEach(function (i) { i.setAttribute("inputmode", "none"); });
    choose(nextEmpty(null));
  });
  document.addEventListener("focusin", function (event) {
    if (event.target.matches("#hand input.count")) choose(event.target);
  });
  // The dropper's count is the one called first ("Bo drops with 20"): picking the dropper
  // chooses their box, when it is still empty.
  document.addEventListener("change", function (event) {
    if (event.target.matches("#hand input[name=winner]")) {  // the pad moves off the winner's box
      if (!lastCount || winnersBox(lastCount)) choose(nextEmpty(null));
      return;
    }
    if (!event.target.matches("#hand input[name=dropper]")) return;
    var box = document.querySelector("#hand input.count[name='count-" + event.target.value + "']");
    if (box && !box.value) choose(box);
  });
  document.addEventListener("input", function (event) {
    if (event.isTrusted && event.target.matches("#hand input.count")) {  // typed: the cards go
      delete event.target.dataset.cards;
      showCards(event.target);
    }
  });
  document.addEventListener("click", function (event) {
    var pad = event.target.closest(".pad-button");
    if (pad) {
      var box = lastCount && document.body.contains(lastCount) ? lastCount : nextEmpty(null);
      var hint = document.querySelector("#hand .pad-hint");
      if (hint) hint.textContent = box ? "" : hint.dataset.hint;  // a deal tonk's box comes with its caller
      if (!box) return;
      box.value = pad.dataset.value;
      delete box.dataset.cards;
      changed(box);
      choose(ownBox(box) ? box : (nextEmpty(box) || box));
      return;
    }
    var card = event.target.closest(".card-button, .card-clear, .card-undo");
    if (card) {
      var target = lastCount && document.body.contains(lastCount) ? lastCount : nextEmpty(null);
      if (!target) return;
      var picker = card.closest(".card-picker");
      var cards = target.dataset.cards ? JSON.parse(target.dataset.cards) : [];
      if (card.classList.contains("card-clear")) cards = [];
      else if (card.classList.contains("card-undo")) cards.pop();
      else if (cards.length >= parseInt(picker.dataset.handSize, 10)) {
        picker.querySelector(".cards-tapped").textContent = picker.dataset.full;
        return;
      } else cards.push([card.dataset.label, parseInt(card.dataset.value, 10)]);
      target.dataset.cards = JSON.stringify(cards);
      target.value = cards.length ? cards.reduce(function (sum, c) { return sum + c[1]; }, 0) : "";
      showCards(target);
      changed(target);
      return;
    }

    // Deal tonk: tap the callers in the order they called.
    var call = event.target.closest(".claim-row .call");
    if (call) {
      var row = call.closest(".claim-row");
      var order = row.querySelector(".claim-order");
      var rows = Array.prototype.slice.call(document.querySelectorAll("#hand .claim-row"));
      if (call.getAttribute("aria-pressed") === "true") {
        var removed = parseInt(order.value, 10);
        call.setAttribute("aria-pressed", "false");
        order.value = "";
        if (ownBox(row.querySelector("input.count"))) row.querySelector("input.count").value = "";
        rows.forEach(function (other) {
          var o = other.querySelector(".claim-order");
          if (o.value && parseInt(o.value, 10) > removed) o.value = parseInt(o.value, 10) - 1;
        });
      } else {
        var taken = rows.filter(function (r) { return r.querySelector(".claim-order").value; }).length;
        call.setAttribute("aria-pressed", "true");
        order.value = taken + 1;
        row.querySelector("input.count").focus();
      }
      changed(order);
      return;
    }

    // Start a night: move players up and down the seat order.
    var move = event.target.closest(".move-up, .move-down");
    if (move) {
      var item = move.closest("li");
      var list = item.parentNode;
      if (move.classList.contains("move-up") && item.previousElementSibling) {
        list.insertBefore(item, item.previousElementSibling);
      } else if (move.classList.contains("move-down") && item.nextElementSibling) {
        list.insertBefore(item.nextElementSibling, item);
      }
      Array.prototype.forEach.call(list.querySelectorAll(".seat-number"), function (input, index) {
        input.value = index + 1;
      });
      move.focus();
    }
  });
})();

// A new league takes the phone's time zone; the league page offers it too.
(function () {
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { return; }
  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll("input[type=hidden].time-zone"), function (input) {
      if (!input.value) input.value = zone;
    });
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest(".use-phone-zone");
    if (button) button.form.querySelector("input.time-zone").value = zone;
  });
})();

// A required field's star is for the eye: screen readers hear "required" from the field itself.
document.addEventListener("htmx:load", function (event) {
  if (!event.target.querySelectorAll) return;
  Array.prototype.forEach.call(event.target.querySelectorAll(".asteriskField"), function (star) {
    star.setAttribute("aria-hidden", "true");
  });
});

// The phone's own share sheet, where it has one (Web Share API).
document.addEventListener("htmx:load", function (event) {
  if (!navigator.share || !event.target.querySelectorAll) return;
  Array.prototype.forEach.call(event.target.querySelectorAll(".web-share"), function (b) { b.hidden = false; });
});
document.addEventListener("click", function (event) {
  var button = event.target.closest("button.web-share");
  if (button && navigator.share) navigator.share({ title: button.dataset.title, url: button.dataset.url }).catch(function () {});
});

// Copy the settle-up plan (or a share link) for the group chat.
document.addEventListener("click", function (event) {
  var button = event.target.closest("button.copy");
  if (!button || !navigator.clipboard) return;
  var text = document.querySelector(button.dataset.copy).value;
  navigator.clipboard.writeText(text).then(function () {
    button.textContent = button.dataset.copied || "Copied";
  });
});

// htmx wires what it swaps in only when it settles, 20 ms later. An outcome button redrawn
// by a poll or a save and tapped in those 20 ms would open its sheet as a plain page, whose
// Save then skips the phone's queue; so the buttons are wired as soon as they are in.
document.addEventListener("htmx:afterSwap", function (event) {
  if (!event.target.querySelectorAll) return;
  Array.prototype.forEach.call(event.target.querySelectorAll("a.outcome[hx-get]"), function (a) {
    htmx.process(a);
  });
});

// A poll (or the phone's queue, sending) redraws the board's parts out of band. In a part
// marked data-redraw="changed", only the children that changed are replaced: a button
// replaced between a thumb's press and its release loses the tap, as Tonk out did when a
// flushed queue redrew the board under it. The forms' CSRF tokens are masked anew at every
// drawing, so they do not count as a change.
(function () {
  function unmasked(node) {
    var copy = node.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll("input[name=csrfmiddlewaretoken]"), function (i) {
      i.removeAttribute("value");
    });
    return copy;
  }
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target, fresh = event.detail.fragment.firstElementChild;
    if (!target.hasAttribute("data-redraw") || !fresh || fresh.id !== target.id) return;
    var olds = Array.prototype.slice.call(target.children);
    var news = Array.prototype.slice.call(fresh.children);
    var sameShape = olds.length === news.length && news.every(function (n, i) {
      return n.tagName === olds[i].tagName && n.id === olds[i].id;
    });
    if (!sameShape) return;  // drawn anew as a whole
    event.detail.shouldSwap = false;
    news.forEach(function (n, i) {
      if (!unmasked(n).isEqualNode(unmasked(olds[i]))) htmx.swap(olds[i], n.outerHTML, { swapStyle: "outerHTML" });
    });
  });
})();

// A refused player's name (already playing) is said beside the box: the box takes the fix.
document.addEventListener("DOMContentLoaded", function () {
  var box = document.querySelector("#add-player input.is-invalid");
  if (box) {
    box.focus();
    box.scrollIntoView({ block: "center" });
  }
});

// Opening a sheet, or saving one, the last save's notice goes at once: not over the new
// sheet (or a refusal) for the rest of its five seconds. The save's own notice comes after.
document.addEventListener("htmx:beforeRequest", function (event) {
  var target = event.detail.target, elt = event.detail.elt;
  if ((target && target.id === "hand-form") || (elt.closest && elt.closest("#hand-form"))) {
    Array.prototype.forEach.call(document.querySelectorAll(".notice-toast"), function (toast) {
      toast.remove();
    });
  }
});

// A step that is hard to take back asks first (data-confirm): retiring a player.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) event.preventDefault();
});

// The header's Log out sits just above a short sheet: with a hand half entered, ask first.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form.matches("form.log-out") && document.querySelector("#hand-form > form") &&
      !window.confirm(form.dataset.unsaved)) event.preventDefault();
});

// The language switcher applies the choice at once; its button is for browsers without JavaScript.
document.addEventListener("change", function (event) {
  if (event.target.matches(".language-form select")) event.target.form.submit();
});

// A poll asks "anything new since this?" with the ETag of what the phone shows (data-etag):
// a night with nothing new answers 304, which htmx is configured not to swap (base.html).
(function () {
  document.addEventListener("htmx:configRequest", function (event) {
    var tag = event.detail.elt.getAttribute("data-etag");
    if (tag && event.detail.verb === "get") event.detail.headers["If-None-Match"] = tag;
    var poll = document.getElementById("poll");  // a save says what its phone shows
    if (event.detail.elt.id === "hand" && poll) event.detail.headers["X-Board-ETag"] = poll.getAttribute("data-etag");
  });
  // The table's controls were drawn for a night closed (or a visitor who could not score):
  // a poll that brings them back finds nothing to swap them into, so the page is drawn anew.
  // A poll answered after a save or a redraw of the board replaced #poll finds no target
  // either (its element left the page, and htmx looks there): it is dropped, as what
  // replaced it is newer, and the page stays (a sheet just opened on it included).
  document.addEventListener("htmx:oobErrorNoTarget", function (event) {
    var content = event.detail.content;
    if (content && content.id === "seats" && !document.getElementById("seats")) window.location.reload();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt, xhr = event.detail.xhr;
    var tag = xhr && xhr.status === 200 && xhr.getResponseHeader("ETag");
    // A poll answered after a save replaced #poll is dropped: its element left the page.
    if (tag && elt.hasAttribute("data-etag") && document.body.contains(elt)) elt.setAttribute("data-etag", tag);
  });
})();

// Installable: a service worker keeps the app's files and the pages this phone opened, so a
// night opened before opens again with no connection, marked as such (#offline). The worker
// forgets the pages when the phone logs out.
(function () {
  var worker = document.body.getAttribute("data-sw");
  if (worker && "serviceWorker" in navigator) navigator.serviceWorker.register(worker).catch(function () {});
  function mark() {
    var note = document.getElementById("offline");
    if (note) note.hidden = navigator.onLine;
  }
  window.addEventListener("online", mark);
  window.addEventListener("offline", mark);
  mark();

  // A live page (one that polls) is kept as it stands after each change, not as it was first
  // drawn; and the scoring screen fetches its hand sheets while it can, so they open offline.
  var PAGES = "tonk-pages";
  function controlled() {
    return "serviceWorker" in navigator && navigator.serviceWorker.controller && window.caches;
  }
  var keeping = null;
  function keepPage() {
    clearTimeout(keeping);
    keeping = setTimeout(function () {
      // Only the pages the worker keeps (its NIGHT): a sheet opened as a page is not one.
      if (!controlled() || !/\/nights\/\d+\/(watch\/)?$/.test(location.pathname)) return;
      var copy = document.documentElement.cloneNode(true);
      ["#hand-form", "#notice", "#queue", "#share-box"].forEach(function (part) {
        var e = copy.querySelector(part);
        if (e) e.replaceChildren();
      });
      var queue = copy.querySelector("#queue");  // queue.js draws it again from its store
      if (queue) {
        queue.removeAttribute("data-drawn");
        queue.hidden = true;
      }
      var html = "<!doctype html>\n" + copy.outerHTML;
      var page = new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
      caches.open(PAGES).then(function (cache) { return cache.put(location.href, page); });
    }, 500);
  }
  var fetched = null;
  function fetchSheets() {
    var sheets = Array.prototype.map.call(document.querySelectorAll("#actions a.outcome"), function (a) {
      return a.getAttribute("hx-get");
    });
    var table = Array.prototype.map.call(document.querySelectorAll("li.total[data-seated]"), function (li) {
      return li.dataset.player;
    }).join();
    Array.prototype.forEach.call(document.querySelectorAll("#side-bets [data-bet]"), function (bet) {
      table += bet.dataset.bet + bet.dataset.terms + bet.querySelector(".text-body-secondary").textContent;
    });
    if (!sheets.length || !controlled() || !navigator.onLine || table === fetched) return;
    fetched = table;  // seats or side bets changed: the kept sheets are redrawn
    sheets.reduce(function (done, url) {
      return done.then(function () {
        return fetch(url, { headers: { "HX-Request": "true" } }).then(function (response) {
          if (!response.ok) throw new Error(response.status);
        });
      });
    }, Promise.resolve()).catch(function () { fetched = null; });
  }
  document.addEventListener("htmx:afterSettle", function () { keepPage(); fetchSheets(); });
  window.addEventListener("load", fetchSheets);
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("controllerchange", function () { keepPage(); fetchSheets(); });
  }
})();

// Taps the board must not take. A double-tapped Save's second touch lands on whatever the
// closing sheet uncovers (Summary, The table), so for a double tap's length after a sheet
// closes the board ignores taps. And a night page shown again from the phone's memory (Back,
// or the service worker's copy with no answer from the server) shows the night as it was:
// it says so, and holds every tap until the server has redrawn it.
(function () {
  var DOUBLE_TAP_MS = 500, LONGEST_HOLD_MS = 6000;
  var releasing = null;
  function hold(ms) {
    clearTimeout(releasing);
    document.body.classList.add("holding-taps");
    releasing = setTimeout(release, ms);
  }
  function release() {
    clearTimeout(releasing);
    document.body.classList.remove("holding-taps");
  }
  var sheetOpen = false;
  new MutationObserver(function () {
    var open = !!document.querySelector("#hand-form > form");
    if (sheetOpen && !open && !document.body.hasAttribute("data-stale")) hold(DOUBLE_TAP_MS);
    sheetOpen = open;
  }).observe(document.documentElement, { childList: true, subtree: true });

  function note(state) {
    var stale = document.getElementById("stale");
    if (stale) {
      stale.hidden = !state;
      if (state) stale.textContent = stale.dataset[state];
    }
  }
  function refresh() {
    document.body.setAttribute("data-stale", "checking");
    note("checking");
    hold(LONGEST_HOLD_MS);  // until the server answers
    htmx.trigger(document.body, "tonk:refresh");
  }
  window.addEventListener("pageshow", function (event) {
    if (!document.getElementById("poll")) return;
    var nav = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    if (event.persisted || (nav && nav.type === "back_forward") || document.body.hasAttribute("data-kept")) refresh();
  });
  window.addEventListener("online", function () {
    if (document.body.getAttribute("data-stale") === "unchecked") refresh();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.elt.id !== "poll" || !document.body.hasAttribute("data-stale")) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    release();
    if (status >= 200 && status < 400) {
      document.body.removeAttribute("data-stale");
      note(null);
    } else {  // no answer: taps go through (the queue keeps hands), the page says it may be old
      document.body.setAttribute("data-stale", "unchecked");
      note(navigator.onLine ? "unchecked" : null);
    }
  });
})();

// The preview grows to show every payment, and never shrinks while its sheet is open: its
// height is kept as the box's reserve (app.css), inside which what is still needed scrolls.
document.addEventListener("htmx:afterSettle", function (event) {
  var preview = event.target.id === "preview" ? event.target : null;
  if (!preview) return;
  if (preview.querySelector("#preview-headline")) {
    var height = Math.max(preview.getBoundingClientRect().height, preview.scrollHeight);
    preview.style.setProperty("--reserve", height + "px");
  }
});

// A refusal said beside its box (settle-up's rows, the stake) is brought into view with it.
document.addEventListener("htmx:afterSettle", function (event) {
  var said = event.target.querySelector && event.target.querySelector(
    "#settlement .invalid-feedback[role=alert], #table-controls .invalid-feedback[role=alert], #id_stake-sure");
  if (said) said.scrollIntoView({ block: "center" });
});
