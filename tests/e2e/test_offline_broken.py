"""Behind the service worker, a broken file is named as precisely as without it, and never kept: a
download that breaks off while the service worker passes it on says where it stopped (not "could
not be downloaded"), one that arrives altered is named and not cached, and a cached copy found
altered (a faulty disk, or an older service worker that cached what it got) is named, dropped,
and fetched again by Retry, rather than breaking every boot from then on.

The files come from test_boot_broken's breaking server, which breaks each path it is told to once.
"""

from __future__ import annotations

import hashlib
import re

import pytest
from playwright.sync_api import Page

from tests.e2e.test_boot_broken import (  # noqa: F401  (breaking is a fixture)
    ALTERED, FAILED, STOPPED, BreakingHost, boot_label, breaking, retry_boots,
)
from tests.e2e.test_offline import first_visit

pytestmark = [pytest.mark.e2e, pytest.mark.service_workers]

STDLIB = "pyodide/python_stdlib.zip"

# The SHA-256 (hex) of what cache `name` holds for `url`, or null.
CACHED_DIGEST = """async ([name, url]) => {
  const hit = await (await caches.open(name)).match(url);
  if (!hit) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await hit.arrayBuffer()));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}"""
# Replace what cache `name` holds for `url` with its bytes, 4 KiB of them in the middle scrambled.
ALTER_CACHED = """async ([name, url]) => {
  const cache = await caches.open(name);
  const hit = await cache.match(url);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const middle = Math.floor(bytes.length / 2);
  for (let i = middle; i < middle + 4096; i += 1) bytes[i] ^= 0x5a;
  await cache.put(url, new Response(bytes, { headers: hit.headers }));
}"""


def cached_digest(page: Page, name: str, url: str) -> str | None:
    digest: str | None = page.evaluate(CACHED_DIGEST, [name, url])
    return digest


def fail_on_reload(page: Page, url: str) -> str:
    """Reload the page; wait for the boot error and return what the page says."""
    page.reload()
    page.wait_for_function(FAILED, timeout=90_000)
    said = boot_label(page)
    assert "Traceback" not in said and "could not be downloaded" not in said, said
    assert f"({url})" in said, said
    assert page.locator("#boot-retry").is_visible()
    return said


def wait_cached_whole(page: Page, name: str, host: BreakingHost, path: str) -> None:
    """Wait until cache `name` holds the site's own file at `path` (the service worker caches a
    file it passes on once it has checked it)."""
    url = host.url + path
    whole = hashlib.sha256((host.root / path).read_bytes()).hexdigest()
    for _ in range(100):
        if cached_digest(page, name, url) == whole:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{url} is not cached whole")


@pytest.mark.parametrize("how", ["drop", "corrupt"])
def test_a_download_broken_behind_the_service_worker_is_named_and_not_kept(
    page: Page, breaking: BreakingHost, how: str
) -> None:
    (name,) = first_visit(page, breaking.url)
    url = breaking.url + STDLIB
    # As when a first visit's service worker did not cache it yet: it passes the network's on.
    page.evaluate("([name, url]) => caches.open(name).then((cache) => cache.delete(url))", [name, url])
    breaking.breaks["/" + STDLIB] = how
    said = fail_on_reload(page, url)
    assert breaking.broken == ["/" + STDLIB]
    if how == "drop":
        # It used to read "python_stdlib.zip could not be downloaded: the network failed".
        assert re.search(STOPPED.format(r"python_stdlib\.zip", "2.5 MB", "2.5 MB"), said), said
    else:
        assert f"python_stdlib.zip {ALTERED}" in said, said
    assert cached_digest(page, name, url) is None
    retry_boots(page)
    wait_cached_whole(page, name, breaking, STDLIB)


def test_an_altered_cached_file_is_named_dropped_and_fetched_again_by_retry(
    page: Page, breaking: BreakingHost
) -> None:
    (name,) = first_visit(page, breaking.url)
    url = breaking.url + STDLIB
    page.evaluate(ALTER_CACHED, [name, url])
    said = fail_on_reload(page, url)
    assert f"python_stdlib.zip {ALTERED}" in said, said
    retry_boots(page)
    assert breaking.broken == []
    wait_cached_whole(page, name, breaking, STDLIB)
