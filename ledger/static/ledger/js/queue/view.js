// The queue as the scoring screen shows it: the list of waiting hands (drawn from the
// server's <template>s in templates/ledger/night/queue.html), the line under the totals, the
// notices, and the dealer while hands wait.
import { nextDealer, stateOf, undoable, waiting } from "./store.js";

export function box() {
  return document.getElementById("queue");
}

export function word(name) {
  const words = document.getElementById("queue-words");
  const span = words && words.content.querySelector("[data-word='" + name + "']");
  return span ? span.textContent : name;
}

export function fill(text, name, value) {
  return text.replace("{" + name + "}", () => value);
}

function copy(id) {
  return document.getElementById(id).content.firstElementChild.cloneNode(true);
}

// Said over the page, as a save's notice is: news of hands sent (or not) must not move the
// board under the thumb reaching for the next button. What lasts is in the list.
export function tell(text, kind) {
  const notice = document.getElementById("notice");
  if (!notice) return;
  if (!text) return notice.replaceChildren();
  const alert = document.createElement("div");
  alert.className = "alert py-2 notice-toast alert-" + (kind || "success");
  alert.setAttribute("role", "status");
  alert.textContent = text;
  notice.replaceChildren(alert);
}

export function closeSheet() {
  const sheet = document.getElementById("hand-form");
  if (sheet) htmx.swap(sheet, "", { swapStyle: "innerHTML" });
}

// The seats as the board draws them: each names the player on its left (data-left).
export function seats() {
  return [...document.querySelectorAll("li.total[data-seated]")].map((li) => ({
    id: li.dataset.player,
    left: li.dataset.left,
    name: li.querySelector("[data-total]").dataset.total,
  }));
}

export function dealerAfter(items) {
  const dealing = document.querySelector("li.total[data-deals]");
  return nextDealer(items, seats(), dealing && dealing.dataset.player);
}

// The server said who deals: the board agrees before it is redrawn.
export function dealerNow(id) {
  const li = id && document.querySelector("li.total[data-player='" + id + "']");
  if (!li) return false;
  document.querySelectorAll("li.total[data-deals]").forEach((other) => other.removeAttribute("data-deals"));
  li.setAttribute("data-deals", "");
  return true;
}

function showDealer(items) {
  const dealer = dealerAfter(items), named = document.getElementById("dealer");
  if (!named || !dealer) return;
  named.textContent = dealer.name;
  const badge = document.getElementById("deals-badge");
  const name = document.querySelector("li.total[data-player='" + dealer.id + "'] .name");
  if (!badge || !name || badge.parentElement === name) return;
  const gap = badge.previousSibling;  // the space the board draws before the badge
  if (gap && gap.nodeType === Node.TEXT_NODE && !gap.data.trim()) gap.remove();
  name.append(" ", badge);  // read as "Goblin deals", not "Goblindeals"
}

// While hands wait, the table's controls wait too: a change would overtake them.
function lockTable(locked) {
  document.body.classList.toggle("queue-waiting", locked);  // app.css hides the undo bar
  document.querySelectorAll("#table-controls button, #side-bets-button").forEach((control) => {
    control.toggleAttribute("disabled", locked);
    control.classList.toggle("disabled", locked);
    control.setAttribute("aria-disabled", locked ? "true" : "false");
  });
}

// The line under the totals; kept blank (holdLine) it holds the buttons under it still
// until the next tap.
function countLine(shown, holdLine) {
  const pending = document.getElementById("queue-count");
  if (!pending) return;
  if (shown.length) pending.textContent = fill(word("not-counted"), "count", shown.length);
  pending.hidden = !shown.length && !holdLine;
  pending.classList.toggle("spent", !shown.length);
}

function line(item, state) {
  const li = copy("queue-item");
  li.dataset.key = item.key;
  li.classList.toggle("refused", !!item.refused);
  li.querySelectorAll("button").forEach((b) => { b.dataset.key = item.key; });
  const p = li.querySelector("p");
  p.querySelector("strong").textContent = item.summary;
  if (item.dealer && !item.correcting) p.append(" · " + fill(word("dealt"), "name", item.dealer.name));
  if (item.refused) {
    li.querySelector(".why .message").textContent = item.refused.message || word(item.refused.word);
    // A refusal without the server's sheet (signed out, reload) may follow a send that did
    // reach it: one with its sheet never did (a recorded key is answered as saved).
    if (!(item.tried && !item.refused.html)) li.querySelector(".why .maybe").remove();
    if (!item.refused.html) li.querySelector(".queue-fix").remove();
    li.querySelector(".queue-undo").remove();
  } else {
    const em = document.createElement("em");
    em.textContent = word(state.name);
    p.append(": ", em);
    li.querySelector(".why").remove();
    li.querySelector(".fixes").remove();
    if (!state.undoable) li.querySelector(".queue-undo").remove();
  }
  return li;
}

export function draw(items, { sending, holdLine }) {
  const here = box();
  if (!here) return;
  const shown = waiting(items);
  lockTable(shown.length > 0);
  showDealer(items);
  countLine(shown, holdLine);
  const none = document.getElementById("no-hands");
  if (none) none.hidden = shown.length > 0;
  const drawn = JSON.stringify([shown, sending]);
  if (here.dataset.drawn === drawn) return;  // unchanged: nothing for a screen reader to repeat
  here.dataset.drawn = drawn;
  here.hidden = !shown.length;
  if (!shown.length) return here.replaceChildren();
  const list = copy("queue-list");
  list.querySelector("h2").textContent = fill(word("heading"), "count", shown.length);
  list.querySelector("ol").append(...shown.map((item, index) => line(item, {
    name: stateOf(index, shown, sending),
    undoable: undoable(index, shown, sending),
  })));
  here.replaceChildren(...list.children);
}

export function noPreview() {
  const preview = document.querySelector("#hand #preview");
  if (!preview) return;
  const p = document.createElement("p");
  p.className = "text-body-secondary mb-0 small";
  p.textContent = word("no-preview");
  preview.replaceChildren(p);
}
