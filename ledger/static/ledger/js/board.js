// The scoring screen's board as htmx keeps it: polls that ask only for what is new, parts
// redrawn in place, notices that give way to the next sheet.

// A poll asks "anything new since this?" with the ETag of what the phone shows (data-etag):
// a night with nothing new answers 304, which htmx is configured not to swap (base.html).
// A save says what its phone shows too, so the answer can bring only what changed.
document.addEventListener("htmx:configRequest", (event) => {
  const tag = event.detail.elt.getAttribute("data-etag");
  if (tag && event.detail.verb === "get") event.detail.headers["If-None-Match"] = tag;
  const poll = document.getElementById("poll");
  if (event.detail.elt.id === "hand" && poll) event.detail.headers["X-Board-ETag"] = poll.getAttribute("data-etag");
});

document.addEventListener("htmx:afterRequest", (event) => {
  const elt = event.detail.elt, xhr = event.detail.xhr;
  const tag = xhr && xhr.status === 200 && xhr.getResponseHeader("ETag");
  // A poll answered after a save replaced #poll is dropped: its element left the page.
  if (tag && elt.hasAttribute("data-etag") && document.body.contains(elt)) elt.setAttribute("data-etag", tag);
});

// Controls drawn for a closed night (or a visitor who could not score) leave nothing for a
// poll to swap the table's controls into: the page is drawn anew. Any other part with no
// target belongs to a poll overtaken by a save or a redraw, and is dropped.
document.addEventListener("htmx:oobErrorNoTarget", (event) => {
  const content = event.detail.content;
  if (content && content.id === "seats" && !document.getElementById("seats")) window.location.reload();
});

// Opening a sheet, or saving one, the last save's notice goes at once rather than staying
// over the new sheet (or a refusal) for the rest of its five seconds.
document.addEventListener("htmx:beforeRequest", (event) => {
  const target = event.detail.target, elt = event.detail.elt;
  if ((target && target.id === "hand-form") || (elt.closest && elt.closest("#hand-form"))) {
    document.querySelectorAll(".notice-toast").forEach((toast) => toast.remove());
  }
});

// The preview grows to show every payment and never shrinks while its sheet is open: its
// height is kept as the box's reserve (app.css), inside which what is still needed scrolls.
// The height goes in a stylesheet of its own, not the box's style attribute: htmx copies an
// old box's attributes onto the next sheet's for a moment, and the page's Content Security
// Policy (style-src 'self') refuses a style attribute set that way. The next sheet's box
// has no data-reserved, so it starts from app.css's reserve again.
const reserved = new CSSStyleSheet();
document.adoptedStyleSheets = [...document.adoptedStyleSheets, reserved];

document.addEventListener("htmx:afterSettle", (event) => {
  const preview = event.target.id === "preview" ? event.target : null;
  if (preview && preview.querySelector("#preview-headline")) {
    const height = Math.max(preview.getBoundingClientRect().height, preview.scrollHeight);
    reserved.replaceSync(`#preview[data-reserved] { --reserve: ${Math.ceil(height)}px; }`);
    preview.setAttribute("data-reserved", "");
  }
  // A refusal said beside its box (settle-up's rows, the stake) is brought into view with it.
  const said = event.target.querySelector && event.target.querySelector(
    "#settlement .invalid-feedback[role=alert], #table-controls .invalid-feedback[role=alert], #id_stake-sure");
  if (said) said.scrollIntoView({ block: "center" });
});

// htmx wires what it swaps in when it settles, a few milliseconds later; an outcome button
// tapped before then would open its sheet as a plain page, whose Save skips the phone's
// queue. The buttons are wired as soon as they are in.
document.addEventListener("htmx:afterSwap", (event) => {
  if (!event.target.querySelectorAll) return;
  event.target.querySelectorAll("a.outcome[hx-get]").forEach((a) => htmx.process(a));
});
