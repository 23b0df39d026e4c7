"""Printed cards checked against the campaign by their state codes (issue 34).

`codes_from` reads codes typed or scanned: a word that names a file is an image (a photo or a
scan, any number of cards on it) whose QR codes zxing-cpp finds; any other word is a code.
`check_cards` says of each card whether it is current, what changed since it was printed, or
that it belongs to another campaign or ruleset.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from db import posses as store
from db import rulesets as stored_rulesets
from rostermgr.cardcode import (
    ALPHABET,
    CardCode,
    OtherRuleset,
    PosseCode,
    changes,
    decode_any,
    grouped,
    member_check,
)
from rostermgr.errors import Refused, quoted
from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset
from services.campaign import Campaign, in_campaign

CURRENT, CHANGED, OTHER_CAMPAIGN, OTHER_RULESET = (
    "current",
    "changed",
    "other-campaign",
    "other-ruleset",
)
IMAGE_SUFFIXES = (".pdf", ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".webp")


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
    """The QR codes zxing-cpp finds in an image file (or in every page of a PDF the program
    printed), in the order found; refused in a sentence when the file is no image or holds
    none."""
    import zxingcpp  # only for images: a typed code needs no decoder
    from PIL import Image, UnidentifiedImageError

    from printables.qr import rendered_pages

    found = []
    try:
        if path.suffix.lower() == ".pdf":
            for page in rendered_pages(path):
                found += zxingcpp.read_barcodes(page)
        else:
            with Image.open(path) as image:
                image.load()
                found = zxingcpp.read_barcodes(image)
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise Refused(f"{quoted(str(path))} is not an image that can be read.") from exc
    qr = zxingcpp.BarcodeFormat.QRCode
    # Only what looks like a code of ours: another QR code in the picture (a poster's, a
    # sleeve's) is not a card to check.
    codes = [
        r.text
        for r in found
        if r.format == qr and r.valid and len(r.text) >= 8 and set(r.text) <= set(ALPHABET)
    ]
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
            code = decode_any(text, c.rules)
        except OtherRuleset as other:
            was = older.get(other.prefix)
            line = (
                f"printed under this campaign's earlier ruleset {was.version}: print it again"
                if was is not None
                else "a card of another ruleset than this campaign's"
            )
            out.append(CardStatus(grouped(text), OTHER_RULESET, None, (), (), line))
            continue
        if isinstance(code, PosseCode):
            out.append(_journal_status(code, grouped(text), posses, now, c.rules))
        else:
            out.append(_status(code, grouped(text), posses, now, c))
    return out


def _journal_status(
    code: PosseCode, shown: str, posses: dict[int | None, Posse], now: int, rules: Ruleset
) -> CardStatus:
    """A journal cover's code next to its posse now: its name, purse and members."""
    posse = posses.get(code.posse_id)
    if posse is None or code.counter > now or posse.faction != code.faction:
        line = f"journal {shown[:14]}...: the journal of another campaign's posse"
        return CardStatus(shown, OTHER_CAMPAIGN, None, (), (), line)
    said = []
    if posse.name != code.name:
        said.append(f"renamed {posse.name}")
    if posse.purse != code.purse:
        said.append(f"purse ${posse.purse} (was ${code.purse})")
    then = {i: (name, check) for i, name, check in code.members}
    for m in posse.active:
        if m.id not in then:
            said.append(f"{m.name} new")
        elif member_check(posse, m, rules) != then[m.id][1]:
            said.append(f"{m.name} changed")
    alive = {m.id for m in posse.active}
    said += [f"{name} gone" for i, (name, _) in then.items() if i not in alive]
    who = f"journal of {posse.name}"
    names = tuple(m.name for m in posse.active)
    if not said:
        return CardStatus(shown, CURRENT, posse.name, names, (), f"{who}: current")
    return CardStatus(shown, CHANGED, posse.name, names, tuple(said), f"{who}: {'; '.join(said)}")


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
    """A posse restored from the codes of its printed cards and its journal's cover, through
    `posse import`'s checks (a backup first, one transaction); refused whole, in one
    sentence, when a code is wrong or the codes disagree with each other or with the
    campaign's ruleset.

    Without the journal's code the cards say no names and no purse: the members are named by
    their roles ("Gang member 2"), to be renamed, and the purse is $0.
    """
    from rostermgr.rebuild import journal_names, rebuild_document, rebuild_members
    from services import posses

    decoded = [decode_any(text, c.rules) for text in codes]
    cards_ = [d for d in decoded if isinstance(d, CardCode)]
    journals = list(dict.fromkeys(d for d in decoded if isinstance(d, PosseCode)))
    if len(journals) > 1:
        raise Refused("Give the code of one journal cover, not of several.")
    members = rebuild_members(cards_, c.rules)
    if journals:
        journal = journals[0]
        if journal.posse_id != cards_[0].posse_id:
            raise Refused("The journal's code is of another posse than the cards.")
        names = journal_names(journal, members, c.rules, cards_[0].faction)
        purse = journal.purse
    else:
        names, purse = _role_names(members, c.rules), 0
    doc = rebuild_document(cards_, c.rules, as_name, names, purse, _today())
    name = posses.import_posse(c, doc, as_name)
    return Rebuilt(name, len(members), not journals)


def _role_names(members: Sequence[tuple[int, Member]], rules: Ruleset) -> dict[int, str]:
    """Names for members the cards show without a journal: their roles, numbered when two
    share one ("Gang member 2")."""
    counts = Counter(m.role for _, m in members)
    seen: Counter[str] = Counter()
    names = {}
    for member_id, m in members:
        seen[m.role] += 1
        role = rules.role(m.role).name
        names[member_id] = f"{role} {seen[m.role]}" if counts[m.role] > 1 else role
    return names


def _today() -> str:
    import datetime as dt

    return dt.date.today().isoformat()
