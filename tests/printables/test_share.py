"""The shared posse (issue 20): the page keeps every name as text, the picture fits its width."""

from __future__ import annotations

import io
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from printables.share import MAX_WIDTH, MIN_WIDTH, posse_html, posse_png
from rostermgr.errors import PrintRefused
from rostermgr.reference import rank_span
from rostermgr.roster import Member, Posse, normal_name
from rostermgr.rules_load import default_ruleset
from rostermgr.share import shared_posse

RULES = default_ruleset()
TAGS = {
    "html", "head", "meta", "title", "style", "body", "header", "h1", "p", "main", "section",
    "h2", "span", "table", "tr", "th", "td", "abbr", "footer",
}  # fmt: skip

names = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40).filter(
    lambda s: normal_name(s) == s and s.strip() == s and s
)


def _posse(posse_name: str, member_name: str) -> Posse:
    members = (
        Member("Ike", "leader", ("revolver", "horse"), injuries=1, flips=2),
        Member(member_name, "deputy", ("shotgun",)),
        Member("Slim", "ganger", (), status="dead", injuries=3),
    )
    return Posse(posse_name, "outlawmen", members, 120, RULES.id, RULES.version)


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.runs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)

    def handle_data(self, data: str) -> None:
        self.runs.append(data)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(posse_name=names, member_name=names)
def test_every_name_stays_text_on_the_page(posse_name: str, member_name: str) -> None:
    page = posse_html(shared_posse(_posse(posse_name, member_name), RULES))
    parser = _Page()
    parser.feed(page)
    parser.close()
    assert parser.tags <= TAGS  # no name ever became a tag
    assert posse_name in parser.runs and member_name in "".join(parser.runs)
    assert "http" not in page.replace(posse_name, "").replace(member_name, "")


def test_r13_the_page_shows_strikes_flips_gear_and_the_mounted_move() -> None:
    page = posse_html(shared_posse(_posse("Daltons", "Ma"), RULES))
    assert "strikes 1 of 3" in page and "flips 2" in page and "Horse" in page
    assert '<section class="dead">' in page  # the dead are shown apart, last


@pytest.mark.parametrize("width", [MIN_WIDTH, 1080, 1600])
def test_the_picture_is_as_wide_as_asked_and_not_blank(width: int) -> None:
    data = posse_png(shared_posse(_posse("Daltons", "Ma"), RULES), width)
    with Image.open(io.BytesIO(data)) as image:
        assert image.size[0] == width and image.size[1] > width
        low, high = image.convert("L").getextrema()
        assert low < 60 and high > 200  # dark text on light cards


@pytest.mark.parametrize("width", [MIN_WIDTH - 1, MAX_WIDTH + 1, 0])
def test_a_picture_width_out_of_range_is_one_sentence(width: int) -> None:
    with pytest.raises(PrintRefused, match="width"):
        posse_png(shared_posse(_posse("Daltons", "Ma"), RULES), width)


def test_a_long_name_wraps_inside_the_picture() -> None:
    long = "Kid " * 30
    data = posse_png(shared_posse(_posse(long.strip(), "W" * 60), RULES), 480)
    with Image.open(io.BytesIO(data)) as image:
        assert image.size[0] == 480


def test_rank_span_joins_runs() -> None:
    assert rank_span(["JK", "2", "3", "4", "5"]) == "Joker, 2-5"
    assert rank_span(["2", "3", "4", "5", "6", "7", "8", "9", "10"]) == "2-10"
    assert rank_span(["J", "Q", "K", "A"]) == "J-A" and rank_span(["2", "4"]) == "2, 4"


def test_the_use_case_and_the_picture_agree_on_the_default_width() -> None:
    from printables.share import DEFAULT_WIDTH
    from services.share import DEFAULT_WIDTH as USE_CASE

    assert USE_CASE == DEFAULT_WIDTH
