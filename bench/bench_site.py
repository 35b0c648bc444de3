#!/usr/bin/env python3
"""How fast the built site feels in headless Chromium, served on 127.0.0.1: prints, never asserts.

- boot, side by side in one run, each from navigation in a fresh browser context (no HTTP cache)
  unless warm: a bare ``loadPyodide()`` of the same runtime in a Web Worker (the reference), our
  boot from the memory snapshot cold and warm (the same context reloaded: HTTP cache and service
  worker), our boot by installing (the snapshot withheld: the fallback path), and ``--before DIR``'s
  boot (another build, e.g. the main branch's); the rounds interleave so that a busy machine slows
  all alike. Also the first Step after ready, and the bytes each path transferred;
- navigation to ready: page.goto until ``body[data-ready=true]`` (the worker booted), and until the
  first board is drawn, median over fresh browser contexts (no HTTP cache, no saved board);
- Step on Figure 4.2: from the click on Step to the board's ``data-position`` changing and the next
  frame being painted, measured inside the page; median and p95;
- Solve by logic of top95 puzzles: from the click to the status leaving "solving";
- the bytes of our own HTML, CSS, JS and wheel (Pyodide and the installer wheels aside).

    python3 bench/bench_site.py [--site DIR] [--before DIR] [--boots 5] [--loads 5] [--steps 30]
                                [--puzzles 3] [--only-boot]

Uses site/ (built first when it holds no manifest.json) and Debian's /usr/bin/chromium
($PYSOLVER_CHROMIUM to use another).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Route, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402

PUZZLES = ROOT / "tests" / "data"
FIGURE_4_2 = ".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6."
CHROMIUM = os.environ.get("PYSOLVER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
READY = "document.body.dataset.ready === 'true'"
BOARD_SHOWN = "document.querySelector('#board [data-cell]') !== null && " \
              "!['booting', 'invalid'].includes(document.getElementById('status').dataset.state)"
TIMEOUT_MS = 180_000

# Click Step `count` times; each time wait for #board's data-position to change, then one frame.
STEP_TIMES_JS = """async (count) => {
  const board = document.getElementById("board");
  const button = document.querySelector('button[data-intent="step"]');
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const times = [];
  for (let i = 0; i < count; i++) {
    while (button.disabled) await frame();
    const before = board.dataset.position;
    const changed = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (board.dataset.position !== before) { observer.disconnect(); resolve(); }
      });
      observer.observe(board, { attributes: true, attributeFilter: ["data-position"] });
    });
    const start = performance.now();
    button.click();
    await changed;
    await frame();
    times.push(performance.now() - start);
  }
  return times;
}"""

# Click Solve by logic; wait until the status is neither busy nor "solving".
SOLVE_LOGIC_JS = """async () => {
  const status = document.getElementById("status");
  const button = document.querySelector('button[data-intent="solve_logic"]');
  const start = performance.now();
  button.click();
  await new Promise((resolve) => {
    const done = () => status.dataset.busy === "false" && status.dataset.state !== "solving";
    const observer = new MutationObserver(() => { if (done()) { observer.disconnect(); resolve(); } });
    observer.observe(status, { attributes: true, childList: true, subtree: true });
  });
  return { ms: performance.now() - start, state: status.dataset.state };
}"""


# A page that starts a module worker at once; the worker runs a bare loadPyodide() of the site's
# runtime and posts when it resolves. Served by the bench in place of two files the site lacks.
BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare loadPyodide</title><body>
<script>
new Worker("bench-bare-worker.js", { type: "module" }).onmessage = () => { document.body.dataset.ready = "true"; };
</script>"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage("ready");"""


# True once the service worker controls the page (it has cached the site).
OFFLINE_READY = "navigator.serviceWorker.controller !== null"


def megabytes(count: float) -> str:
    """A byte count in decimal megabytes and in mebibytes: "12.82 MB (12.23 MiB)"."""
    return f"{count / 1e6:6.2f} MB ({count / 2**20:5.2f} MiB)"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def fresh_page(browser: Browser) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


class CountingHandler(build_site.SiteHandler):
    """The site's handler, counting the bytes of the files it sends (``sent``, reset per boot)."""

    sent = 0

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        CountingHandler.sent += source.tell() - start


