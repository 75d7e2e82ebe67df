// The count pad: one tap fills the chosen box and chooses the next empty one. With the pad
// on the sheet the phone's keyboard stays shut (typing still works).
import { boxes, changed, choose, chosen, nextEmpty, ownBox, showCards, target, winnersBox } from "./count_boxes.js";

// A sheet taller than the phone (five players, long names, a correction) hides the pad's last
// rows under the save bar. Once who dropped or won is picked or a box is tapped, or at once on
// a sheet with no one to pick, the sheet scrolls just enough to show the whole pad, never past
// the counts' heading.
function revealPad() {
  const sheet = document.querySelector("#hand-form");
  const pad = document.querySelector("#hand .count-pad");
  const bar = document.querySelector("#hand .save-bar");
  const counts = document.querySelector("#hand .counts, #hand .claims");
  if (!sheet || !pad || !bar || !counts) return;
  const hidden = pad.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
  const room = counts.getBoundingClientRect().top - sheet.getBoundingClientRect().top;
  if (hidden > 0 && room > 0) sheet.scrollBy({ top: Math.min(hidden + 4, room) });
}

document.addEventListener("htmx:load", (event) => {
  if (!event.target.querySelector || !event.target.querySelector("#hand .count-pad")) return;
  boxes().forEach((box) => box.setAttribute("inputmode", "none"));
  choose(nextEmpty(null));
  if (!document.querySelector("#hand .choice input[name=dropper], #hand .choice input[name=winner]")) revealPad();
});

document.addEventListener("focusin", (event) => {
  if (!event.target.matches("#hand input.count")) return;
  choose(event.target);
  revealPad();
});

// The dropper's count is the one called first ("Bo drops with 20"): picking the dropper
// chooses their box while it is empty. Picking a winner moves the pad off the winner's box.
document.addEventListener("change", (event) => {
  if (event.target.matches("#hand input[name=winner]")) {
    if (!chosen() || winnersBox(chosen())) choose(nextEmpty(null));
    revealPad();
    return;
  }
  if (!event.target.matches("#hand input[name=dropper]")) return;
  const box = document.querySelector("#hand input.count[name='count-" + event.target.value + "']");
  if (box && !box.value) choose(box);
  revealPad();
});

// A count typed by hand replaces what the card picker added up.
document.addEventListener("input", (event) => {
  if (event.isTrusted && event.target.matches("#hand input.count")) {
    delete event.target.dataset.cards;
    showCards(event.target);
  }
});

document.addEventListener("click", (event) => {
  const pad = event.target.closest(".pad-button");
  if (!pad) return;
  const box = target();
  const hint = document.querySelector("#hand .pad-hint");
  if (hint) hint.textContent = box ? "" : hint.dataset.hint;  // a deal tonk's box comes with its caller
  if (!box) return;
  box.value = pad.dataset.value;
  delete box.dataset.cards;
  changed(box);
  choose(ownBox(box) ? box : (nextEmpty(box) || box));
});
