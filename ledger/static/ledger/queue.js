// The offline queue of the scoring screen. Every hand saved is first written to this phone
// (localStorage, one list per night and signed-in scorekeeper) with its request key, then
// sent; it leaves the list when the server has recorded it. A hand saved with no connection,
// or whose save got no answer, stays listed and is sent again, in order and with the same key,
// when the connection is back: the server records a key once, so nothing is recorded twice.
(function () {
  "use strict";
  var RETRY_FIRST = 2000, RETRY_MOST = 30000;
  var sending = false, retryIn = RETRY_FIRST, timer = null, sent = [];
  var sheetFromCache = false, sheetAskedAt = 0, dealerToldAt = 0;
  var holdLine = false;  // the count line emptied in the background keeps its place

  function box() { return document.getElementById("queue"); }
  function word(name) {
    var words = document.getElementById("queue-words");
    var span = words && words.content.querySelector("[data-word='" + name + "']");
    return span ? span.textContent : name;
  }
  function fill(text, name, value) {
    return text.replace("{" + name + "}", function () { return value; });
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
  function change(key, fields) {
    store(load().map(function (item) { return item.key === key ? Object.assign(item, fields) : item; }));
  }
  function drop(key) {
    store(load().filter(function (item) { return item.key !== key; }));
  }
  function waiting(items) {  // a hand the normal save is sending right now is not shown
    return items.filter(function (item) { return !item.inflight; });
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
    // Said over the page, as a save's notice is: news of hands sent (or not) while the
    // scorekeeper reaches for the next button must not move the board under the thumb. What
    // lasts is in the list of waiting hands, under the buttons.
    var alert = element("div", "alert py-2 notice-toast alert-" + (kind || "success"), text);
    alert.setAttribute("role", "status");
    notice.replaceChildren(alert);
  }
  function closeSheet() {
    var sheet = document.getElementById("hand-form");
    if (sheet) htmx.swap(sheet, "", { swapStyle: "innerHTML" });
  }

  // The seats, clockwise, and who deals next: after the last queued new hand's dealer, the
  // player on their left; with none queued, the dealer the board shows.
  function seat(li) {
    return { id: li.dataset.player, name: li.querySelector("[data-total]").dataset.total };
  }
  function nextDealer(items) {
    var around = Array.prototype.map.call(document.querySelectorAll("li.total[data-seated]"), seat);
    var queued = items.filter(function (item) { return !item.correcting && item.dealer; });
    if (queued.length) {
      var last = queued[queued.length - 1].dealer;
      var at = around.map(function (s) { return s.id; }).indexOf(last.id);
      if (at >= 0) return around[(at + 1) % around.length];
    }
    var dealing = document.querySelector("li.total[data-deals]");
    return dealing && seat(dealing);
  }
  function dealerNow(id) {  // the server said who deals: the board agrees before it is redrawn
    var li = id && document.querySelector("li.total[data-player='" + id + "']");
    if (!li) return;
    Array.prototype.forEach.call(document.querySelectorAll("li.total[data-deals]"), function (other) {
      other.removeAttribute("data-deals");
    });
    li.setAttribute("data-deals", "");
    dealerToldAt = Date.now();
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
    closeSheet();
    if (items[0].refused) tell(word("held"), "warning");  // offline, the banner says it all
    window.scrollTo(0, 0);
    draw();
    box().focus({ preventScroll: true });  // the Save button it was tapped on is gone
    flush();
  }

  // How the server answered a hand: recorded, refused with its reasons on the sheet it sent
  // back, refused for another reason, or no real answer (sent again later).
  function judge(status, saved, redirected, text) {
    if (saved) return { saved: true };
    if (redirected) return { refused: { message: word("signed-out"), retry: true } };
    if (status === 200 && /<form id="hand"/.test(text)) return { refused: { message: reasons(text), html: text } };
    if (status === 403) return { refused: { message: word("reload"), retry: true } };
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { refused: { message: word("refused") } };
    return { failed: true };
  }
  function reasons(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var errors = Array.prototype.map.call(page.querySelectorAll(".alert-danger, .invalid-feedback"), function (e) {
      return e.textContent.trim();
    }).filter(Boolean);
    return errors.join(" ") || word("refused");
  }

  function draw() {
    var here = box();
    if (!here) return;
    var items = load(), shown = waiting(items);
    document.body.classList.toggle("queue-waiting", shown.length > 0);  // app.css hides the undo bar
    Array.prototype.forEach.call(document.querySelectorAll("#table-controls button, #side-bets-button"), function (control) {
      control.toggleAttribute("disabled", shown.length > 0);  // a table change would overtake them
      control.classList.toggle("disabled", shown.length > 0);
      control.setAttribute("aria-disabled", shown.length > 0 ? "true" : "false");
    });
    var dealer = nextDealer(items), named = document.getElementById("dealer");
    if (named && dealer) {
      named.textContent = dealer.name;
      var badge = document.getElementById("deals-badge");
      var name = document.querySelector("li.total[data-player='" + dealer.id + "'] .name");
      if (badge && name) name.append(badge);
    }
    var pending = document.getElementById("queue-count");  // right under the totals
    if (pending) {  // a line kept blank holds the buttons under it still until the next tap
      if (shown.length) pending.textContent = fill(word("not-counted"), "count", shown.length);
      pending.hidden = !shown.length && !holdLine;
      pending.classList.toggle("spent", !shown.length);
    }
    var none = document.getElementById("no-hands");
    if (none) none.hidden = shown.length > 0;
    var drawn = JSON.stringify([shown, sending]);
    if (here.dataset.drawn === drawn) return;  // unchanged: nothing for a screen reader to repeat
    here.dataset.drawn = drawn;
    here.hidden = !shown.length;
    if (!shown.length) { here.replaceChildren(); return; }
    var list = element("ol", "list-unstyled mb-0");
    shown.forEach(function (item, index) {
      var li = element("li", "queued py-1" + (item.refused ? " refused" : ""));
      li.dataset.key = item.key;
      var line = element("p", "mb-1");
      line.append(element("strong", "", item.summary));
      if (item.dealer && !item.correcting) line.append(" · " + fill(word("dealt"), "name", item.dealer.name));
      var state = sending && index === 0 ? "sending" : shown[0].refused ? "behind" : item.tried ? "unsure" : "waiting";
      if (!item.refused) line.append(": ", element("em", "", word(state)));
      li.append(line);
      if (item.refused) {
        var why = element("div", "alert alert-danger py-2 mb-1", item.refused.message);
        // A refusal without the server's sheet (signed out, reload) may follow a send that
        // did reach it: one with its sheet never did (a recorded key is answered as saved).
        if (item.tried && !item.refused.html) why.append(element("div", "small mt-1", word("maybe-recorded")));
        li.append(why);
        var buttons = element("div", "d-flex gap-2");
        if (item.refused.html) buttons.append(button(word("fix"), "btn-primary flex-fill queue-fix", item.key));
        buttons.append(button(word("discard"), "btn-outline-danger ms-auto queue-discard", item.key));
        li.append(buttons);
      } else if (index === shown.length - 1 && !item.tried && !(sending && index === 0)) {
        li.append(button(word("undo"), "btn-outline-primary queue-undo", item.key));
      }
      list.append(li);
    });
    here.replaceChildren(element("h2", "h6", fill(word("heading"), "count", shown.length)), list,
      element("p", "small text-body-secondary mb-0", word("locked")));
  }
  function button(text, className, key) {
    var b = element("button", "btn tap " + className, text);
    b.type = "button";
    b.dataset.key = key;
    return b;
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
    if (sending || !head || head.refused || head.inflight || !navigator.onLine) return;
    sending = true;
    change(head.key, { tried: true });  // from here it may be recorded: it is not undone here
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
      return response.text().then(function (text) {
        var verdict = judge(response.status, response.headers.get("X-Hand-Saved"), response.redirected, text);
        if (verdict.saved) {
          drop(head.key);
          sent.push("#" + response.headers.get("X-Hand-Saved"));
          dealerNow(response.headers.get("X-Dealer"));
          retryIn = RETRY_FIRST;
        } else if (verdict.refused) {
          change(head.key, { refused: verdict.refused });
        }
        return verdict;
      });
    }).catch(function () {
      return { failed: true };
    }).then(function (verdict) {
      clearTimeout(giveUp);
      sending = false;
      var left = load().length;
      if (!left && sent.length) {
        var pending = document.getElementById("queue-count");
        holdLine = !!pending && !pending.hidden;
        tell(fill(word("sent"), "hands", sent.join(", ")));
        sent = [];
      } else if (verdict.refused) {
        tell(word("refused-notice"), "warning");
      }
      draw();
      if (verdict.failed) later();
      else if (verdict.saved && left) flush();
      else htmx.trigger(document.body, "tonk:refresh");  // the board shows what was recorded
    });
  }

  // The sheet: a fresh one (perhaps from the phone's cache, drawn before the last hands) gets
  // a new request key; the dealer is predicted where the sheet cannot know it: hands waiting
  // here, a sheet kept from earlier, or one asked for before a waiting hand was recorded.
  // With no connection the preview says why not.
  function sheetLoaded(form) {
    if (form.hasAttribute("data-fresh")) {
      form.querySelector("input[name=key]").value = newKey();
      var items = load();
      var stale = items.length || sheetFromCache || !navigator.onLine || dealerToldAt > sheetAskedAt;
      var dealer = stale && nextDealer(items);
      var select = form.querySelector("select[name=dealer]");
      if (dealer && select && select.value !== dealer.id) {
        var was = select.options[select.selectedIndex].textContent.trim();
        select.value = dealer.id;
        var summary = form.querySelector(".dealer-choice summary");
        summary.textContent = summary.textContent.replace(was, function () { return dealer.name; });
      }
    }
    if (!navigator.onLine) noPreview();
  }
  function noPreview() {
    var preview = document.querySelector("#hand #preview");
    if (preview) preview.replaceChildren(element("p", "text-body-secondary mb-0 small", word("no-preview")));
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt, config = event.detail.requestConfig;
    if (form.id !== "poll" && form.id !== "preview") holdLine = false;  // a tap: the board may move
    if (config.verb === "get" && form.getAttribute("hx-target") === "#hand-form") sheetAskedAt = Date.now();
    if (form.id !== "hand" || config.verb !== "post") return;
    var item = itemFrom(form), items = load();
    if (form.dataset.fixing || !navigator.onLine || items.length) {
      event.preventDefault();  // it goes behind the hands already waiting
      keep(item, form.dataset.fixing);
      return;
    }
    item.inflight = true;  // written down before it leaves, in case no answer comes
    store(items.concat([item]));
    var answer = { key: item.key, form: form, xhr: event.detail.xhr, path: config.path };
    event.detail.queueAnswer = answer;
    // Heard whatever becomes of the form (another sheet may have replaced it meanwhile).
    answer.xhr.addEventListener("loadend", function () { answered(answer); });
  });

  // The normal save's answer. Shown as ever when it is the server's own and its form still
  // on screen: the board's parts for a hand recorded, the sheet with its errors for a refusal
  // (unless hands wait behind it: it then waits at their head, refused).
  function verdictOf(answer) {
    var xhr = answer.xhr;
    if (!answer.verdict) {
      var redirected = !!xhr.responseURL && !xhr.responseURL.endsWith(answer.path);
      answer.verdict = xhr.status ? judge(xhr.status, xhr.getResponseHeader("X-Hand-Saved"), redirected, xhr.responseText) : { failed: true };
    }
    return answer.verdict;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail, answer = detail.queueAnswer;
    if (detail.requestConfig && detail.requestConfig.verb === "get" && detail.target.id === "hand-form") {
      sheetFromCache = !!detail.xhr.getResponseHeader("X-From-Cache");
    }
    if (!answer) return;
    var verdict = verdictOf(answer);
    var alone = load().length === 1;
    answer.swapped = document.body.contains(answer.form) &&
      !!(verdict.saved || (verdict.refused && verdict.refused.html && alone));
    detail.shouldSwap = answer.swapped;
  });
  function answered(answer) {
    var verdict = verdictOf(answer), key = answer.key;
    if (verdict.saved) {
      drop(key);
      dealerNow(answer.xhr.getResponseHeader("X-Dealer"));
    } else if (verdict.refused && answer.swapped) {
      drop(key);  // its sheet shows why, as ever
    } else {
      change(key, { inflight: false, tried: !!verdict.failed, refused: verdict.refused || null });
      if (document.body.contains(answer.form)) closeSheet();
      tell(word(verdict.refused ? "refused-notice" : "kept"), "warning");
      window.scrollTo(0, 0);
    }
    draw();
    if (verdict.failed) later();
    else if (load().length) flush();
    else if (!answer.swapped) htmx.trigger(document.body, "tonk:refresh");
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;  // anything else asked of the server with no connection
    if (!detail.successful && !detail.xhr.status && detail.requestConfig.verb === "get" &&
        detail.elt.id !== "poll" && detail.elt.id !== "preview") tell(word("no-connection"), "warning");
  });
  document.addEventListener("htmx:sendError", function (event) {
    if (event.detail.elt && event.detail.elt.id === "preview") noPreview();
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
      form.querySelector("[name=csrfmiddlewaretoken]").value = token();  // for its preview
      form.scrollIntoView({ block: "start" });
      var wrong = form.querySelector(".is-invalid");
      if (wrong) wrong.focus({ preventScroll: true });
      return;
    }
    if (b.classList.contains("queue-discard") && !window.confirm(word("discard-sure"))) return;
    drop(key);  // undo of a hand not sent yet, or a refused one discarded
    if (document.querySelector("#hand[data-fixing='" + key + "']")) closeSheet();
    draw();
    var next = document.querySelector("#queue .queue-undo, #queue .queue-fix, #actions a.outcome");
    if (next) next.focus();
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
    if (!box()) return;
    // Another tab of this night would send an in-flight hand again too: harmless, as the
    // night's row lock and its unique keys record it once.
    // A page closed while a save was on its way, or a refusal that a new sign-in or a fresh
    // page answers: those hands are sent (again) now.
    store(load().map(function (item) {
      if (item.inflight) Object.assign(item, { inflight: false, tried: true });
      if (item.refused && item.refused.retry) item.refused = null;
      return item;
    }));
    draw();
    flush();
  });
})();
