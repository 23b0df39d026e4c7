"""Every data file beside the ruleset reaches the wheel and the bundle (issue 32 item 8):
forlorn-hope.toml and volley.toml are read with importlib.resources, as the ruleset is."""

from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "rostermgr" / "rulesets"


def test_every_toml_beside_the_ruleset_is_package_data_and_in_the_spec() -> None:
    shipped = sorted(p.name for p in RULESETS.glob("*.toml"))
    assert "forlorn-hope.toml" in shipped and "last-hope-frontier.toml" in shipped
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = pyproject["tool"]["setuptools"]["package-data"]["rostermgr"]
    spec = (ROOT / "packaging" / "rostermgr.spec").read_text(encoding="utf-8")
    includes = re.search(r'collect_data_files\("rostermgr", includes=\[(.*?)\]\)', spec)
    assert includes is not None
    bundled = re.findall(r'"([^"]+)"', includes[1])
    for name in shipped:
        assert any(fnmatch(f"rulesets/{name}", pattern) for pattern in data), name
        assert any(fnmatch(f"rulesets/{name}", pattern) for pattern in bundled), name
