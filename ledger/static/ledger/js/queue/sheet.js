// A hand sheet as the queue reads it: what it says in its own (translated) words, and the
// item the queue keeps for it.
import { newKey } from "./store.js";

// "Drop: Croaker · Croaker 7, Goblin 17"
export function describe(form) {
  const title = form.querySelector("h2").textContent.trim();
  const chosen = [...form.querySelectorAll("fieldset.choice input:checked")].map(
    (radio) => form.querySelector("label[for='" + radio.id + "']").textContent.trim());
  const counts = [...form.querySelectorAll("input.count")].filter((i) => i.value !== "").map((i) => {
    const row = i.closest(".count-row, .claim-row");
    const name = row.querySelector(row.classList.contains("claim-row") ? "span.no-js-only" : "label");
    return name.textContent.trim() + " " + i.value;
  });
  const parts = [chosen.join(", "), counts.join(", ")].filter(Boolean);
  return title + (parts.length ? ": " + parts.join(" · ") : "");
}

export function itemFrom(form) {
  const body = new URLSearchParams(new FormData(form));
  body.delete("csrfmiddlewaretoken");  // sent fresh from the page, which may be newer
  const select = form.querySelector("select[name=dealer]");
  const option = select && select.options[select.selectedIndex];
  return {
    key: body.get("key"),
    url: form.getAttribute("action"),
    body: body.toString(),
    summary: describe(form),
    dealer: option ? { id: option.value, name: option.textContent.trim() } : null,
    correcting: body.has("correcting"),
    refused: null,
  };
}

// A fresh sheet (perhaps the worker's copy, drawn before the last hands) gets a request key
// of its own; where it cannot know the dealer, ``dealer`` is who the queue says deals.
export function freshen(form, dealer) {
  form.querySelector("input[name=key]").value = newKey((bytes) => crypto.getRandomValues(bytes));
  const select = form.querySelector("select[name=dealer]");
  if (!dealer || !select || select.value === dealer.id) return;
  const was = select.options[select.selectedIndex].textContent.trim();
  select.value = dealer.id;
  const summary = form.querySelector(".dealer-choice summary");
  summary.textContent = summary.textContent.replace(was, () => dealer.name);
}

export function reasons(html) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const errors = [...page.querySelectorAll(".alert-danger, .invalid-feedback")]
    .map((e) => e.textContent.trim()).filter(Boolean);
  return errors.join(" ");
}
