"""A tool with a language choice above it: the live edition's notebooks and the apps.

``language_choice(widgets.play)`` shows a row of buttons, one per language the engine
speaks (English | العربية), above the tool ``make()`` builds. Choosing a language builds
the tool again in it: the new tool carries that language in its own ``lang`` field
(:func:`~block_dominoes.widgets.common.own_language`), so its callbacks speak it. The
choice is the widget's (``LanguageChoice.lang``); it never changes the process-wide
default (:func:`~block_dominoes.i18n.set_language`), which the notebook's own first
cell sets.

A widget cannot set an HTML attribute, so a tool in a right-to-left language sits in a
box with the classes ``bd-rtl`` and ``bd-lang-<code>``: the live edition's page script
(``site/lite/lang.js``) gives that box ``dir="rtl"`` and ``lang="<code>"``, and its
stylesheet lays it out right to left.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from block_dominoes.i18n import available_languages, is_rtl, language
from block_dominoes.languages import LANGUAGES

__all__ = ["NAMES", "LanguageChoice", "language_choice"]

#: each language's name in that language (a reader looks for their own, so never
#: translated), from the one registry, block_dominoes.languages
NAMES = {code: lang.name for code, lang in LANGUAGES.items()}


class LanguageChoice(w.VBox):
    """The buttons (``choice``), the tool in the chosen language (``tool``) and that
    language (``lang``)."""

    def __init__(self, make: Callable[[], w.Widget], lang: str | None = None) -> None:
        self._make = make
        codes = available_languages()
        with language(lang) as code:  # checks lang; the current language when None
            self.lang = code
        self.choice = w.ToggleButtons(
            options=[(NAMES.get(code, code), code) for code in codes],
            value=self.lang,
            layout=w.Layout(width="auto", max_width="100%"),
            style={"button_width": "auto"},
        )
        self.choice.add_class("bd-language-choice")
        self.holder = w.Box()
        self.tool: w.Widget = w.HTML()
        super().__init__([self.choice, self.holder])
        self._build(self.choice.value)
        self.choice.observe(self._chosen, names="value")

    def _chosen(self, change: dict[str, object]) -> None:
        self._build(str(change["new"]))

    def _build(self, code: str) -> None:
        with language(code) as self.lang:
            self.tool = self._make()
        box = w.VBox([self.tool], layout=w.Layout(width="100%"))
        box.add_class(f"bd-lang-{code}")
        if is_rtl(code):
            box.add_class("bd-rtl")
        self.holder.children = (box,)


def language_choice(make: Callable[[], w.Widget], lang: str | None = None) -> LanguageChoice:
    """``make()`` (a widget function such as ``widgets.play``, or a ``lambda`` giving it
    arguments) built in ``lang`` (default: the current language), under the buttons
    that choose the language and build it again; the process-wide default is left
    as it is.
    Raises :class:`~block_dominoes.errors.UnknownLanguageError` for a language with no catalog.
    """
    return LanguageChoice(make, lang)
