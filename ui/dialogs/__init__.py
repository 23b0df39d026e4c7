"""Dialogs, each in its own module."""
