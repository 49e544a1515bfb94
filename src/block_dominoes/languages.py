"""The one registry of languages: code, name in that language, direction, edition.

Everything that needs to know about a language reads it from here: the engine
(:mod:`block_dominoes.i18n`: which languages are right to left), the site's Sphinx
extensions (``site/ext/editions.py``: the editions, the switch's label, ``dir="rtl"``),
the build (``tools/build.py``: one step per edition), the notebook runner
(``tools/run_notebooks.py``: one run per edition), the live build
(``tools/build_live.py``: the apps' index and the notebooks' copies) and the widgets
(:mod:`block_dominoes.widgets.languages`: the buttons' names). It is plain data with
no import and no file access, so the engine reads it in the browser (Pyodide) too.

Whether the *engine* speaks a language is not recorded here: it does when its
catalog exists (:func:`block_dominoes.i18n.available_languages`). A language listed
here without a catalog is still named and laid out right (the glossary's terms
table shows the sources' five languages).

Adding a language: its catalogs (``locales/TRANSLATORS.md``) and one line below.

>>> LANGUAGES["ar"].name, LANGUAGES["ar"].direction, LANGUAGES["ar"].edition
('العربية', 'rtl', True)
>>> [lang.code for lang in editions()]
['ar']
>>> sorted(RTL)
['ar']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["LANGUAGES", "RTL", "SOURCE", "Language", "editions", "name"]


@dataclass(frozen=True)
class Language:
    """One language the project names, shows or is translated into."""

    #: the ISO 639-1 code (``ar``): catalog folders, ``?lang=``, ``lang="..."``
    code: str
    #: its name in that language, as a reader looks for it (never translated)
    name: str
    #: the direction its text is written in
    direction: Literal["ltr", "rtl"] = "ltr"
    #: whether the book has an edition in it, built from ``_config_<code>.yml`` and
    #: ``_toc_<code>.yml`` into ``_build/html/<code>`` with its chapters run in it
    #: (``locales/<code>/runs/``); English is the book itself, not an edition
    edition: bool = False

    @property
    def rtl(self) -> bool:
        """Whether the language is written right to left."""
        return self.direction == "rtl"


#: the language the book and the engine are written in
SOURCE = "en"

#: every language, by code: English first, then the editions, then the sources' others
LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language("en", "English"),
        Language("ar", "العربية", direction="rtl", edition=True),
        Language("bg", "Български"),
        Language("el", "Ελληνικά"),
        Language("tr", "Türkçe"),
    )
}

#: the codes of the languages written right to left
RTL = frozenset(code for code, lang in LANGUAGES.items() if lang.rtl)


def editions() -> list[Language]:
    """The book's editions in other languages, in registry order."""
    return [lang for lang in LANGUAGES.values() if lang.edition]


def name(code: str) -> str:
    """The language's name in that language; the code itself for one not registered."""
    lang = LANGUAGES.get(code)
    return lang.name if lang is not None else code
