// A new league takes the phone's time zone; the league page offers it too.
let zone = "";
try {
  zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
} catch (error) {
  zone = "";
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("input[type=hidden].time-zone").forEach((input) => {
    if (!input.value) input.value = zone;
  });
});

document.addEventListener("click", (event) => {
  const button = event.target.closest(".use-phone-zone");
  if (button && zone) button.form.querySelector("input.time-zone").value = zone;
});
