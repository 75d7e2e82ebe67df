// The hand sheet's count boxes, shared by the count pad and the card picker: which box the
// next tap fills, and what the card picker has added up in it.

let chosenBox = null;

export function changed(input) {
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

export function boxes() {
  return [...document.querySelectorAll("#hand input.count")];
}

// A deal tonk's boxes are filled one by one, unless push-ups asks everyone's deal count.
export function ownBox(box) {
  return !!box.closest(".claim-row") && !box.closest("[data-every-count]");
}

// Playing push-ups, a tonk-out or an out on a discard asks every count but the winner's.
export function winnersBox(box) {
  const winner = document.querySelector("#hand input[name=winner]:checked");
  return !!winner && box.name === "count-" + winner.value;
}

export function nextEmpty(after) {
  const all = boxes();
  const start = after ? all.indexOf(after) + 1 : 0;
  const rest = all.slice(start).concat(all.slice(0, start));
  return rest.find((box) => !box.value && !ownBox(box) && !winnersBox(box)) || null;
}

// The box a tap fills: the one chosen, while it is still on the page, else the first empty.
export function target() {
  return chosenBox && document.body.contains(chosenBox) ? chosenBox : nextEmpty(null);
}

export function chosen() {
  return chosenBox;
}

export function choose(box) {
  document.querySelectorAll("#hand input.count.chosen").forEach((b) => b.classList.remove("chosen"));
  chosenBox = box;
  if (box) box.classList.add("chosen");
  showCards(box);
}

export function cardsIn(box) {
  return box && box.dataset.cards ? JSON.parse(box.dataset.cards) : [];
}

// What the card picker has added up for the chosen box: "Goblin: A 2 4 = 7".
export function showCards(box) {
  const line = document.querySelector("#hand .cards-tapped");
  if (!line) return;
  const cards = cardsIn(box);
  const label = box && document.querySelector("label[for='" + box.id + "']");
  line.textContent = cards.length
    ? (label ? label.textContent.trim() + ": " : "") + cards.map((c) => c[0]).join(" ") + " = " + box.value
    : "";
}
