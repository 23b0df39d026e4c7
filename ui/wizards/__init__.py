"""Wizards: gang creation and the post-game."""
