// The smoke journey's steps, run inside the page by every engine's driver (Selenium for WebKit,
// puppeteer-core over WebDriver BiDi for Firefox): each is an async function on window.__journey that
// clicks as a person would and resolves with what the page then shows, or rejects saying what it
// waited for. The drivers inject this file, call the steps in order, and reload or cut the network
// between them.
window.__journey = (() => {
  const LIMIT_MS = 120000;
  const $ = (selector) => document.querySelector(selector);

  function until(what, test, limit = LIMIT_MS) {
    return new Promise((resolve, reject) => {
      const start = Date.now();
      const poll = () => {
        let value;
        try {
          value = test();
        } catch (error) {
          value = false;
        }
        if (value) resolve(value);
        else if (Date.now() - start > limit) reject(new Error(`timed out waiting for ${what}`));
        else setTimeout(poll, 50);
      };
      poll();
    });
  }

  // "loading": ready, but the first board not yet asked for (the page asks for the techniques
  // first): a load sent then would be superseded by the page's own first one.
  const idle = () => until("the solver to be idle", () =>
    document.body.dataset.ready === "true" && $("#status").dataset.busy === "false"
    && !["booting", "loading", "invalid"].includes($("#status").dataset.state));

  /** What the page shows: the puzzle, the position, the shown step's title, the status. */
  function shown() {
    const state = window.__pysolver.state;
    return {
      puzzle: state.view ? state.view.puzzle : null,
      position: Number($("#board").dataset.position),
      title: $("#step-title").textContent,
      status: $("#status").dataset.state,
    };
  }

  async function click(intent, changed) {
    await idle();
    const button = $(`button[data-intent="${intent}"]`);
    await until(`${intent} to be enabled`, () => !button.disabled);
    const before = shown();
    button.click();
    await until(`the page to change after ${intent}`, () => changed(before, shown()));
    await idle();
    return shown();
  }

  return {
    async boot() {
      await idle();
      const { client } = await import(new URL("js/solver.js", document.baseURI).href);
      return { ...shown(), boot: client.boot };
    },
    async load(exampleId) {
      await idle();
      const menu = $("#examples");
      menu.value = exampleId;
      menu.dispatchEvent(new Event("change", { bubbles: true }));
      await until("the example to load", () => shown().puzzle !== null && menu.value === "" && shown().position === 0);
      await idle();
      return shown();
    },
    step: () => click("step", (a, b) => b.position === a.position + 1),
    hint: () => click("hint", (a, b) => b.title.startsWith("Hint")),
    back: () => click("undo", (a, b) => b.position === a.position - 1),
    guess: () => click("guess", (a, b) => b.position === a.position + 1),
    backtrack: () => click("backtrack", (a, b) => b.title === "Backtrack"),
    /** Solve by logic, guessing when stuck, until a guess meets a contradiction. */
    async untilContradiction() {
      for (let turn = 0; turn < 30; turn++) {
        await idle();
        if (shown().status === "contradiction") return shown();
        // Guesses alone: with every technique on, the logic would finish the example instead.
        await click("guess", (a, b) => b.position > a.position || b.status !== a.status);
      }
      throw new Error("no contradiction turned up");
    },
    shown: async () => {
      await idle();
      return shown();
    },
    async offlineReady() {
      await until("the service worker to control the page", () => navigator.serviceWorker.controller);
      return true;
    },
  };
})();
