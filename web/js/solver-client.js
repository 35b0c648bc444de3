// The page's handle on the solver worker: requests carry ids and come back as promises; a long
// computation is cancelled by terminating the worker and booting a fresh one (a static host such
// as GitHub Pages cannot send the headers that shared-memory interrupts would need).
//
//   const client = new SolverClient({onProgress, onReady, onBootError, onStall, onBusyChange}, {stallSeconds});
//   client.listen({onProgress, ...});         // later: replace the callbacks, hear the boot so far
//   await client.ready;                       // resolves with {python, pyodide, pysolver}
//   client.boot                               // {path: "snapshot" | "install", fallback} once ready
//   client.stalled                            // {downloads: [{file, url}], seconds} while some stall
//   const reply = await client.request("load", {puzzle});   // {ok: true, view: {...}}
//   await client.request("generate", {size: 9}, {onProgress: ({stage, fraction}) => ...});
//   await client.cancel();                    // rejects pending requests with kind "cancelled"
//
// Every worker after the first boots with the manifest the first one booted with (passed in its
// URL), so that a restart loads the same wheel and snapshot as the page's first boot, not the files
// of a deployment made since.
//
// A request rejects with the error object of the reply ({kind, message, cell, house, cells}), with
// kind "internal" for a Python exception, "boot" when the worker could not start, and "cancelled".
//
// A boot error is final for its worker: whatever that worker posts after it (a download's progress
// still on its way) is ignored, so the page keeps showing the error. The client is also an
// EventTarget that dispatches "boot-error" (event.detail {stage, message}) and "stalled"
// (event.detail {downloads, seconds}, downloads empty when the boot moves again) for listeners
// other than the page's one set of callbacks, such as the boot's Retry button.
//
// A stall is no error: nothing has arrived for `stallSeconds` (the boot option; the worker's own
// default when it is not given) while the boot waits on some downloads, the boot goes on waiting,
// and onStall hears the list of those downloads each time it changes; the page names them and
// offers Retry.

const WORKER_URL = new URL("./solver-worker.js", import.meta.url);

const CANCELLED = Object.freeze({ kind: "cancelled", message: "Cancelled" });

export class SolverClient extends EventTarget {
  /**
   * @param {object} [callbacks]
   * @param {(p: {stage: string, label: string, fraction: number}) => void} [callbacks.onProgress]
   * @param {(versions: {python: string, pyodide: string, pysolver: string}) => void} [callbacks.onReady]
   * @param {(e: {stage: string, message: string}) => void} [callbacks.onBootError]
   * @param {(s: {downloads: {file: string, url: string}[], seconds: number}) => void} [callbacks.onStall]
   * @param {(busy: boolean) => void} [callbacks.onBusyChange]
   * @param {object} [options]
   * @param {number} [options.stallSeconds] how long a download may receive nothing before it is
   *   reported as stalled
   */
  constructor(callbacks = {}, { stallSeconds } = {}) {
    super();
    this._setCallbacks(callbacks);
    this._stallSeconds = stallSeconds;
    this.versions = null;
    this.boot = null;
    this.stalled = null;
    this._lastBootEvent = null;
    this.busy = false;
    this._pending = new Map();
    this._nextId = 1;
    this._manifest = null;
    this._start();
  }

  /**
   * Replace the callbacks, and replay to them where the boot stands: the page starts the worker
   * before its other modules load, and attaches its callbacks when they have.
   */
  listen(callbacks) {
    this._setCallbacks(callbacks);
    const last = this._lastBootEvent;
    if (last) this._receive(last.data, { replay: true });
    if (this.stalled && !this.bootError) this.onStall(this.stalled);
  }

  /** The current worker's boot error ({stage, message}), or null while it boots or once it is ready. */
  get bootError() {
    const last = this._lastBootEvent;
    return last && last.data.type === "boot-error" ? { stage: last.data.stage, message: last.data.message } : null;
  }

  _setCallbacks({ onProgress, onReady, onBootError, onStall, onBusyChange }) {
    this.onProgress = onProgress || (() => {});
    this.onReady = onReady || (() => {});
    this.onBootError = onBootError || (() => {});
    this.onStall = onStall || (() => {});
    this.onBusyChange = onBusyChange || (() => {});
  }

