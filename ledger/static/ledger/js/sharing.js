// Sharing a night or the settle-up plan: the phone's own share sheet where it has one (Web
// Share API), and a copy for the group chat.
document.addEventListener("htmx:load", (event) => {
  if (!navigator.share || !event.target.querySelectorAll) return;
  event.target.querySelectorAll(".web-share").forEach((button) => { button.hidden = false; });
});

document.addEventListener("click", (event) => {
  const share = event.target.closest("button.web-share");
  if (share && navigator.share) {
    navigator.share({ title: share.dataset.title, url: share.dataset.url }).catch(() => {});
    return;
  }
  const copy = event.target.closest("button.copy");
  if (!copy || !navigator.clipboard) return;
  const text = document.querySelector(copy.dataset.copy).value;
  navigator.clipboard.writeText(text).then(() => {
    copy.textContent = copy.dataset.copied || "Copied";
  });
});
