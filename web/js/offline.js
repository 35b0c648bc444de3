// Offline use: registers the service worker (sw.js) once the solver is ready and the page idle, so
// that its caching reads what the boot just downloaded rather than competing with it, and its
// registration does not hold up the drawing of the first board; and when a new deployment's
// service worker is installed and waiting, shows "new version: reload", which hands the page over
// to it and reloads. The board survives the reload (it is saved as it changes).
//
// It also offers Retry when the solver could not start: a reload, which fetches the files again.

import { client } from "./solver.js";

const banner = document.getElementById("update");
const retry = document.getElementById("boot-retry");
let reloading = false;

function showRetry() {
  retry.hidden = false;
  retry.onclick = () => location.reload();
}

if (client.bootError) showRetry();
client.addEventListener("boot-error", showRetry);

function offer(waiting) {
  banner.hidden = false;
  banner.querySelector("button").onclick = () => {
    reloading = true;
    waiting.postMessage("activate-new-version");
  };
}

async function register() {
  const registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
    });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
}

/** Resolve when the page's main thread has a moment free (the first board drawn), at most 2 s on. */
function idle() {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  client.ready.then(idle).then(register).catch((error) => console.warn("offline use is unavailable:", error));
}
