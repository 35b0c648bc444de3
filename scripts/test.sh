#!/usr/bin/env bash
# The one test command: install what is missing, build the site, run every test.
#
#   bash scripts/test.sh [extra pytest arguments]
#
# Installs Debian's chromium (apt, when /usr/bin/chromium is absent and $PYSOLVER_CHROMIUM is unset),
# Firefox ESR, WebKitGTK's WebDriver and Xvfb for the other engines' journey (apt, when missing and
# the distribution has them), Node.js when node is absent, and requirements-test.txt with pip;
# build_site.py runs `npm ci` in web/ (Pyodide, axe-core, puppeteer-core without a browser). Then
# builds site/ once, runs pytest over everything, a file per worker on every core (unit, doctests,
# properties, Pyodide under Node, browser end-to-end in Chromium, the journey in Firefox and WebKit)
# under xvfb-run with that site, and mypy --strict. Exits non-zero on any failure,
# including a run in which the Pyodide or browser tests did not run at all.
set -euo pipefail
cd "$(dirname "$0")/.."

phase() { printf '\n== %s (%ss)\n' "$1" "$SECONDS"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=no
apt_install() {
  if [ "$apt_updated" = no ]; then
    as_root apt-get update -qq
    apt_updated=yes
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

phase "tools"
if [ -z "${PYSOLVER_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
  apt_install chromium
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt_install nodejs npm
fi
# The other engines: Debian ships all three; elsewhere (Ubuntu has Firefox only as a snap) the
# journey test skips the engine that is missing.
engines=()
[ -x /usr/bin/firefox-esr ] || engines+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || engines+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null || engines+=(xvfb)
if [ "${#engines[@]}" -gt 0 ] && command -v apt-get >/dev/null; then
  available=()
  for package in "${engines[@]}"; do
    if [ "$apt_updated" = no ]; then as_root apt-get update -qq; apt_updated=yes; fi
    if apt-cache show "$package" >/dev/null 2>&1; then available+=("$package"); fi
  done
  if [ "${#available[@]}" -gt 0 ]; then apt_install "${available[@]}"; fi
fi
python3 -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
echo "python $(python3 -c 'import sys; print(sys.version.split()[0])'), node $(node --version)," \
  "chromium: ${PYSOLVER_CHROMIUM:-/usr/bin/chromium}," \
  "firefox-esr: $([ -x /usr/bin/firefox-esr ] && echo yes || echo no)," \
  "WebKitWebDriver: $([ -x /usr/bin/WebKitWebDriver ] && echo yes || echo no)"

phase "build site/"
python3 build_site.py --out site

phase "pytest"
mkdir -p test-artifacts
status=0
# WebKitGTK needs a display: the whole run goes under a virtual one when xvfb-run is there. Its
# screen is taller than xvfb-run's 1280×1024, as a 768×1024 page and its window's bars need more.
display=()
if command -v xvfb-run >/dev/null && [ -z "${DISPLAY:-}" ]; then display=(xvfb-run -a -s "-screen 0 1600x1400x24"); fi
# One pytest worker per core, at most 4 (PYSOLVER_TEST_WORKERS sets the number), each taking whole
# files, so that a file's shared page boots once: run one after the other, the browser tests left
# a quarter of two cores idle while the page worked on one, and the unit tests use a single core.
workers="${PYSOLVER_TEST_WORKERS:-}"
if [ -z "$workers" ]; then
  workers="$(nproc)"
  [ "$workers" -le 4 ] || workers=4
fi
PYSOLVER_SITE_DIR="$PWD/site" "${display[@]}" python3 -m pytest -p no:cacheprovider -p no:playwright \
  -n "$workers" --dist loadfile --junitxml=test-artifacts/junit.xml "$@" || status=$?
if [ "$status" = 5 ]; then
  echo "pytest collected no tests (exit 5): failing" >&2
fi

# Guard against a marker expression or a collection error silently dropping whole suites.
if [ "$#" = 0 ] && [ -f test-artifacts/junit.xml ]; then
  python3 - <<'PY' || status=1
import sys
import xml.etree.ElementTree as ET

cases = ET.parse("test-artifacts/junit.xml").getroot().iter("testcase")
import os

ran = {"tests.pyodide": 0, "tests.e2e": 0}
if os.path.exists("/usr/bin/firefox-esr"):
    ran["tests.engines"] = 0
for case in cases:
    skipped = case.find("skipped") is not None
    for suite in ran:
        if case.get("classname", "").startswith(suite) and not skipped:
            ran[suite] += 1
missing = [suite for suite, count in ran.items() if count == 0]
print("tests run: " + ", ".join(f"{suite} {count}" for suite, count in ran.items()))
if missing:
    sys.exit(f"no test ran in {', '.join(missing)}")
PY
fi

phase "mypy --strict"
python3 -m mypy --strict pysolver build_site.py || status=1

phase "done"
if [ "$status" != 0 ]; then
  echo "FAILED (exit $status)" >&2
fi
exit "$status"