  /**
   * Send `{cmd, ...args}` to pysolver.web.handle; resolve with the reply object.
   * `onProgress({stage, fraction})` hears the progress of a long command.
   */
  request(cmd, args = {}, { onProgress } = {}) {
    const id = this._nextId++;
    const text = JSON.stringify({ ...args, cmd });
    const promise = new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject, onProgress: onProgress || (() => {}) });
    });
    this._setBusy();
    // The pasted text's own length, for the worker's refusal of a request too large to pass on.
    const textLength = typeof args.puzzle === "string" ? args.puzzle.length : undefined;
    this._worker.postMessage({ id, request: text, textLength });
    return promise;
  }

  /** Stop the running computation: restart the worker and resolve when it is ready again. */
  cancel() {
    this._worker.terminate();
    this._rejectAll(CANCELLED);
    this._start();
    return this.ready;
  }

  _start() {
    this.versions = null;
    this.boot = null;
    this._lastBootEvent = null;
    this._setStalled([], 0);
    // One readiness promise until some worker boots: a second Cancel during a reboot resolves the
    // first one's promise too.
    if (!this._boot || this._boot.settled) {
      this.ready = new Promise((resolve, reject) => {
        this._boot = { resolve, reject, settled: false };
      });
      this.ready.catch(() => {}); // a boot failure is reported through onBootError as well
    }
    const url = new URL(WORKER_URL);
    const options = new URLSearchParams();
    if (this._stallSeconds !== undefined) options.set("stall", String(this._stallSeconds));
    if (this._manifest) options.set("manifest", JSON.stringify(this._manifest));
    url.hash = options.toString();
    const worker = new Worker(url, { type: "module" });
    worker.onmessage = (event) => {
      if (worker === this._worker) this._receive(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this._worker) return;
      const message = event.message || "the solver worker could not be loaded";
      if (this.versions === null) {
        this._bootFailed({ stage: "worker", message });
        this._rejectAll({ kind: "boot", message });
      } else {
        this._rejectAll({ kind: "internal", message });
      }
    };
    this._worker = worker;
  }

  _receive(data, { replay = false } = {}) {
    const booting = ["progress", "ready", "boot-error", "stalled"].includes(data.type);
    if (booting && !replay && this._lastBootEvent && this._lastBootEvent.data.type === "boot-error") return;
    if (data.type === "stalled") {
      this._setStalled(data.downloads, data.seconds);
      return;
    }
    if (booting) this._lastBootEvent = { data };
    if (data.type === "progress") {
      this.onProgress({ stage: data.stage, label: data.label, fraction: data.fraction });
    } else if (data.type === "ready") {
      if (!replay) {
        this._setStalled([], 0);
        if (this._manifest === null && data.manifest) this._manifest = data.manifest;
        this.versions = data.versions;
        this.boot = data.boot;
        this._boot.settled = true;
        this._boot.resolve(data.versions);
      }
      this.onReady(data.versions, data.boot);
    } else if (data.type === "boot-error") {
      if (replay) this.onBootError({ stage: data.stage, message: data.message });
      else this._bootFailed({ stage: data.stage, message: data.message });
    } else if (this._pending.has(data.id) && "progress" in data) {
      this._pending.get(data.id).onProgress(data.progress);
    } else if (this._pending.has(data.id)) {
      const { resolve, reject } = this._pending.get(data.id);
      this._pending.delete(data.id);
      this._setBusy();
      if ("error" in data) {
        reject(data.error);
      } else {
        resolve(data.result);
      }
    }
  }

  /** Note the downloads that have stalled (none: the boot moves again), and tell the listeners of a change. */
  _setStalled(downloads, seconds) {
    const stalled = downloads.length > 0 ? { downloads, seconds } : null;
    if (stalled === null && this.stalled === null) return;
    this.stalled = stalled;
    const detail = stalled || { downloads: [], seconds };
    this.onStall(detail);
    this.dispatchEvent(new CustomEvent("stalled", { detail }));
  }

  _bootFailed(error) {
    this._lastBootEvent = { data: { type: "boot-error", ...error } };
    this._boot.settled = true;
    this._boot.reject({ kind: "boot", ...error });
    this.onBootError(error);
    this.dispatchEvent(new CustomEvent("boot-error", { detail: { ...error } }));
  }

  _rejectAll(error) {
    const pending = [...this._pending.values()];
    this._pending.clear();
    this._setBusy();
    for (const { reject } of pending) {
      reject({ ...error });
    }
  }

  _setBusy() {
    const busy = this._pending.size > 0;
    if (busy !== this.busy) {
      this.busy = busy;
      this.onBusyChange(busy);
    }
  }
}
