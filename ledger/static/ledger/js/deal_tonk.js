// A deal tonk: the callers are tapped in the order they called; a second tap takes one back.
import { changed, ownBox } from "./count_boxes.js";

function orderOf(row) {
  return row.querySelector(".claim-order");
}

document.addEventListener("click", (event) => {
  const call = event.target.closest(".claim-row .call");
  if (!call) return;
  const row = call.closest(".claim-row");
  const order = orderOf(row);
  const rows = [...document.querySelectorAll("#hand .claim-row")];
  if (call.getAttribute("aria-pressed") === "true") {
    const removed = parseInt(order.value, 10);
    call.setAttribute("aria-pressed", "false");
    order.value = "";
    const box = row.querySelector("input.count");
    if (ownBox(box)) box.value = "";
    rows.forEach((other) => {
      const o = orderOf(other);
      if (o.value && parseInt(o.value, 10) > removed) o.value = parseInt(o.value, 10) - 1;
    });
  } else {
    const taken = rows.filter((r) => orderOf(r).value).length;
    call.setAttribute("aria-pressed", "true");
    order.value = taken + 1;
    row.querySelector("input.count").focus();
  }
  changed(order);
});
