"""The site the Pyodide tests install from: built once per session, or taken from PYSOLVER_SITE_DIR.

scripts/test.sh builds site/ before running pytest and points PYSOLVER_SITE_DIR at it, so the whole
run builds once; a plain `pytest` builds a fresh site into a temporary folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if os.environ.get("PYSOLVER_SITE_DIR"):
        site = Path(os.environ["PYSOLVER_SITE_DIR"]).resolve()
        if not (site / "manifest.json").exists():
            pytest.fail(f"PYSOLVER_SITE_DIR={site} holds no built site (no manifest.json)")
        return site
    sys.path.insert(0, str(ROOT))
    import build_site

    site = tmp_path_factory.mktemp("pyodide") / "site"
    build_site.build(site)
    return site
