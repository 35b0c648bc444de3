// Drives Debian's Firefox ESR over WebDriver BiDi (npm puppeteer-core, no browser download) for the
// Python journey test: one JSON command per stdin line, one JSON answer per stdout line.
//
//   {"op": "goto", "url": ...}                 -> {"ok": true}
//   {"op": "reload"}                           -> {"ok": true}
//   {"op": "step", "name": ..., "args": [...]} -> {"ok": true, "value": <what window.__journey[name] resolved>}
//   {"op": "quit"}
// A failure answers {"ok": false, "error": message}.
//
//   node tests/engines/firefox-driver.mjs [FIREFOX]     (default /usr/bin/firefox-esr)

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "..", "..", "web", "package.json"));
const puppeteer = require("puppeteer-core");
const JOURNEY = readFileSync(join(here, "journey.js"), "utf8");

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.argv[2] || "/usr/bin/firefox-esr",
  headless: true,
  protocolTimeout: 300000,
});
const page = await browser.newPage();
page.setDefaultNavigationTimeout(120000);

async function step(name, args) {
  if (!(await page.evaluate(() => Boolean(window.__journey)))) await page.evaluate(JOURNEY);
  return page.evaluate((n, a) => window.__journey[n](...a), name, args);
}

const answer = (reply) => process.stdout.write(JSON.stringify(reply) + "\n");

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line);
  try {
    if (command.op === "quit") break;
    if (command.op === "goto") await page.goto(command.url, { waitUntil: "load" });
    else if (command.op === "reload") await page.reload({ waitUntil: "load" });
    else if (command.op === "step") {
      answer({ ok: true, value: await step(command.name, command.args || []) });
      continue;
    } else throw new Error(`unknown op ${command.op}`);
    answer({ ok: true });
  } catch (error) {
    answer({ ok: false, error: String(error && error.message ? error.message : error) });
  }
}
await browser.close();
