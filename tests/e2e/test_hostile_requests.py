"""Oversized, deeply nested and malformed requests in the browser: refused at once, said on the page.

The worker checks a request's length before it reaches Python (copying megabytes into Pyodide took
43 s for 20 MB), and Python checks the nesting before ``json.loads`` (5,000 levels crashed Pyodide for
good). Each refusal comes back as an error the page shows, and the same worker answers the next
request.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from pysolver.fields import MAX_NESTING, MAX_REQUEST_CHARS
from tests.e2e.test_app import IDLE, STATE, paste
from tests.helpers import FIGURE_4_2

pytestmark = pytest.mark.e2e

# Talk to a worker of the site directly, through the page's own client module.
ASK_WORKER = """async ([texts]) => {
  const { SolverClient } = await import('./js/solver-client.js');
  const client = new SolverClient();
  await client.ready;
  const replies = [];
  for (const text of texts) {
    const started = performance.now();
    // Raw text, as a hostile page could post it: the worker passes strings through unchanged.
    const reply = await new Promise((resolve) => {
      const id = client._nextId++;
      client._pending.set(id, { resolve, reject: resolve, onProgress: () => {} });
      client._worker.postMessage({ id, request: text });
    });
    replies.push({ reply, ms: performance.now() - started });
  }
  client._worker.terminate();
  return replies;
}"""


def ask_worker(page: Page, texts: list[str]) -> list[dict[str, Any]]:
    replies: list[dict[str, Any]] = page.evaluate(ASK_WORKER, [texts])
    return replies


def test_the_worker_refuses_hostile_text_and_answers_the_next_request(app: Page) -> None:
    deep = "[" * 5000 + "]" * 5000
    oversized = '{"cmd": "load", "puzzle": "' + "1" * (20_000_000) + '"}'
    not_json = '{"cmd": "load", "puzzle": '
    deep_field = '{"cmd": "count", "puzzle": "' + FIGURE_4_2 + '", "limit": ' + "[" * 40 + "]" * 40 + "}"
    load = '{"cmd": "load", "puzzle": "' + FIGURE_4_2 + '"}'
    replies = ask_worker(app, [deep, oversized, not_json, deep_field, load])
    errors = [r["reply"] for r in replies[:4]]
    assert all(e["kind"] == "invalid" for e in errors), errors
    assert errors[0]["message"] == (f"the request nests lists and objects 5,000 deep; at most "
                                    f"{MAX_NESTING} are accepted")
    assert errors[1]["message"].startswith(f"too much was sent to the solver: {len(oversized):,} "
                                           f"characters in all; at most {MAX_REQUEST_CHARS:,}")
    assert errors[2]["message"].startswith("the request is not valid JSON: Expecting value")
    assert "41 deep" in errors[3]["message"]
    assert replies[4]["reply"]["view"]["puzzle"] == FIGURE_4_2  # the same worker still answers
    # "At once": the 20 MB text is refused without being copied into Python (it took 43 s).
    assert replies[1]["ms"] < 5_000, replies[1]["ms"]


def test_a_huge_paste_is_refused_with_a_message_on_the_page(app: Page) -> None:
    app.wait_for_function(f"{IDLE} && {STATE}.view !== null", timeout=120_000)
    paste(app, "1" * (MAX_REQUEST_CHARS + 10))
    message = app.locator("#message[data-kind='invalid']")
    message.wait_for(timeout=10_000)
    # Counted as pasted (the worker hears the paste's own length), not as the request's characters.
    assert message.inner_text().startswith(
        f"the puzzle text is too long: {MAX_REQUEST_CHARS + 10:,} characters; at most 150,000 are read")
