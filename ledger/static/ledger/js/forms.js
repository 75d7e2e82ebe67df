// What the app's forms ask of the page around them.

// A required field's star is for the eye: screen readers hear "required" from the field itself.
document.addEventListener("htmx:load", (event) => {
  if (!event.target.querySelectorAll) return;
  event.target.querySelectorAll(".asteriskField").forEach((star) => star.setAttribute("aria-hidden", "true"));
});

// A refused player's name (already playing), or the first refused payment handle, is said
// beside the box: the box takes the fix.
document.addEventListener("DOMContentLoaded", () => {
  const box = document.querySelector("#add-player input.is-invalid, form.pay-handles input.is-invalid");
  if (box) {
    box.focus();
    box.scrollIntoView({ block: "center" });
  }
});

// A step that is hard to take back asks first (data-confirm): retiring a player. The header's
// Log out sits just above a short sheet: with a hand half entered, it asks too.
document.addEventListener("submit", (event) => {
  const form = event.target;
  const ask = form.dataset.confirm ||
    (form.matches("form.log-out") && document.querySelector("#hand-form > form") ? form.dataset.unsaved : "");
  if (ask && !window.confirm(ask)) event.preventDefault();
});

// The language switcher applies the choice at once; its button is for browsers without JavaScript.
document.addEventListener("change", (event) => {
  if (event.target.matches(".language-form select")) event.target.form.submit();
});

// The board's parts a poll redraws are rendered once for every phone (web/shared_board.py),
// so their forms carry no CSRF field: htmx sends the token as a header (<body hx-headers>),
// and a plain POST from among them (Reopen the night) takes it here.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (event.defaultPrevented || form.method !== "post" || form.elements.csrfmiddlewaretoken) return;
  const field = Object.assign(document.createElement("input"), { type: "hidden", name: "csrfmiddlewaretoken" });
  field.value = JSON.parse(document.body.getAttribute("hx-headers"))["x-csrftoken"];
  form.append(field);
});
