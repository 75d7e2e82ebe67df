// How the server answered a hand sent from the queue, from the answer alone: recorded
// (X-Hand-Saved), refused with its sheet and reasons (X-Hand-Refused), refused for another
// reason, or no real answer, which is sent again later.

export const RETRY_FIRST = 2000, RETRY_MOST = 30000;

export function judge({ status, saved, refused, redirected, text }, reasonsOf) {
  if (saved) return { saved: true };
  if (redirected) return { refused: { word: "signed-out", retry: true } };
  if (refused) return { refused: { message: reasonsOf(text), html: text } };
  if (status === 403) return { refused: { word: "reload", retry: true } };
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { refused: { word: "refused" } };
  return { failed: true };
}

// The wait before sending again: doubling from two seconds, at most thirty.
export function backoff(wait) {
  return Math.min(wait * 2, RETRY_MOST);
}
