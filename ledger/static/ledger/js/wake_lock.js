// The screen stays awake while scoring or watching a night (Screen Wake Lock API).
let lock = null;

function request() {
  if (document.visibilityState !== "visible" || lock) return;
  navigator.wakeLock.request("screen").then((held) => {
    lock = held;
    lock.addEventListener("release", () => { lock = null; });
  }).catch(() => {});
}

if (document.body.hasAttribute("data-wake-lock") && "wakeLock" in navigator) {
  request();
  document.addEventListener("visibilitychange", request);
}
