"""What a reader calls a ruleset, a strategy or a player, in the reader's language.

The names a reader types (``--rules all-pips``, ``--strategy heavy``) are ASCII in
every language and stay the keys of :data:`block_dominoes.rules.PRESETS` and
:data:`block_dominoes.players.strategies.STRATEGIES`. A page, a table or a widget that names
one for a reader shows its display name instead, in the current language, with the
typed name beside it where the reader may need to type it.

>>> display_name("strategy", "heavy")
'heaviest first'
>>> display_name("ruleset", "pagat")
"Pagat's rules"
>>> display_name("ruleset", "house")  # a name with no display name is shown as typed
'house'
"""

from __future__ import annotations

from block_dominoes.i18n import _, pgettext

__all__ = [
    "display_name",
    "player_label",
    "stored_name",
]


def _titles(kind: str) -> dict[str, str]:
    # pgettext at each call, so the title is in the language current then
    if kind == "strategy":
        return {
            "random": pgettext("strategy", "random moves"),
            "heavy": pgettext("strategy", "heaviest first"),
            "keep-numbers": pgettext("strategy", "keep your numbers"),
            "keep-four": pgettext("strategy", "keep a number of four"),
            "doubles-early": pgettext("strategy", "doubles early"),
            "close-when-light": pgettext("strategy", "close when light"),
            "blocker": pgettext("strategy", "the blocker"),
            "expert": pgettext("strategy", "the expert"),
        }
    return {
        "pagat": pgettext("ruleset", "Pagat's rules"),
        "app": pgettext("ruleset", "the Bulgarian app"),
        "highest-double": pgettext("ruleset", "highest double starts"),
        "partnership": pgettext("ruleset", "partnerships"),
        "all-pips": pgettext("ruleset", "blocked scores all pips"),
        "double-twelve": pgettext("ruleset", "double-twelve set"),
        "double-nine": pgettext("ruleset", "double-nine set"),
        "draw": pgettext("ruleset", "the Draw game"),
    }


def display_name(kind: str, name: str, seat: int | None = None) -> str:
    """The display name of ``name`` in the current language: ``kind`` is ``"ruleset"``
    or ``"strategy"`` (``name`` itself when it has none), or ``"player"`` with the
    player's ``seat``: a default name (``Player 1``, stored in English) in the current
    language, any other name as written.

    >>> display_name("player", "Player 2", 2), display_name("player", "Ann", 1)
    ('Player 2', 'Ann')
    """
    if kind == "player":
        if seat is not None and name == f"Player {seat}":
            return _("Player {seat}").format(seat=seat)
        return name
    return _titles(kind).get(name, name)


def stored_name(name: str, seat: int) -> str:
    """The inverse of ``display_name("player", ...)``: the default name as the current language shows it
    (``اللاعب 1``) is stored as ``Player 1``; any other name as written."""
    return f"Player {seat}" if name == _("Player {seat}").format(seat=seat) else name


def player_label(name: str, seat: int) -> str:
    """``Ann (player 1)``, or ``player 1`` when the name is the default one."""
    if name.casefold() == f"player {seat}":
        return _("player {seat}").format(seat=seat)
    return _("{name} (player {seat})").format(name=name, seat=seat)
