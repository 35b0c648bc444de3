// Loaded by index.html's head as a classic, blocking script, before the first paint: applies the
// remembered colour scheme (theme.js stores it) so that the page never flashes the other one.
try {
  const theme = localStorage.getItem("pysolver-theme");
  if (theme === "dark" || theme === "light") document.documentElement.dataset.theme = theme;
} catch {
  // storage refused: the system's scheme
}
