"""The window holds no rule: each picker shows exactly what the domain answers (issue: one path).

For the post-game wizard (R1, R4, R12-R14), the flip dialog (R15), the shop (R5, R16), the table
aids and the odds window (R4, R8), the widgets' offers are compared with the domain's functions
called on the same state.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from rostermgr.advancement import flip_choices
from rostermgr.choices import (
    bounty_choices,
    by_choices,
    offered,
    out_of_action_choices,
    theft_choices,
    used_up_choices,
)
from rostermgr.shop import shop_choices
from rostermgr.weapons import calculator_ids, test_ids, weapons_for
from services import posses
from tests.conftest import RYE
from ui.dialogs.flip import FlipDialog
from ui.dialogs.odds_window import OddsWindow
from ui.dialogs.shop import ShopDialog
from ui.dialogs.table_aids import TableAids
from ui.main_window import MainWindow
from ui.wizards.draft import ref
from ui.wizards.postgame import PostGameWizard

D, L, R = "The Dalton Boys", "Last Hope Lawmen", RYE["name"]


def data(combo: QComboBox) -> list:
    return [combo.itemData(i) for i in range(combo.count())]


def refs(combo: QComboBox) -> list:
    return [None if d is None else ref(d) for d in data(combo)]


def _wizard(w: MainWindow, qtbot, played: list[str], scenario: str) -> PostGameWizard:
    wizard = PostGameWizard(w, parent=w)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.game_page.set_played(played)
    game = wizard.game_page
    game.scenario.setCurrentIndex(game.scenario.findData(scenario))
    wizard.next()
    return wizard


def _assert_casualty_pickers_agree(wizard: PostGameWizard) -> None:
    cas, rules = wizard.casualties_page, wizard.w.rules
    draft, played = wizard.draft(), wizard.played_posses()
    assert refs(cas.victim) == list(offered(out_of_action_choices(draft, played, rules)))
    for i in range(cas.victim.count()):
        cas.victim.setCurrentIndex(i)
        victim = ref(cas.victim.currentData())
        assert refs(cas.by) == list(offered(by_choices(draft, victim, played, rules)))
    uses = offered(used_up_choices(draft, played, rules))
    assert refs(cas.user) == list(dict.fromkeys(u.holder for u in uses))
    for i in range(cas.user.count()):
        cas.user.setCurrentIndex(i)
        holder = ref(cas.user.currentData())
        assert data(cas.used_item) == list(
            dict.fromkeys(u.item for u in uses if u.holder == holder)
        )
    thefts = offered(theft_choices(draft, played, rules))
    assert refs(cas.thief_from) == list(dict.fromkeys(t.source for t in thefts))
    for i in range(cas.thief_from.count()):
        cas.thief_from.setCurrentIndex(i)
        source = ref(cas.thief_from.currentData())
        items = list(dict.fromkeys(t.item for t in thefts if t.source == source))
        assert data(cas.stolen_item) == items
        for j in range(cas.stolen_item.count()):
            cas.stolen_item.setCurrentIndex(j)
            item = cas.stolen_item.currentData()
            thieves = [t.thief for t in thefts if t.source == source and t.item == item]
            assert refs(cas.thief) == thieves


def test_r1_r4_r13_r14_the_casualty_page_offers_what_the_domain_allows(
    rye_window: MainWindow, qtbot
) -> None:
    wizard = _wizard(rye_window, qtbot, [R, L], "bloodbath")
    cas = wizard.casualties_page
    _assert_casualty_pickers_agree(wizard)
    # after entries the offers move on: still the domain's answers
    cas.victim.setCurrentIndex(0)
    cas.ooa.add.click()
    cas.used.add.click()
    cas.stolen.add.click()
    _assert_casualty_pickers_agree(wizard)
    assert len(cas.stolen.entries) == 1


def test_r12_the_bounty_picker_offers_what_the_domain_allows(window: MainWindow, qtbot) -> None:
    wizard = _wizard(window, qtbot, [D, L], "bounty")
    cas = wizard.casualties_page
    cas.victim.setCurrentIndex(cas.victim.findText(f"Kid ({D})"))
    cas.ooa.add.click()
    wizard.next()
    money = wizard.money_page
    for claimer in (D, L):
        money.claimer.setCurrentIndex(money.claimer.findData(claimer))
        bounties = offered(bounty_choices(wizard.draft(), wizard.played_posses(), window.rules))
        mine = [b for b in bounties if b.posse == claimer]
        assert set(refs(money.target)) == {b.target for b in mine}
        for i in range(money.target.count()):
            money.target.setCurrentIndex(i)
            target = ref(money.target.currentData())
            claimable = any(b.target == target and b.claimed for b in mine)
            assert money.claimed.isEnabled() == claimable
    money.claimer.setCurrentIndex(money.claimer.findData(L))
    money.target.setCurrentIndex(money.target.findText(f"Kid ({D})"))
    money.bounties.add.click()
    money.claimer.setCurrentIndex(money.claimer.findData(L))
    # R12: one bounty a posse, so the Lawmen are offered no second one, and told why
    assert money.target.count() == 0 and "has a bounty already" in money.bounties.hint.text()


def test_r15_the_flip_dialog_offers_what_the_domain_allows(window: MainWindow, qtbot) -> None:
    c = window.campaign
    from services import flips, games

    report = games.parse(
        c,
        {
            "date": "2026-11-28",
            "scenario": "bloodbath",
            "posses": [D, L],
            "winner": L,
            "out_of_action": [
                {"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}},
                {"posse": D, "member": "Slim", "by": {"posse": L, "member": "Wyatt"}},
            ],
        },
    )
    games.record(c, report)
    window.refresh()
    dialog = FlipDialog(window, L, "Wyatt")
    qtbot.addWidget(dialog)
    panel = dialog.panel
    for card in (None, "7H"):
        if card:
            flips.spend(c, L, "Wyatt", card=card)
            panel._load("Wyatt")
        wyatt = posses.load(c, L).member("Wyatt")
        answer = flip_choices(wyatt, window.rules)
        shown = [s for s, b in panel.choice_buttons.items() if not b.isHidden()]
        assert shown == list(answer.stats)
        assert panel.draw.isEnabled() == answer.can_turn
        assert panel.reflip.isEnabled() == answer.can_reflip


def test_r5_r16_the_shop_says_what_the_domain_says(window: MainWindow, qtbot) -> None:
    posse = posses.load(window.campaign, D)
    for member in ("Ike Dalton", "Slim"):
        dialog = ShopDialog(window.rules, posse, member, parent=window)
        qtbot.addWidget(dialog)
        model = dialog.model
        for row, choice in enumerate(shop_choices(posse, member, window.rules)):
            assert model.item_at(row) == choice.item
            cell = model.data(model.index(row, model.columnCount() - 1))
            assert cell == ("yes" if choice.allowed else choice.reason)


def test_r4_r8_the_table_aids_offer_the_rulesets_tests_and_weapons(
    window: MainWindow, qtbot
) -> None:
    aids = TableAids(window, parent=window)
    qtbot.addWidget(aids)
    tab = aids.resolver
    # R4 (2026-12): the calculator's tests are the weapons' tests and dynamite
    assert data(tab.kind) == list(calculator_ids(window.rules))
    assert "dynamite" in data(tab.kind)
    a = tab.attacker
    a.posse.setCurrentIndex(a.posse.findData(D))
    for kind in calculator_ids(window.rules):
        tab.kind.setCurrentIndex(tab.kind.findData(kind))
        offered_ids = [w.id for w in weapons_for(window.rules, kind, window.rules.items.values())]
        assert data(a.weapon) == [None, *offered_ids]
        for i in range(a.member.count()):
            a.member.setCurrentIndex(i)
            member = posses.load(window.campaign, D).member(a.member.currentData())
            stat = window.rules.attack_stat(kind)  # R8: Combat for a combat (2026-12)
            assert a.stat.value() == member.stats(window.rules)[stat]


def test_r4_r8_the_odds_window_offers_the_rulesets_tests_and_weapons(
    window: MainWindow, qtbot
) -> None:
    odds = OddsWindow(window, parent=window)
    qtbot.addWidget(odds)
    assert list(odds.test_buttons) == list(test_ids(window.rules))
    for kind, button in odds.test_buttons.items():
        button.setChecked(True)
        offered_ids = [w.id for w in weapons_for(window.rules, kind, window.rules.items.values())]
        assert data(odds.attacker.weapon) == [None, *offered_ids]
        label = odds.attacker.form.labelForField(odds.attacker.attack).text()
        assert label == window.rules.attack_stat_name(kind)
    odds.wait()
