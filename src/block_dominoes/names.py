"""What a reader calls a ruleset or a strategy, in the reader's language (issue 22).

The names a reader types (``--rules all-pips``, ``--strategy heavy``) are ASCII in
every language and stay the keys of :data:`block_dominoes.rules.PRESETS` and
:data:`block_dominoes.strategies.STRATEGIES`. A page, a table or a widget that names
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

from .i18n import pgettext

__all__ = ["display_name"]


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


def display_name(kind: str, name: str) -> str:
    """The display name of ruleset or strategy ``name`` (``kind`` is ``"ruleset"`` or
    ``"strategy"``) in the current language; ``name`` itself when it has none."""
    return _titles(kind).get(name, name)
