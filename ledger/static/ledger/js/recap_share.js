// The recap's Share: the phone's share sheet with the text and the image card as a file
// (where the share target takes files), else the text alone. The card is fetched when the
// page loads, so the tap shares at once: Safari refuses a share that waits on the network.
// Without the Web Share API the button stays hidden and Copy and Download do the work.
const cards = new WeakMap();  // button -> the card as a File, once fetched

async function fetchCard(button) {
  try {
    const response = await fetch(button.dataset.card, { credentials: "same-origin" });
    if (!response.ok) return;
    const blob = await response.blob();
    cards.set(button, new File([blob], button.dataset.file, { type: "image/png" }));
  } catch (error) { /* no connection: the text still goes */ }
}

document.addEventListener("htmx:load", (event) => {
  if (!navigator.share || !event.target.querySelectorAll) return;
  event.target.querySelectorAll("button.recap-share").forEach((button) => {
    button.hidden = false;
    fetchCard(button);
  });
});

document.addEventListener("click", (event) => {
  const button = event.target.closest("button.recap-share");
  if (!button || !navigator.share) return;
  const data = { title: button.dataset.title, text: document.querySelector(button.dataset.text).value };
  const file = cards.get(button);
  if (file && navigator.canShare && navigator.canShare({ files: [file] })) data.files = [file];
  navigator.share(data).catch(() => { /* the sheet was dismissed */ });
});
