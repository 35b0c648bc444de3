"""The built site for the other engines' journeys ($PYSOLVER_SITE_DIR when scripts/test.sh built it)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402  (the build script lives at the repository's root)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site.built_site(tmp_path_factory.mktemp("engines") / "site")
