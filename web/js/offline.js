// Offline use: registers the service worker (sw.js) once the solver is ready, so that its caching
// reads what the boot just downloaded rather than competing with it; and when a new deployment's
// service worker is installed and waiting, shows "new version: reload", which hands the page over
// to it and reloads. The board survives the reload (it is saved as it changes).

import { client } from "./solver.js";

const banner = document.getElementById("update");
let reloading = false;

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

if ("serviceWorker" in navigator && window.isSecureContext) {
  client.ready.then(register).catch((error) => console.warn("offline use is unavailable:", error));
}
