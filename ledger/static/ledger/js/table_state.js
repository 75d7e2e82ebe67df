// What a new hand's sheet depends on: who sits where and the side bets. When it changes,
// the sheets kept for a dropped connection (by the service worker, or by the page itself
// where no worker runs) are fetched again.
export function tableState() {
  let seen = [...document.querySelectorAll("li.total[data-seated]")].map((li) => li.dataset.player).join();
  document.querySelectorAll("#side-bets [data-bet]").forEach((bet) => {
    seen += bet.dataset.bet + bet.dataset.terms + bet.querySelector(".text-body-secondary").textContent;
  });
  return seen;
}
