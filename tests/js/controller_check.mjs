// Runs web/js/controller.js under Node against a scripted client (no worker): Cancel while a saved
// game is being replayed, and input while a run goes on. Prints JSON for tests/test_store_js.py.
import { createController } from "../../web/js/controller.js";
import { createStore, initialState, snapshot } from "../../web/js/store.js";

const [viewJson] = process.argv.slice(2);
const view = JSON.parse(viewJson);

/** A client whose requests wait until the script answers them; cancel rejects what waits. */
function scriptedClient() {
  const sent = [];
  return {
    sent,
    request(cmd, args) {
      return new Promise((resolve, reject) => sent.push({ cmd, args, resolve, reject }));
    },
    async cancel() {
      for (const request of sent) request.reject({ kind: "cancelled", message: "Cancelled" });
      sent.length = 0;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ready = (store) => store.dispatch({ type: "ready", versions: {} });

/** Cancel while a saved game with these `actions` (its history being replayed) opens on a page
 * with no board yet: what was sent, what reopened, and what the page says. */
async function cancelWhileReplaying(actions) {
  const savedGame = { ...snapshot(createStore(initialState(null), () => {}).state), puzzle: view.puzzle,
    actions, position: actions.length, mode: "play",
    play: { started: 1, hints: 2, checks: 0, finished_in: null }, settings: view.settings,
    address: { digits: "9" + ".".repeat(80), notes: "" } };
  const client = scriptedClient();
  const store = createStore(initialState(savedGame), () => {});
  const control = createController(store, client);
  ready(store);
  const opened = control.open({ puzzle: savedGame.puzzle, ...savedGame.address }, savedGame);
  await settle();
  const replaying = { cmd: client.sent[0].cmd, actions: client.sent[0].args.actions.length,
    openingGame: store.state.openingGame && store.state.openingGame.actions.length };
  const cancelled = control.cancel();
  await settle();
  await opened;
  ready(store);
  await settle();
  const reload = client.sent[0];
  reload.resolve({ view: { ...view, actions: [], position: 0 } });
  await cancelled;
  await settle();
  const said = { replaying, reloadPuzzle: reload.args.puzzle, reloadActions: reload.args.actions ?? null,
    reloadDigits: reload.args.digits, reloadHints: reload.args.play && reload.args.play.hints,
    savedKept: store.state.savedKept, notice: store.state.notice, mode: store.state.mode };
  store.dispatch({ type: "view", view, cmd: "place" });
  said.savedKeptAfterMove = store.state.savedKept;
  return said;
}
const cancel = await cancelWhileReplaying(["note r1c1 2", "note r1c1 2", "logic"]);
const cancelOne = await cancelWhileReplaying(["note r1c1 2"]);

// A run (a new puzzle being made) goes on: typing, pasting and the text box are refused, saying so;
// the run's reply still comes, and the refused text stays in the box.
const client = scriptedClient();
const store = createStore(initialState(null), () => {});
const control = createController(store, client);
ready(store);
store.dispatch({ type: "view", view, cmd: "load", mode: "play" });
const generating = control.ask("generate", { size: 16, level: "unique" });
await settle();
store.dispatch({ type: "select", cell: 1 });
control.type("4");
const typedRefusal = store.state.refused;
control.loadText(".".repeat(81));
const pasteRefusal = store.state.refused;
control.loadText("1".repeat(81), { fromBox: true });
const boxRefusal = store.state.refused;
let learnError = null;
try {
  await control.ask("bipartite", {});
} catch (error) {
  learnError = error.kind;
}
await control.open({ puzzle: ".".repeat(81), digits: "", notes: "" }, null);
const openRefusal = store.state.refused;
const sentWhileBusy = client.sent.map((request) => request.cmd);
client.sent[0].resolve({ puzzle: view.puzzle });
const reply = await generating;
const afterRun = { refused: store.state.refused, text: store.state.text };
store.dispatch({ type: "view", view, cmd: "load" });
const boxAfterView = store.state.text;
// A digit typed while the previous one is answered overtakes it, as fast typing needs.
const placing = control.ask("place", { cell: 0, digit: 9 });
await settle();
control.type("5");
const overtaken = { refused: store.state.refused, sent: client.sent.map((request) => request.cmd) };
for (const request of client.sent) request.resolve({ view });
await placing;
// Three digits typed before the first reply, the third on a given: Python placed the first two and
// refuses the third, so the board shows the second's reply (overtaken) with the refusal.
store.dispatch({ type: "view", view, cmd: "place" });
const typedFast = [];
for (const [cell, digit] of [[0, "9"], [2, "7"], [4, "3"]]) {
  store.dispatch({ type: "select", cell });
  control.type(digit);
  typedFast.push(client.sent.at(-1));
  await settle();
}
typedFast[0].resolve({ view: { ...view, position: 2 } });
typedFast[1].resolve({ view: { ...view, position: 3 } });
typedFast[2].reject({ kind: "error", message: "r1c5 is a given: it cannot change", cell: 4, house: null, cells: [] });
await settle();
const refusedAfterOvertaken = { position: store.state.view.position, error: store.state.error.message,
  sent: typedFast.map((request) => request.cmd) };
const busy = { typedRefusal, pasteRefusal, boxRefusal, learnError, openRefusal, sentWhileBusy, reply, afterRun,
  boxAfterView, overtaken, refusedAfterOvertaken };
console.log(JSON.stringify({ cancel, cancelOne, busy }));
process.exit(0);