build_site.SiteHandler = CountingHandler  # type: ignore[misc]  # every server below counts


class Boot:
    """One way of booting: how to prepare a fresh context, what to open; its times and bytes."""

    def __init__(self, name: str, url: str, prepare: Callable[[BrowserContext], None] | None = None,
                 warm: bool = False, step: bool = True) -> None:
        self.name, self.url, self.prepare, self.warm, self.step = name, url, prepare, warm, step
        self.ready: list[float] = []
        self.first_step: list[float] = []
        self.bytes: list[int] = []
        self.bytes_with_offline: list[int] = []

    def run(self, browser: Browser) -> None:
        page = fresh_page(browser)
        if self.prepare:
            self.prepare(page.context)
        if self.warm:  # the first visit fills the caches; the second one is measured
            page.goto(self.url)
            page.wait_for_function(READY, timeout=TIMEOUT_MS)
            page.wait_for_timeout(500)
        CountingHandler.sent = 0
        start = time.perf_counter()
        if self.warm:
            page.reload()
        else:
            page.goto(self.url)
        page.wait_for_function(READY, timeout=TIMEOUT_MS)
        self.ready.append(time.perf_counter() - start)
        if self.step:
            page.wait_for_function(BOARD_SHOWN, timeout=TIMEOUT_MS)
            self.first_step.append(page.evaluate(STEP_TIMES_JS, 1)[0])
        self.bytes.append(CountingHandler.sent)
        if page.evaluate("'serviceWorker' in navigator && document.querySelector('#update') !== null"):
            page.wait_for_function(OFFLINE_READY, timeout=TIMEOUT_MS)  # the visit ends once cached
        self.bytes_with_offline.append(CountingHandler.sent)
        page.context.close()

    def report(self, reference: float) -> str:
        median = statistics.median(self.ready)
        step = f"{statistics.median(self.first_step):6.0f} ms" if self.first_step else "       -"
        return (f"  {self.name:<34} {median:6.2f} s  {median / reference:5.2f}×  "
                f"(min {min(self.ready):.2f}, max {max(self.ready):.2f})  first Step {step}  "
                f"{megabytes(statistics.median(self.bytes))}, "
                f"{megabytes(statistics.median(self.bytes_with_offline))} with offline caching")


def withhold_snapshot(context: BrowserContext) -> None:
    """Serve manifest.json without its snapshot, so that the page boots by installing."""
    def route(route: Route) -> None:
        response = route.fetch()
        manifest = response.json()
        manifest.pop("snapshot", None)
        route.fulfill(response=response, json=manifest)

    context.route("**/manifest.json", route)


def serve_bare(context: BrowserContext) -> None:
    context.route("**/bench-bare.html", lambda r: r.fulfill(body=BARE_PAGE, content_type="text/html"))
    context.route("**/bench-bare-worker.js",
                  lambda r: r.fulfill(body=BARE_WORKER, content_type="text/javascript"))


def compare_boots(browser: Browser, url: str, before_url: str | None, rounds: int) -> None:
    boots = [
        Boot("bare loadPyodide() in a worker", url + "bench-bare.html", serve_bare, step=False),
        Boot("ours, snapshot, cold", f"{url}#p={FIGURE_4_2}"),
        Boot("ours, snapshot, warm", f"{url}#p={FIGURE_4_2}", warm=True),
        Boot("ours, installing (no snapshot), cold", f"{url}#p={FIGURE_4_2}", withhold_snapshot),
    ]
    if before_url:
        boots.append(Boot("--before, cold", f"{before_url}#p={FIGURE_4_2}"))
    for _ in range(rounds):
        for boot in boots:
            boot.run(browser)
    reference = statistics.median(boots[0].ready)
    print(f"boot, navigation to ready (median of {rounds}; ratio to bare loadPyodide; first Step; "
          "bytes the server sent, 304s and caches sending none):")
    for boot in boots:
        print(boot.report(reference))


