// How the queue reads the server's answer to a hand (static/ledger/js/queue/verdict.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { RETRY_FIRST, RETRY_MOST, backoff, judge } from "../../ledger/static/ledger/js/queue/verdict.js";

const reasons = (html) => "reasons of " + html;
const answer = (fields) => judge({ status: 200, saved: null, refused: null, redirected: false, text: "", ...fields }, reasons);

test("a hand recorded is saved, whatever else the answer says", () => {
  assert.deepEqual(answer({ saved: "4", refused: "1" }), { saved: true });
});

test("a refusal with its sheet keeps the sheet and its reasons", () => {
  assert.deepEqual(answer({ refused: "1", text: "<form id=hand>" }),
    { refused: { message: "reasons of <form id=hand>", html: "<form id=hand>" } });
});

test("a page of 200 that is no refusal is no answer: the hand is sent again", () => {
  assert.deepEqual(answer({ text: '<form id="hand">' }), { failed: true });
});

test("signed out or a stale page is refused until it can be sent again", () => {
  assert.deepEqual(answer({ redirected: true }), { refused: { word: "signed-out", retry: true } });
  assert.deepEqual(answer({ status: 403 }), { refused: { word: "reload", retry: true } });
});

test("other client errors are refusals; timeouts, throttling and server errors are retried", () => {
  assert.deepEqual(answer({ status: 404 }), { refused: { word: "refused" } });
  for (const status of [0, 408, 429, 500, 502, 503]) assert.deepEqual(answer({ status }), { failed: true });
});

test("the wait before sending again doubles up to thirty seconds", () => {
  const waits = [RETRY_FIRST];
  while (waits.length < 7) waits.push(backoff(waits[waits.length - 1]));
  assert.deepEqual(waits, [2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  assert.equal(RETRY_MOST, 30000);
});
