// What the queue's modules share on this page: its store (null where the page has no queue),
// whether a hand is being sent, and whether the emptied line under the totals holds its place.
import { draw } from "./view.js";

export const page = { store: null, sending: false, holdLine: false };

export function redraw() {
  if (page.store) draw(page.store.load(), page);
}
