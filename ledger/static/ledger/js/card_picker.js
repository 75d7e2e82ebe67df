// The card picker: the cards tapped add up to the chosen box's count.
import { cardsIn, changed, showCards, target } from "./count_boxes.js";

document.addEventListener("click", (event) => {
  const card = event.target.closest(".card-button, .card-clear, .card-undo");
  const box = card && target();
  if (!box) return;
  const picker = card.closest(".card-picker");
  let cards = cardsIn(box);
  if (card.classList.contains("card-clear")) cards = [];
  else if (card.classList.contains("card-undo")) cards.pop();
  else if (cards.length >= parseInt(picker.dataset.handSize, 10)) {
    picker.querySelector(".cards-tapped").textContent = picker.dataset.full;
    return;
  } else cards.push([card.dataset.label, parseInt(card.dataset.value, 10)]);
  box.dataset.cards = JSON.stringify(cards);
  box.value = cards.length ? cards.reduce((sum, c) => sum + c[1], 0) : "";
  showCards(box);
  changed(box);
});
