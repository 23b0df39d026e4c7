"""The one place user text is made safe for reportlab markup (DESIGN 6)."""

from __future__ import annotations

from xml.sax.saxutils import escape


def para_text(text: str) -> str:
    """Escape user text for a Paragraph: `<`, `>`, `&` and quotes can never become markup."""
    # Control characters would make reportlab's parser fail; they never belong in a name.
    clean = "".join(c for c in text if c >= " " or c in "\n\t")
    return escape(clean, {'"': "&quot;", "'": "&#39;"})
