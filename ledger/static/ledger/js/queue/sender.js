// Sends the waiting hands in order, the first until the server has it, then the next; a
// refusal stops the queue there, no answer sends it again after a wait.
import { page, redraw } from "./state.js";
import { dealerNow, fill, tell, word } from "./view.js";
import { RETRY_FIRST, backoff, judge } from "./verdict.js";
import { reasons } from "./sheet.js";

export const sender = {
  wait: RETRY_FIRST,
  timer: null,
  sent: [],  // numbers of the hands recorded in this round, for one notice
  dealerToldAt: 0,
};

export function token() {
  try {
    return JSON.parse(document.body.getAttribute("hx-headers"))["x-csrftoken"];
  } catch (error) {
    return "";
  }
}

export function verdictOf(status, headers, redirected, text) {
  return judge({
    status,
    saved: headers("X-Hand-Saved"),
    refused: headers("X-Hand-Refused"),
    redirected,
    text,
  }, (html) => reasons(html) || word("refused"));
}

// The server said who deals next: a sheet asked for before then cannot know it.
export function dealerSaid(id) {
  if (dealerNow(id)) sender.dealerToldAt = Date.now();
}

export function later() {
  clearTimeout(sender.timer);
  sender.timer = setTimeout(flush, sender.wait);
  sender.wait = backoff(sender.wait);
}

export function again() {
  sender.wait = RETRY_FIRST;
  flush();
}

function post(head) {
  const abort = new AbortController();
  const giveUp = setTimeout(() => abort.abort(), 15000);
  return fetch(head.url, {
    method: "POST",
    body: head.body,
    credentials: "same-origin",
    signal: abort.signal,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true", "X-CSRFToken": token() },
  }).then((response) => response.text().then((text) => {
    const verdict = verdictOf(response.status, (name) => response.headers.get(name), response.redirected, text);
    if (verdict.saved) {
      page.store.drop(head.key);
      sender.sent.push("#" + response.headers.get("X-Hand-Saved"));
      dealerSaid(response.headers.get("X-Dealer"));
      sender.wait = RETRY_FIRST;
    } else if (verdict.refused) {
      page.store.change(head.key, { refused: verdict.refused });
    }
    return verdict;
  })).catch(() => ({ failed: true })).finally(() => clearTimeout(giveUp));
}

export function flush() {
  const store = page.store, head = store.load()[0];
  if (page.sending || !head || head.refused || head.inflight || !navigator.onLine) return;
  page.sending = true;
  store.change(head.key, { tried: true });  // from here it may be recorded: it is not undone here
  redraw();
  post(head).then((verdict) => {
    page.sending = false;
    const left = store.load().length;
    if (!left && sender.sent.length) {
      const pending = document.getElementById("queue-count");
      page.holdLine = !!pending && !pending.hidden;
      tell(fill(word("sent"), "hands", sender.sent.join(", ")));
      sender.sent = [];
    } else if (verdict.refused) {
      tell(word("refused-notice"), "warning");
    }
    redraw();
    if (verdict.failed) later();
    else if (verdict.saved && left) flush();
    else htmx.trigger(document.body, "tonk:refresh");  // the board shows what was recorded
  });
}
