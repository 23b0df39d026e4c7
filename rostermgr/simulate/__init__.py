"""The campaign simulator: how a ruleset plays out over a campaign, before anyone plays it.

It plays the campaign layer, not the tabletop. For each simulated game a stated model decides
who takes whom out of action and who wins (`rostermgr.simulate.game`); the post-game report it
writes then goes through the same domain functions as a recorded one (`postgame.plan_game`,
`advancement.plan_flip`, `shop.plan_buy`...), applied to the posses in memory
(`rostermgr.simulate.apply`). The model's parameters and their defaults are `Model`.
"""

from rostermgr.simulate.model import Model

__all__ = ["Model"]
