// The colour scheme: the system's (prefers-color-scheme) until the person presses the toggle, which
// sets <html data-theme> and remembers the choice; style.css gives every colour a light and a dark
// value. index.html's head applies the remembered choice before the first paint.

const THEME_KEY = "pysolver-theme";

const root = document.documentElement;
const button = document.getElementById("theme-toggle");
const systemDark = window.matchMedia("(prefers-color-scheme: dark)");

function dark() {
  return (root.dataset.theme || (systemDark.matches ? "dark" : "light")) === "dark";
}

function show() {
  button.setAttribute("aria-pressed", String(dark()));
}

button.addEventListener("click", () => {
  root.dataset.theme = dark() ? "light" : "dark";
  try {
    localStorage.setItem(THEME_KEY, root.dataset.theme);
  } catch {
    // storage refused (private mode): the choice lasts for this visit
  }
  show();
});
systemDark.addEventListener("change", show);
show();
