"""The use cases are tested through both front ends: the window's fixtures are shared here."""

from tests.ui.conftest import _no_modal_boxes, _settings, empty_window, rye_window, window

__all__ = ["_no_modal_boxes", "_settings", "empty_window", "rye_window", "window"]
