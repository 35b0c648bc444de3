#!/usr/bin/env python3
"""The page's main-thread work during a first load, in CPU time: prints, never asserts.

Lighthouse's Total Blocking Time is wall-clock time: on a shared, loaded machine a task waits for a
core as long as it runs, so its figure follows the load more than the page. This loads each built
site (one or more, the rounds interleaved) in a fresh mobile-sized Chromium context with a trace,
until the first board is drawn from the worker's reply, and reads the thread CPU time of each
top-level task of the page's main thread, which the load hardly changes. It prints per site the
medians of: the main thread's CPU time in all, the longest task, and a blocking time computed as
Lighthouse's mobile preset would on an idle machine (4× slower CPU: each task's CPU time × 4, less
50 ms, summed) — an estimate, not Lighthouse's own figure.

    python3 bench/bench_main_thread.py [--site DIR ...] [--rounds 8]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

from bench_site import CHROMIUM, CHROMIUM_ARGS, ROOT
import build_site  # after bench_site, which puts the repository on sys.path

# The first board drawn from Python's reply: the load is over.
BOARD_SHOWN = "document.body.dataset.ready === 'true' && window.__pysolver.state.view !== null"
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel"]
TASKS = ("RunTask", "ThreadControllerImpl::RunTask")
SLOWDOWN = 4  # Lighthouse's mobile CPU throttling
BLOCKING_MS = 50


def main_thread_tasks_ms(events: list[dict[str, Any]], url: str) -> list[float]:
    """CPU milliseconds of each top-level task on the thread that parsed `url`."""
    thread = next((e["pid"], e["tid"]) for e in events
                  if e.get("name") == "ParseHTML" and url in json.dumps(e.get("args", {})))
    tasks = sorted((e for e in events if (e["pid"], e["tid"]) == thread and e.get("ph") == "X"
                    and e.get("name") in TASKS), key=lambda e: (e["ts"], -e["dur"]))
    top: list[float] = []
    end = -1
    for task in tasks:  # a task nested in another is counted with it
        if task["ts"] >= end:
            top.append(task.get("tdur", task["dur"]) / 1000)
            end = task["ts"] + task["dur"]
    return top


def load_once(browser: Browser, url: str) -> list[float]:
    """One first load of `url` in a fresh phone-sized context: its main-thread tasks' CPU ms."""
    context = browser.new_context(viewport={"width": 412, "height": 823}, device_scale_factor=1.75,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    browser.start_tracing(page=page, categories=CATEGORIES)
    page.goto(url)
    page.wait_for_function(BOARD_SHOWN, timeout=120_000)
    page.wait_for_timeout(1500)  # the drawing that follows the reply, and the frame after it
    events = json.loads(browser.stop_tracing())["traceEvents"]
    context.close()
    return main_thread_tasks_ms(events, url)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, action="append", help="a built site (repeat to compare)")
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    sites = [site.resolve() for site in (args.site or [ROOT / "site"])]
    servers = [build_site.serve_in_thread(site) for site in sites]
    runs: dict[Path, list[list[float]]] = {site: [] for site in sites}
    print(f"load average {', '.join(f'{load:.2f}' for load in os.getloadavg())}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.rounds):
            for site, (_, url) in zip(sites, servers):
                runs[site].append(load_once(browser, url))
        browser.close()
    print(f"main thread during a first load, CPU time (median of {args.rounds}):")
    for site, loads in runs.items():
        total = statistics.median(sum(tasks) for tasks in loads)
        longest = statistics.median(max(tasks) for tasks in loads)
        blocking = statistics.median(sum(max(0.0, SLOWDOWN * t - BLOCKING_MS) for t in tasks) for tasks in loads)
        print(f"  {site}: {total:6.1f} ms in all, longest task {longest:5.1f} ms, "
              f"blocking time at {SLOWDOWN}× {blocking:4.0f} ms")
    for server, _ in servers:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
