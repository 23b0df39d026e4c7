"""The quick reference's tables follow the ruleset, rows and all (issue 32)."""

from __future__ import annotations

from rostermgr.reference_tables import reference_tables
from rostermgr.rules_load import default_ruleset, parse_ruleset_text


def test_r4_a_ruleset_without_clothing_has_no_clothing_table() -> None:
    """An empty Clothing table failed `print reference` (a TypeError measuring no rows)."""
    text = default_ruleset().text
    for item in ("light-leather", "medium-leather", "fine-leather"):
        start = text.index(f"[items.{item}]")
        text = text[:start] + text[text.index("\n[", start + 1) + 1 :]
    tables = reference_tables(parse_ruleset_text(text, "bare.toml"))
    assert all(t.rows for t in tables)
    assert "Clothing (R4, R5)" not in [t.title for t in tables]
    shipped = [t.title for t in reference_tables(default_ruleset())]
    assert "Clothing (R4, R5)" in shipped and len(shipped) == len(tables) + 1
