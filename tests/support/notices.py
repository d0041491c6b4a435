"""What an app said, in a test: every notification it raised, kept past its timeout.

Textual forgets a notification once its timeout has passed (`app._notifications` reaps
it when read). On a loaded machine a few pilot steps can take longer than a notice's five
or ten seconds, and a test that reads the notices afterwards found none. The app tests'
collections keep every notification they are given as well (the conftest fixture, or
`keep_every_notice()` in a scenario run as a process of its own); the toasts on screen
still come and go as they would.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.notifications import Notification, Notifications

_add = Notifications.add


def _add_and_keep(self: Notifications, notification: Notification) -> Notifications:
    self.__dict__.setdefault("heard", []).append(notification)
    return _add(self, notification)


def keep_every_notice(monkeypatch: Any = None) -> None:
    """From now on, every notifications collection keeps all it is given, in order."""
    if monkeypatch is None:
        Notifications.add = _add_and_keep  # type: ignore[method-assign]
    else:
        monkeypatch.setattr(Notifications, "add", _add_and_keep)


def heard(app: App) -> list[Notification]:
    """Every notification `app` raised, in order, expired or not."""
    return list(app._notifications.__dict__.get("heard", []))


def said(app: App) -> list[str]:
    """The messages of every notification `app` raised, in order."""
    return [notice.message for notice in heard(app)]
