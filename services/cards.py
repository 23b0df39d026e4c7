"""Printed cards checked against the campaign by their state codes (issue 34).

`codes_from` reads codes typed or scanned: a word that names a file is an image (a photo or a
scan, any number of cards on it) whose QR codes zxing-cpp finds; any other word is a code.
`check_cards` says of each card whether it is current, what changed since it was printed, or
that it belongs to another campaign or ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from db import posses as store
from db import rulesets as stored_rulesets
from rostermgr.cardcode import CardCode, OtherRuleset, changes, decode_card, grouped
from rostermgr.errors import Refused, quoted
from rostermgr.roster import Posse
from services.campaign import Campaign, in_campaign

CURRENT, CHANGED, OTHER_CAMPAIGN, OTHER_RULESET = (
    "current",
    "changed",
    "other-campaign",
    "other-ruleset",
)
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".webp")


@dataclass(frozen=True)
class CardStatus:
    """What one printed card is, next to the campaign now."""

    code: str  # grouped for reading
    state: str  # CURRENT, CHANGED, OTHER_CAMPAIGN or OTHER_RULESET
    posse: str | None  # the posse it is a card of, when it is one of this campaign's
    names: tuple[str, ...]  # its members' names now
    changes: tuple[str, ...]  # what changed since it was printed, one phrase per member
    line: str  # the one line that says all of it

    @property
    def out_of_date(self) -> bool:
        return self.state == CHANGED


def codes_from(words: Sequence[str]) -> list[str]:
    """The codes in words: each a code as typed, or the path of an image of cards."""
    if not words:
        raise Refused("Give at least one card code or image of cards.")
    codes: list[str] = []
    for word in words:
        path = Path(word)
        if path.is_file():
            codes += codes_in_image(path)
        elif path.suffix.lower() in IMAGE_SUFFIXES or "/" in word or "\\" in word:
            raise Refused(f"There is no image {quoted(word)} to read card codes from.")
        else:
            codes.append(word)
    return codes


def codes_in_image(path: Path) -> list[str]:
    """The QR codes zxing-cpp finds in an image file, in the order found; refused in a sentence
    when the file is no image or holds none."""
    import zxingcpp  # only for images: a typed code needs no decoder
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as image:
            image.load()
            found = zxingcpp.read_barcodes(image)
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise Refused(f"{quoted(str(path))} is not an image that can be read.") from exc
    qr = zxingcpp.BarcodeFormat.QRCode
    codes = [r.text for r in found if r.format == qr and r.valid and r.text]
    if not codes:
        raise Refused(
            f"No card code was found in {quoted(str(path))}: photograph the backs square on, "
            "in good light, each QR code whole."
        )
    return codes


@in_campaign
def check_cards(c: Campaign, codes: Sequence[str]) -> list[CardStatus]:
    """Each code's card next to the campaign now; a code that is no card code, or whose check
    value does not match (a character mistyped), refuses the whole check in a sentence."""
    older = {line.hash[:6]: line for line in stored_rulesets.history()}
    posses = {p.id: p for p in store.all_posses()}
    now = c.mark()
    out = []
    for text in codes:
        try:
            code = decode_card(text, c.rules)
        except OtherRuleset as other:
            was = older.get(other.prefix)
            line = (
                f"printed under this campaign's earlier ruleset {was.version}: print it again"
                if was is not None
                else "a card of another ruleset than this campaign's"
            )
            out.append(CardStatus(grouped(text), OTHER_RULESET, None, (), (), line))
            continue
        out.append(_status(code, grouped(text), posses, now, c))
    return out


def _status(
    code: CardCode, shown: str, posses: dict[int | None, Posse], now: int, c: Campaign
) -> CardStatus:
    posse = posses.get(code.posse_id)
    members = {m.id: m for m in posse.members if m.id is not None} if posse else {}
    mine = (
        posse is not None
        and code.counter <= now
        and all(i in members and members[i].role == code.role for i, _ in code.members)
    )
    if not mine or posse is None:
        line = f"card {shown[:14]}...: a card of another campaign"
        return CardStatus(shown, OTHER_CAMPAIGN, None, (), (), line)
    names = tuple(members[i].name for i, _ in code.members)
    said = tuple(changes(code, members, c.rules))
    who = f"{' · '.join(names)} ({posse.name})"
    if not said:
        return CardStatus(shown, CURRENT, posse.name, names, (), f"{who}: current")
    # A card of one member: its name is said once, before the card's posse.
    told = [p.split(": ", 1)[1] for p in said] if len(names) == 1 else list(said)
    return CardStatus(shown, CHANGED, posse.name, names, said, f"{who}: {'; '.join(told)}")


@dataclass(frozen=True)
class Rebuilt:
    """A posse rebuilt from its cards: its name, and what the cards could not say."""

    name: str
    members: int
    named_by_role: bool  # no journal code: the members are named by their roles


@in_campaign
def rebuild_posse(c: Campaign, codes: Sequence[str], as_name: str) -> Rebuilt:
    """A posse restored from the codes of its printed cards, through `posse import`'s checks
    (a backup first, one transaction); refused whole, in one sentence, when a code is wrong or
    the codes disagree with each other or with the campaign's ruleset.

    The cards carry no names and no purse: the members are named by their roles ("Gang member
    2"), to be renamed, and the purse is $0.
    """
    from rostermgr.rebuild import rebuild_document, rebuild_members
    from services import posses

    decoded = [decode_card(text, c.rules) for text in codes]
    members = rebuild_members(decoded, c.rules)
    counts: dict[str, int] = {}
    for _, m in members:
        counts[m.role] = counts.get(m.role, 0) + 1
    names: dict[int, str] = {}
    seen: dict[str, int] = {}
    for member_id, m in members:
        seen[m.role] = seen.get(m.role, 0) + 1
        role = c.rules.role(m.role).name
        names[member_id] = f"{role} {seen[m.role]}" if counts[m.role] > 1 else role
    doc = rebuild_document(decoded, c.rules, as_name, names, 0, _today())
    name = posses.import_posse(c, doc, as_name)
    return Rebuilt(name, len(members), True)


def _today() -> str:
    import datetime as dt

    return dt.date.today().isoformat()
