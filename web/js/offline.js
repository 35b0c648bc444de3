// Offline use: registers the service worker (sw.js) once the solver is ready and the page idle, so
// that its caching reads what the boot just downloaded rather than competing with it, and its
// registration does not hold up the drawing of the first board; and when a new deployment's
// service worker is installed and waiting, shows "new version: reload", which hands the page over
// to it and reloads. The board survives the reload (it is saved as it changes).
//
// When another version takes over the page (another tab's Reload, or the person's in this one),
// this page reloads too: its files are the old version's, and its cache is gone, so a restarted
// solver worker would otherwise boot the new version's worker and wheel under the old page. Before
// it does, the page keeps this tab's game (with its history) and the text in its box for the reload.
//
// It also offers Retry when the solver could not start, or while a download its boot waits on has
// stalled: a reload, which fetches the files again.

import { client } from "./solver.js";

const banner = document.getElementById("update");
const retry = document.getElementById("boot-retry");

function showRetry() {
  retry.hidden = false;
  retry.onclick = () => location.reload();
}

if (client.bootError || client.stalled) showRetry();
client.addEventListener("boot-error", showRetry);
// Shown while a download stalls, hidden again if it resumes (a boot error keeps it).
client.addEventListener("stalled", () => {
  if (client.stalled) showRetry();
  else if (!client.bootError) retry.hidden = true;
});

function offer(registration, waiting) {
  banner.hidden = false;
  banner.querySelector("button").onclick = () => {
    // Another tab may have taken this version already: then it is active, and the page (which the
    // controllerchange below has not reloaded yet, or never will for a page it did not control)
    // only needs a reload.
    if (waiting.state === "installed" && registration.waiting === waiting) waiting.postMessage("activate-new-version");
    else location.reload();
  };
}

async function register() {
  const registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration, registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed" && navigator.serviceWorker.controller) offer(registration, installing);
    });
  });
}

// A page that had a controller and gets another one is the old version's: reload it. The first
// install, which claims a page that had none, changes nothing the page runs.
let controlled = navigator.serviceWorker ? navigator.serviceWorker.controller !== null : false;
let reloading = false;

/** Resolve when the page's main thread has a moment free (the first board drawn), at most 2 s on. */
function idle() {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (controlled && !reloading) {
      reloading = true;
      window.dispatchEvent(new Event("pysolver-reload")); // the page keeps this tab's game and typed text
      location.reload();
    }
    controlled = navigator.serviceWorker.controller !== null;
  });
  client.ready.then(idle).then(register).catch((error) => console.warn("offline use is unavailable:", error));
}