def navigation(browser: Browser, url: str, loads: int) -> tuple[list[float], list[float]]:
    ready, board = [], []
    for _ in range(loads):
        page = fresh_page(browser)
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_function(READY, timeout=TIMEOUT_MS)
        ready.append(time.perf_counter() - start)
        page.wait_for_function(BOARD_SHOWN, timeout=TIMEOUT_MS)
        board.append(time.perf_counter() - start)
        page.context.close()
    return ready, board


def steps(browser: Browser, url: str, count: int) -> list[float]:
    page = fresh_page(browser)
    page.goto(f"{url}#p={FIGURE_4_2}")
    page.wait_for_function(BOARD_SHOWN, timeout=TIMEOUT_MS)
    times: list[float] = page.evaluate(STEP_TIMES_JS, count)
    page.context.close()
    return times


def solve_logic(browser: Browser, url: str, puzzles: list[str]) -> list[dict[str, Any]]:
    results = []
    for puzzle in puzzles:
        page = fresh_page(browser)
        page.goto(f"{url}#p={puzzle}")
        page.wait_for_function(BOARD_SHOWN, timeout=TIMEOUT_MS)
        result: dict[str, Any] = page.evaluate(SOLVE_LOGIC_JS)
        result["steps"] = page.evaluate("document.getElementById('board').dataset.position")
        results.append(result)
        page.context.close()
    return results


def own_bytes(site: Path) -> dict[str, tuple[int, int]]:
    """Raw and gzipped bytes of our files by kind (the Pyodide runtime and installer wheels aside)."""
    kinds: dict[str, tuple[int, int]] = {}
    manifest = json.loads((site / "manifest.json").read_text())
    files = [p for p in site.rglob("*") if p.is_file() and "pyodide" not in p.relative_to(site).parts
             and p.suffix in (".html", ".css", ".js", ".json")]
    files.append(site / manifest["wheel"])
    for path in files:
        kind = path.suffix.lstrip(".")
        data = path.read_bytes()
        raw, packed = kinds.get(kind, (0, 0))
        kinds[kind] = (raw + len(data), packed + len(gzip.compress(data)))
    return kinds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--before", type=Path, help="another built site to boot side by side")
    parser.add_argument("--boots", type=int, default=5, help="rounds of the boot comparison")
    parser.add_argument("--only-boot", action="store_true", help="stop after the boot comparison")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--puzzles", type=int, default=3, help="top95 puzzles to solve by logic")
    args = parser.parse_args()
    site = args.site.resolve()
    if not (site / "manifest.json").exists():
        build_site.build(site)

    server, url = build_site.serve_in_thread(site)
    before = build_site.serve_in_thread(args.before.resolve()) if args.before else None
    print(f"site {site} at {url}, chromium {CHROMIUM}, {os.cpu_count()} cores")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        compare_boots(browser, url, before[1] if before else None, args.boots)
        if args.only_boot:
            browser.close()
            server.shutdown()
            if before:
                before[0].shutdown()
            return 0
        top95 = (PUZZLES / "norvig_top95.txt").read_text().split()[: args.puzzles]
        ready, board = navigation(browser, url, args.loads)
        print(f"navigation to ready:       median {statistics.median(ready):.2f} s "
              f"(min {min(ready):.2f}, max {max(ready):.2f}; {len(ready)} loads)")
        print(f"navigation to first board: median {statistics.median(board):.2f} s")
        times = steps(browser, url, args.steps)
        print(f"Step on Figure 4.2, click to highlighted board: median {statistics.median(times):.0f} ms, "
              f"p95 {percentile(times, 0.95):.0f} ms, max {max(times):.0f} ms ({len(times)} steps)")
        for index, result in enumerate(solve_logic(browser, url, top95), start=1):
            print(f"Solve by logic, top95 #{index}: {result['ms']:.0f} ms -> {result['state']} "
                  f"after {result['steps']} steps")
        browser.close()
    server.shutdown()
    sizes = own_bytes(site)
    total = sum(raw for raw, _ in sizes.values()), sum(packed for _, packed in sizes.values())
    print("own bytes (raw / gzip): " + ", ".join(
        f"{kind} {raw:,} / {packed:,}" for kind, (raw, packed) in sorted(sizes.items()))
        + f"; total {total[0]:,} / {total[1]:,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
