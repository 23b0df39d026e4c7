"""A posse as one HTML file: inline CSS, no script, no link or font fetched from anywhere.

Every string from the campaign or the ruleset goes through `html.escape`, so a name such as
`<script>` or `R&D` shows as written and can never become markup.
"""

from __future__ import annotations

from html import escape

from rostermgr.share import SharedMember, SharedPosse, flips_text, strikes_text

# Colours of the printed cards; system fonts only (a web font would be a request).
CSS = """
:root { color-scheme: light; }
body { margin: 0; background: #efe6d2; color: #1d140b;
  font-family: "DejaVu Sans", Verdana, "Segoe UI", Roboto, sans-serif; line-height: 1.35; }
header { background: #7a2e1a; color: #fff; padding: 1rem 1rem 0.8rem; }
h1 { margin: 0; font-family: "DejaVu Serif Condensed", Georgia, serif; font-size: 1.8rem;
  overflow-wrap: anywhere; }
header p { margin: 0.3rem 0 0; font-size: 1.05rem; }
main { padding: 0.6rem; max-width: 40rem; margin: 0 auto; }
section { background: #f5ecd9; border: 2px solid #4a2f17; border-radius: 0.6rem;
  padding: 0.6rem 0.7rem; margin: 0 0 0.7rem; break-inside: avoid; }
section.dead { opacity: 0.6; border-style: dashed; }
h2 { margin: 0; font-size: 1.3rem; overflow-wrap: anywhere; }
.role { font-weight: normal; color: #5a3b1e; font-size: 1rem; }
table { border-collapse: collapse; width: 100%; margin: 0.4rem 0; table-layout: fixed; }
th { font-size: 0.8rem; color: #5a3b1e; font-weight: normal; }
td { font-size: 1.35rem; font-weight: bold; text-align: center; }
th, td { border: 1px solid #b49a74; padding: 0.15rem 0; text-align: center; }
p.line { margin: 0.2rem 0; overflow-wrap: anywhere; }
footer { text-align: center; font-size: 0.8rem; color: #5a3b1e; padding: 0 0 1rem; }
@media print { body { background: #fff; } header { background: #fff; color: #000;
  border-bottom: 2px solid #000; } section { border-color: #000; background: #fff; } }
"""


def _member(m: SharedMember, posse: SharedPosse) -> str:
    heads = "".join(
        f'<th><abbr title="{escape(full)}">{escape(short)}</abbr></th>'
        for short, full in zip(posse.stat_heads, posse.stat_names, strict=True)
    )
    values = "".join(f"<td>{escape(v)}</td>" for v in m.stat_texts)
    gear = escape(m.gear_text) or "none"
    dead = " (dead)" if m.dead else ""
    return (
        f'<section class="{"dead" if m.dead else "member"}">'
        f'<h2>{escape(m.name)} <span class="role">{escape(m.role)}{dead}</span></h2>'
        f"<table><tr>{heads}</tr><tr>{values}</tr></table>"
        f'<p class="line">{escape(strikes_text(m))} · {escape(flips_text(m))}</p>'
        f'<p class="line">Gear: {gear}</p></section>'
    )


def posse_html(posse: SharedPosse) -> str:
    """The whole page as text: readable on a phone, printable, safe whatever the names say."""
    members = "\n".join(_member(m, posse) for m in posse.members)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(posse.name)}</title>\n<style>{CSS}</style></head>\n"
        f"<body><header><h1>{escape(posse.name)}</h1>"
        f"<p>{escape(posse.summary)}</p></header>\n"
        f"<main>\n{members}\n</main>\n"
        f"<footer>{escape(posse.ruleset)} · rostermgr</footer></body></html>\n"
    )
