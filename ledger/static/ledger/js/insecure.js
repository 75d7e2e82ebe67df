// A phone that reached the app over plain http (a laptop's address on the Wi-Fi) gets no
// service worker, no wake lock and no clipboard API. The scoring screen says so once: the
// notice stays until it is dismissed, and this phone remembers that it was.
const SEEN = "tonk-plain-http-told";
const note = document.getElementById("insecure");

if (note && !window.isSecureContext && !localStorage.getItem(SEEN)) note.hidden = false;

document.addEventListener("click", (event) => {
  if (!note || !event.target.closest("#insecure button")) return;
  localStorage.setItem(SEEN, "1");
  note.hidden = true;
});
