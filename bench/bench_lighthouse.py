#!/usr/bin/env python3
"""Lighthouse's four scores for the built site served on 127.0.0.1: prints, never asserts.

Runs Lighthouse (npm, pinned in bench/lighthouse/package.json and installed there with ``npm ci``
on first use; never part of the build or the tests) against Debian's Chromium, ``--runs`` times per
form factor, on the site ``build_site.py`` serves. Prints per form factor the median of each
category — performance, accessibility, best practices, SEO — then every audit that cost points in
some run (its score, the runs it failed in and Lighthouse's figure), then the diagnostics that carry
no weight but failed. An audit that judges the server rather than the site (compression, cache
lifetimes, HTTP/2) is marked "host": GitHub Pages decides those, not the files we ship.

    python3 bench/bench_lighthouse.py [--site DIR] [--runs 3] [--form-factor mobile|desktop|both]
                                      [--keep DIR]

Lighthouse's mobile preset simulates a mid-range phone (4× slower CPU, a slow 4G network) from a
trace of an unthrottled load; on a busy machine its times, hence performance, move between runs,
which is why the median of several runs is reported, with the machine's load average before and
after each form factor and Lighthouse's own CPU benchmark of the machine (benchmarkIndex: a loaded
machine scores less, and every task then looks longer and blocks more). The long
tasks (Lighthouse's 'long-tasks' audit, in simulated milliseconds, by script) say what blocked.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402

LIGHTHOUSE_DIR = ROOT / "bench" / "lighthouse"
LIGHTHOUSE = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = os.environ.get("PYSOLVER_CHROMIUM", "/usr/bin/chromium")
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# Audits about how the server sends the files, not about the files: a static host sets these.
HOST_AUDITS = {"uses-text-compression", "uses-long-cache-ttl", "cache-insight", "uses-http2",
               "redirects-http", "is-on-https", "document-latency-insight"}


def install_lighthouse() -> None:
    """`npm ci` in bench/lighthouse/ when Lighthouse is not installed there yet."""
    if not LIGHTHOUSE.exists():
        print("bench_lighthouse: npm ci (bench/lighthouse/)", flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=LIGHTHOUSE_DIR, check=True)


def run_lighthouse(url: str, form_factor: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run of `url`; its JSON report (also written to `out`)."""
    command = [str(LIGHTHOUSE), url, f"--chrome-flags={CHROME_FLAGS}", "--output=json",
               f"--output-path={out}", "--quiet", f"--only-categories={','.join(CATEGORIES)}"]
    if form_factor == "desktop":
        command.append("--preset=desktop")
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, timeout=600)
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return report


def weighted_failures(report: dict[str, Any]) -> dict[str, tuple[float, str]]:
    """Audits that count towards a category's score and did not score 1: {id: (score, figure)}."""
    failed = {}
    for category in report["categories"].values():
        for ref in category["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] > 0 and audit["score"] is not None and audit["score"] < 1:
                failed[audit["id"]] = (audit["score"], audit.get("displayValue", ""))
    return failed


def unweighted_failures(report: dict[str, Any]) -> dict[str, str]:
    """Diagnostics and insights that failed but carry no weight: {id: title}."""
    weighted = {ref["id"] for c in report["categories"].values() for ref in c["auditRefs"] if ref["weight"] > 0}
    return {audit_id: audit["title"] for audit_id, audit in report["audits"].items()
            if audit_id not in weighted and audit["scoreDisplayMode"] in ("binary", "numeric", "metricSavings")
            and audit["score"] is not None and audit["score"] < 0.9}


def load_average() -> str:
    """The machine's 1, 5 and 15 minute load averages, as `uptime` prints them."""
    return ", ".join(f"{load:.2f}" for load in os.getloadavg())


def summarise(form_factor: str, reports: list[dict[str, Any]]) -> None:
    scores = {name: [r["categories"][name]["score"] for r in reports] for name in CATEGORIES}
    print(f"{form_factor} ({len(reports)} runs; median, then each run):")
    for name in CATEGORIES:
        runs = " ".join(f"{s:.2f}" for s in scores[name])
        print(f"  {name:<15} {statistics.median(scores[name]):.2f}   [{runs}]")
    metrics = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
               "cumulative-layout-shift", "speed-index")
    index = statistics.median(r["environment"]["benchmarkIndex"] for r in reports)
    print(f"  benchmarkIndex (median) {index:.0f}")
    print("  metrics (median): " + ", ".join(
        f"{m} {statistics.median(r['audits'][m]['numericValue'] for r in reports):.{3 if 'shift' in m else 0}f}"
        for m in metrics))
    for run, report in enumerate(reports, 1):
        tasks = report["audits"]["long-tasks"]["details"]["items"]
        print(f"  long tasks, run {run}: " + (", ".join(
            f"{task['url'].rsplit('/', 1)[-1] or 'document'} {task['duration']:.0f}" for task in tasks) or "none"))
    failing: dict[str, list[tuple[float, str]]] = {}
    for report in reports:
        for audit_id, result in weighted_failures(report).items():
            failing.setdefault(audit_id, []).append(result)
    if not failing:
        print("  scored audits: all passed in every run")
    for audit_id, results in sorted(failing.items()):
        host = "  (host)" if audit_id in HOST_AUDITS else ""
        worst = min(results)
        print(f"  failed in {len(results)}/{len(reports)} runs: {audit_id}: score {worst[0]:.2f} {worst[1]}{host}")
    diagnostics: dict[str, str] = {}
    for report in reports:
        diagnostics.update(unweighted_failures(report))
    for audit_id, title in sorted(diagnostics.items()):
        host = "  (host)" if audit_id in HOST_AUDITS else ""
        print(f"  diagnostic, no weight: {audit_id}: {title}{host}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--form-factor", choices=("mobile", "desktop", "both"), default="both")
    parser.add_argument("--keep", type=Path, help="a folder to keep the JSON reports in")
    args = parser.parse_args()
    site = args.site.resolve()
    if not (site / "manifest.json").exists():
        build_site.build(site)
    install_lighthouse()
    server, url = build_site.serve_in_thread(site)
    version = subprocess.run([str(LIGHTHOUSE), "--version"], capture_output=True, text=True).stdout.strip()
    print(f"site {site} at {url}, lighthouse {version}, chromium {CHROMIUM}, {os.cpu_count()} cores")
    form_factors = ("mobile", "desktop") if args.form_factor == "both" else (args.form_factor,)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep.resolve() if args.keep else Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for form_factor in form_factors:
            print(f"{form_factor}: load average {load_average()} before")
            reports = [run_lighthouse(url, form_factor, folder / f"lighthouse-{form_factor}-{run}.json")
                       for run in range(1, args.runs + 1)]
            print(f"{form_factor}: load average {load_average()} after")
            summarise(form_factor, reports)
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
