// Starting a night: players move up and down the seat order.
document.addEventListener("click", (event) => {
  const move = event.target.closest(".move-up, .move-down");
  if (!move) return;
  const item = move.closest("li");
  const list = item.parentNode;
  if (move.classList.contains("move-up") && item.previousElementSibling) {
    list.insertBefore(item, item.previousElementSibling);
  } else if (move.classList.contains("move-down") && item.nextElementSibling) {
    list.insertBefore(item.nextElementSibling, item);
  }
  list.querySelectorAll(".seat-number").forEach((input, index) => { input.value = index + 1; });
  move.focus();
});
