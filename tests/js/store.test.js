// The offline queue's store and its order (static/ledger/js/queue/store.js), run by
// `node --test tests/js/` (make test-js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { Store, newKey, nextDealer, stateOf, undoable, waiting } from "../../ledger/static/ledger/js/queue/store.js";

class Memory {
  constructor() { this.data = new Map(); }
  getItem(key) { return this.data.has(key) ? this.data.get(key) : null; }
  setItem(key, value) { this.data.set(key, String(value)); }
  removeItem(key) { this.data.delete(key); }
}

const hand = (key, extra = {}) => ({ key, summary: "Drop: " + key, refused: null, ...extra });

test("hands keep the order they were saved in, and a fixed refusal keeps its place", () => {
  const store = new Store(new Memory(), "tonk-queue:1:2");
  store.keep(hand("a"));
  store.keep(hand("b"));
  store.keep(hand("c"));
  store.change("b", { refused: { word: "refused", html: "<form>" } });
  store.keep(hand("b2", { summary: "fixed" }), "b");
  assert.deepEqual(store.load().map((i) => i.key), ["a", "b2", "c"]);
  assert.equal(store.load()[1].refused, null);
});

test("a hand kept twice under its key is one hand", () => {
  const store = new Store(new Memory(), "q");
  store.keep(hand("a"));
  store.keep(hand("a", { summary: "again" }));
  assert.deepEqual(store.load().map((i) => i.summary), ["again"]);
});

test("an empty queue leaves nothing in storage, and unreadable storage is an empty queue", () => {
  const memory = new Memory();
  const store = new Store(memory, "q");
  store.keep(hand("a"));
  store.drop("a");
  assert.equal(memory.getItem("q"), null);
  memory.setItem("q", "{not json");
  assert.deepEqual(store.load(), []);
  assert.deepEqual(new Store(memory, "other").load(), []);
});

test("each night and scorekeeper has a queue of its own", () => {
  const memory = new Memory();
  new Store(memory, "tonk-queue:1:7").keep(hand("a"));
  assert.deepEqual(new Store(memory, "tonk-queue:2:7").load(), []);
  assert.equal(new Store(memory, "tonk-queue:1:7").load().length, 1);
});

test("opened again, a hand on its way is sent again and a retryable refusal is cleared", () => {
  const store = new Store(new Memory(), "q");
  store.save([
    hand("a", { inflight: true }),
    hand("b", { refused: { word: "signed-out", retry: true } }),
    hand("c", { refused: { message: "no", html: "<form>" } }),
  ]);
  store.recover();
  const [a, b, c] = store.load();
  assert.equal(a.inflight, false);
  assert.equal(a.tried, true);
  assert.equal(b.refused, null);
  assert.deepEqual(c.refused, { message: "no", html: "<form>" });
});

test("the list leaves out the hand the normal save is sending", () => {
  assert.deepEqual(waiting([hand("a", { inflight: true }), hand("b")]).map((i) => i.key), ["b"]);
});

const SEATS = [
  { id: "1", name: "Croaker", left: "2" },
  { id: "2", name: "Goblin", left: "3" },
  { id: "3", name: "Elmo", left: "1" },
];

test("the next dealer is the left of the last waiting new hand's dealer, as the board says", () => {
  const items = [hand("a", { dealer: { id: "3" } }), hand("b", { dealer: { id: "1" } })];
  assert.equal(nextDealer(items, SEATS, "3").name, "Goblin");
  assert.equal(nextDealer([], SEATS, "3").name, "Elmo", "no hand waits: the board's dealer");
  const fixing = [hand("a", { dealer: { id: "1" }, correcting: true })];
  assert.equal(nextDealer(fixing, SEATS, "3").name, "Elmo", "a correction deals no new hand");
  const gone = [hand("a", { dealer: { id: "9" } })];
  assert.equal(nextDealer(gone, SEATS, "2").name, "Goblin", "a dealer who left: the board's");
});

test("each waiting hand says where it stands, and only the last unsent one can be undone", () => {
  const shown = [hand("a"), hand("b", { tried: true }), hand("c")];
  assert.deepEqual(shown.map((_, i) => stateOf(i, shown, true)), ["sending", "unsure", "waiting"]);
  assert.deepEqual(shown.map((_, i) => undoable(i, shown, false)), [false, false, true]);
  const blocked = [hand("a", { refused: { word: "refused" } }), hand("b")];
  assert.equal(stateOf(1, blocked, false), "behind");
  assert.equal(undoable(0, [hand("a")], true), false, "the one being sent stays");
});

test("a request key is 32 hex digits from the random bytes", () => {
  const key = newKey((bytes) => bytes.map((_, i) => i * 17));
  assert.equal(key, "00112233445566778899aabbccddeeff");
});
