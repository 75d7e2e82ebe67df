// Sharing a night or the settle-up plan: the phone's own share sheet where it has one (Web
// Share API), and a copy for the group chat. On plain http there is no clipboard API: the
// text is selected and copied the old way, and where even that fails it stays selected
// for the phone's own Copy, and the button says so.
document.addEventListener("htmx:load", (event) => {
  if (!navigator.share || !event.target.querySelectorAll) return;
  event.target.querySelectorAll(".web-share").forEach((button) => { button.hidden = false; });
});

function copiedTheOldWay(field) {
  field.focus();
  field.select();
  field.setSelectionRange(0, field.value.length);  // iOS selects nothing without it
  try {
    return document.execCommand("copy");
  } catch (error) {
    return false;
  }
}

document.addEventListener("click", (event) => {
  const share = event.target.closest("button.web-share");
  if (share && navigator.share) {
    navigator.share({ title: share.dataset.title, url: share.dataset.url }).catch(() => {});
    return;
  }
  const copy = event.target.closest("button.copy");
  if (!copy) return;
  const field = document.querySelector(copy.dataset.copy);
  const done = (copied) => { copy.textContent = copied ? copy.dataset.copied : copy.dataset.selected; };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(() => done(true), () => done(copiedTheOldWay(field)));
  } else {
    done(copiedTheOldWay(field));
  }
});
