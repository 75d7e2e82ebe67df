// The recap's Share: the phone's share sheet with the text and the image card as a file
// (where the share target takes files), else the text alone. The card is fetched when the
// page loads, so a tap shares at once (Safari refuses a share that waited on the network);
// a tap before the card has come waits for it.
// Without the Web Share API the button stays hidden and Copy and Download do the work.
const cards = new WeakMap();  // button -> a promise of the card as a File (null if it failed)

async function fetchCard(button) {
  try {
    const response = await fetch(button.dataset.card, { credentials: "same-origin" });
    if (!response.ok) return null;
    return new File([await response.blob()], button.dataset.file, { type: "image/png" });
  } catch (error) {
    return null;  // no connection: the text still goes
  }
}

document.addEventListener("htmx:load", (event) => {
  if (!navigator.share || !event.target.querySelectorAll) return;
  event.target.querySelectorAll("button.recap-share").forEach((button) => {
    button.hidden = false;
    cards.set(button, fetchCard(button));
  });
});

document.addEventListener("click", async (event) => {
  const button = event.target.closest("button.recap-share");
  if (!button || !navigator.share) return;
  const data = { title: button.dataset.title, text: document.querySelector(button.dataset.text).value };
  const file = await (cards.get(button) || null);
  if (file && navigator.canShare && navigator.canShare({ files: [file] })) data.files = [file];
  navigator.share(data).catch(() => { /* the sheet was dismissed */ });
});
