// The offline queue of the scoring screen: a hand saved with no connection, or whose save got
// no answer, is kept on this phone (localStorage, one list per night and signed-in scorekeeper)
// and sent, in order and with its request key, when the connection is back. The server records
// a key once, so a hand sent twice (its first answer lost) is still recorded once.
(function () {
  "use strict";
  var RETRY_FIRST = 2000, RETRY_MOST = 30000;
  var sending = false, retryIn = RETRY_FIRST, timer = null, sent = [];

  function box() { return document.getElementById("queue"); }
  function word(name) {
    var words = document.getElementById("queue-words");
    var span = words && words.content.querySelector("[data-word='" + name + "']");
    return span ? span.textContent : name;
  }
  function load() {
    var here = box();
    if (!here) return [];
    try { return JSON.parse(localStorage.getItem(here.dataset.store)) || []; } catch (e) { return []; }
  }
  function store(items) {
    var here = box();
    if (!here) return;
    if (items.length) localStorage.setItem(here.dataset.store, JSON.stringify(items));
    else localStorage.removeItem(here.dataset.store);
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function element(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  }
  function tell(text, kind) {
    var notice = document.getElementById("notice");
    if (!notice) return;
    if (!text) return notice.replaceChildren();
    notice.replaceChildren(element("div", "alert py-2 alert-" + (kind || "success"), text));
    notice.firstChild.setAttribute("role", kind === "danger" ? "alert" : "status");
  }

  // The seats, clockwise, and who deals next: after the last queued new hand's dealer, the
  // player on their left; with none queued, the dealer the board shows.
  function seats() {
    return Array.prototype.map.call(document.querySelectorAll("li.total[data-seated]"), function (li) {
      return { id: li.dataset.player, name: li.querySelector("[data-total]").dataset.total };
    });
  }
  function nextDealer(items) {
    var around = seats();
    var queued = items.filter(function (item) { return !item.correcting; });
    if (queued.length) {
      var last = queued[queued.length - 1].dealer;
      var at = around.map(function (s) { return s.id; }).indexOf(last.id);
      if (at >= 0) return around[(at + 1) % around.length];
    }
    var dealing = document.querySelector("li.total[data-deals]");
    return dealing && { id: dealing.dataset.player, name: dealing.querySelector("[data-total]").dataset.total };
  }

  // What the sheet says, in its own (translated) words: "Drop: Croaker · Croaker 7, Goblin 17".
  function describe(form) {
    var title = form.querySelector("h2").textContent.trim();
    var chosen = Array.prototype.map.call(form.querySelectorAll("fieldset.choice input:checked"), function (r) {
      return form.querySelector("label[for='" + r.id + "']").textContent.trim();
    });
    var counts = Array.prototype.filter.call(form.querySelectorAll("input.count"), function (i) {
      return i.value !== "";
    }).map(function (i) {
      var row = i.closest(".count-row, .claim-row");
      var name = row.querySelector(row.classList.contains("claim-row") ? "span.no-js-only" : "label");
      return name.textContent.trim() + " " + i.value;
    });
    var parts = [chosen.join(", "), counts.join(", ")].filter(Boolean);
    return title + (parts.length ? ": " + parts.join(" · ") : "");
  }
  function itemFrom(form) {
    var body = new URLSearchParams(new FormData(form));
    body.delete("csrfmiddlewaretoken");  // sent fresh from the page, which may be newer
    var select = form.querySelector("select[name=dealer]");
    var option = select && select.options[select.selectedIndex];
    return {
      key: body.get("key"),
      url: form.getAttribute("action"),
      body: body.toString(),
      summary: describe(form),
      dealer: option ? { id: option.value, name: option.textContent.trim() } : null,
      correcting: body.has("correcting"),
      refused: null
    };
  }

  // Keep a hand: at the end of the queue, or in its own place when it is a refused one fixed.
  function keep(item, fixing) {
    var items = load();
    var at = items.map(function (i) { return i.key; }).indexOf(fixing || item.key);
    if (at >= 0) items[at] = item;
    else items.push(item);
    store(items);
    var sheet = document.getElementById("hand-form");
    if (sheet) sheet.replaceChildren();
    tell(word("kept"), "warning");
    window.scrollTo(0, 0);
    draw();
    flush();
  }

  function draw() {
    var here = box();
    if (!here) return;
    var items = load();
    here.hidden = !items.length;
    var undoBar = document.getElementById("undo-bar");  // the newest hand is a queued one
    if (undoBar) undoBar.hidden = !!items.length;
    var dealer = nextDealer(items), shown = document.getElementById("dealer");
    if (shown && dealer) {
      shown.textContent = dealer.name;
      var badge = document.getElementById("deals-badge");
      var name = document.querySelector("li.total[data-player='" + dealer.id + "'] .name");
      if (badge && name) name.append(badge);
    }
    if (!items.length) { here.replaceChildren(); return; }
    var list = element("ol", "list-unstyled mb-0");
    items.forEach(function (item, index) {
      var li = element("li", "queued py-1" + (item.refused ? " refused" : ""));
      li.dataset.key = item.key;
      var line = element("p", "mb-1");
      line.append(element("strong", "", item.summary));
      if (item.dealer && !item.correcting) line.append(" · " + word("dealt").replace("{name}", item.dealer.name));
      var state = sending && index === 0 ? word("sending") : items[0].refused ? word("behind") : word("waiting");
      if (!item.refused) line.append(": ", element("em", "", state));
      li.append(line);
      if (item.refused) {
        var why = element("div", "alert alert-danger py-2 mb-1", item.refused.message);
        why.append(element("div", "small mt-1", word("blocked")));
        li.append(why);
        var buttons = element("div", "d-flex gap-2");
        if (item.refused.html) buttons.append(button(word("fix"), "btn-primary queue-fix", item.key));
        buttons.append(button(word("discard"), "btn-outline-danger queue-discard", item.key));
        li.append(buttons);
      } else if (index === items.length - 1 && !(sending && index === 0)) {
        li.append(button(word("undo"), "btn-outline-secondary queue-undo", item.key));
      }
      list.append(li);
    });
    here.replaceChildren(element("h2", "h6", word("heading") + " (" + items.length + ")"), list);
  }
  function button(text, className, key) {
    var b = element("button", "btn tap " + className, text);
    b.type = "button";
    b.dataset.key = key;
    return b;
  }

  // The server's words for a refusal: the errors on the sheet it sent back.
  function reasons(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var errors = Array.prototype.map.call(page.querySelectorAll(".alert-danger, .invalid-feedback"), function (e) {
      return e.textContent.trim();
    }).filter(Boolean);
    return errors.join(" ") || word("refused");
  }
  function refuse(key, refused) {
    var items = load();
    items.forEach(function (item) { if (item.key === key) item.refused = refused; });
    store(items);
  }
  function drop(key) {
    store(load().filter(function (item) { return item.key !== key; }));
  }
  function later() {
    clearTimeout(timer);
    timer = setTimeout(flush, retryIn);
    retryIn = Math.min(retryIn * 2, RETRY_MOST);
  }
  function token() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["x-csrftoken"]; } catch (e) { return ""; }
  }

  // Send the first hand; when the server took it, the next. A refusal stops the queue there.
  function flush() {
    var head = load()[0];
    if (sending || !head || head.refused || !navigator.onLine) return;
    sending = true;
    draw();
    var abort = new AbortController();
    var giveUp = setTimeout(function () { abort.abort(); }, 15000);
    fetch(head.url, {
      method: "POST",
      body: head.body,
      credentials: "same-origin",
      signal: abort.signal,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true", "X-CSRFToken": token() }
    }).then(function (response) {
      var number = response.headers.get("X-Hand-Saved");
      if (number) {
        drop(head.key);
        sent.push("#" + number);
        retryIn = RETRY_FIRST;
        return "saved";
      }
      if (response.redirected) {
        refuse(head.key, { message: word("signed-out"), signedOut: true });
      } else if (response.status === 200) {
        return response.text().then(function (html) {
          refuse(head.key, { message: reasons(html), html: html });
          return "refused";
        });
      } else if (response.status < 500) {
        refuse(head.key, { message: word("refused") });
      } else {
        return "failed";
      }
      return "refused";
    }).catch(function () {
      return "failed";
    }).then(function (outcome) {
      clearTimeout(giveUp);
      sending = false;
      var left = load().length;
      if (!left && sent.length) {
        tell(word("sent").replace("{hands}", sent.join(", ")));
        sent = [];
      }
      if (outcome === "refused") tell("");  // the refused hand says why, where it waits
      draw();
      if (outcome === "failed") later();
      else if (outcome === "saved" && left) flush();
      else htmx.trigger(document.body, "tonk:refresh");  // the board shows what was recorded
    });
  }

  // The sheet: a fresh one (perhaps from the phone's cache, drawn before the last hands) gets
  // a new request key; the dealer is predicted where the server could not know it (hands
  // waiting here, or a sheet kept offline). With no connection the preview says why not.
  function sheetLoaded(form) {
    if (form.hasAttribute("data-fresh")) {
      form.querySelector("input[name=key]").value = newKey();
      var items = load();
      var dealer = (items.length || !navigator.onLine) && nextDealer(items);
      var select = form.querySelector("select[name=dealer]");
      if (dealer && select && select.value !== dealer.id) {
        var was = select.options[select.selectedIndex].textContent.trim();
        select.value = dealer.id;
        var summary = form.querySelector(".dealer-choice summary");
        summary.textContent = summary.textContent.replace(was, dealer.name);
      }
    }
    if (!navigator.onLine) noPreview();
  }
  function noPreview() {
    var preview = document.querySelector("#hand #preview");
    if (preview) preview.replaceChildren(element("p", "text-body-secondary mb-0 small", word("no-preview")));
  }

  var pending = null;  // the hand on its way to the server, kept in case no answer comes
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!form || form.id !== "hand" || event.detail.requestConfig.verb !== "post") return;
    var item = itemFrom(form);
    if (form.dataset.fixing || !navigator.onLine || load().length) {
      event.preventDefault();
      keep(item, form.dataset.fixing);
    } else {
      pending = item;
    }
  });
  function lost(event) {
    var elt = event.detail.elt;
    if (!elt || !box()) return;
    if (elt.id === "hand" && pending) {
      keep(pending);
      later();
    } else if (elt.id === "preview") {
      noPreview();
    } else if (elt.getAttribute("hx-target") === "#hand-form") {  // a sheet it never kept
      tell(word("no-sheet"), "warning");
    }
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.elt && event.detail.elt.id === "hand" && event.detail.successful) pending = null;
  });
  document.addEventListener("htmx:load", function (event) {
    var form = event.target.querySelector && (event.target.id === "hand" ? event.target : event.target.querySelector("#hand"));
    if (form) sheetLoaded(form);
  });
  document.addEventListener("htmx:afterSettle", draw);

  document.addEventListener("click", function (event) {
    var b = event.target.closest("#queue button");
    if (!b) return;
    var key = b.dataset.key;
    if (b.classList.contains("queue-fix")) {
      var item = load().filter(function (i) { return i.key === key; })[0];
      htmx.swap(document.getElementById("hand-form"), item.refused.html, { swapStyle: "innerHTML" });
      var form = document.getElementById("hand");
      form.dataset.fixing = key;
      form.scrollIntoView({ block: "start" });
      return;
    }
    drop(key);  // undo of a hand not sent yet, or a refused one discarded
    draw();
    flush();
  });

  window.addEventListener("online", function () { retryIn = RETRY_FIRST; flush(); });
  window.addEventListener("storage", function (event) {
    if (box() && event.key === box().dataset.store) draw();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flush();
  });
  document.addEventListener("DOMContentLoaded", function () {
    // Signed in again: what waited for it goes now.
    var items = load();
    items.forEach(function (item) { if (item.refused && item.refused.signedOut) item.refused = null; });
    if (box()) store(items);
    draw();
    flush();
  });
})();
