// Runs before the page paints: follow the phone's light or dark setting, and
// mark that JavaScript is on (the page works without it too).
(function () {
  var root = document.documentElement;
  root.classList.add("js");
  var dark = window.matchMedia("(prefers-color-scheme: dark)");
  function apply() {
    root.setAttribute("data-bs-theme", dark.matches ? "dark" : "light");
  }
  apply();
  dark.addEventListener("change", apply);
})();
