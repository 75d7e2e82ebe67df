// Paying through another app and coming back: the settle-up page remembers which payment a
// pay button was tapped for, and when the phone shows the page again it brings that payment's
// "Mark paid" into view and focus, with a word of what to do. Marking stays a deliberate tap.
const KEY = "tonk-paying";

document.addEventListener("click", (event) => {
  const link = event.target.closest("a.pay-link");
  const row = link && link.closest(".payment-row");
  if (!row) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({
      path: location.pathname, payer: row.dataset.payer, payee: row.dataset.payee,
    }));
  } catch (error) { /* private mode: no reminder, the page works as before */ }
});

function remind() {
  if (document.visibilityState !== "visible") return;
  let paying = null;
  try {
    paying = JSON.parse(sessionStorage.getItem(KEY) || "null");
  } catch (error) { return; }
  if (!paying || paying.path !== location.pathname) return;
  const row = [...document.querySelectorAll(".payment-row")].find(
    (r) => r.dataset.payer === paying.payer && r.dataset.payee === paying.payee);
  const mark = row && row.querySelector("form button[type=submit]");
  if (!mark) return;  // paid already (from another phone) or no right to mark it
  sessionStorage.removeItem(KEY);
  const hint = row.querySelector(".back-from-paying");
  if (hint) hint.hidden = false;
  row.classList.add("coming-back");
  row.scrollIntoView({ block: "center" });
  mark.focus({ preventScroll: true });
}

document.addEventListener("visibilitychange", remind);
window.addEventListener("pageshow", remind);
