// The hands waiting on this phone, kept in localStorage under the night and the signed-in
// scorekeeper: pure list operations over a Storage, so they run in Node's tests too.

export class Store {
  constructor(storage, key) {
    this.storage = storage;
    this.key = key;
  }

  load() {
    try {
      return JSON.parse(this.storage.getItem(this.key)) || [];
    } catch (error) {
      return [];
    }
  }

  save(items) {
    if (items.length) this.storage.setItem(this.key, JSON.stringify(items));
    else this.storage.removeItem(this.key);
  }

  change(key, fields) {
    this.save(this.load().map((item) => (item.key === key ? { ...item, ...fields } : item)));
  }

  drop(key) {
    this.save(this.load().filter((item) => item.key !== key));
  }

  // A hand goes to the end of the queue; a refused one, fixed, takes its own place again.
  keep(item, fixing) {
    const items = this.load();
    const at = items.findIndex((i) => i.key === (fixing || item.key));
    if (at >= 0) items[at] = item;
    else items.push(item);
    this.save(items);
    return items;
  }

  // A page opened again: a save that was on its way may have reached the server (it is
  // sent again, and the server records a key once); a refusal that a new sign-in or a
  // fresh page answers is tried again.
  recover() {
    this.save(this.load().map((item) => ({
      ...item,
      ...(item.inflight ? { inflight: false, tried: true } : {}),
      ...(item.refused && item.refused.retry ? { refused: null } : {}),
    })));
  }
}

// The hands the list shows: one the normal save is sending right now is not among them.
export function waiting(items) {
  return items.filter((item) => !item.inflight);
}

// Who deals the next new hand: the player on the left of the last waiting new hand's dealer,
// as the board says (each seat names its left), or the dealer the board shows.
export function nextDealer(items, seats, dealing) {
  const queued = items.filter((item) => !item.correcting && item.dealer);
  if (queued.length) {
    const last = seats.find((seat) => seat.id === queued[queued.length - 1].dealer.id);
    const left = last && seats.find((seat) => seat.id === last.left);
    if (left) return left;
  }
  return seats.find((seat) => seat.id === dealing) || null;
}

// What a waiting hand's line says of it: being sent, behind a refusal, sent once with no
// answer, or waiting its turn.
export function stateOf(index, shown, sending) {
  if (sending && index === 0) return "sending";
  if (shown[0].refused) return "behind";
  return shown[index].tried ? "unsure" : "waiting";
}

// Only the last hand, never sent, can be taken back here: one sent may be recorded.
export function undoable(index, shown, sending) {
  return index === shown.length - 1 && !shown[index].tried && !(sending && index === 0);
}

export function newKey(random) {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join("");
}
