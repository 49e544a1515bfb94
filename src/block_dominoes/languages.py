"""The one registry of languages: code, name in that language, direction, edition.

Everything that needs to know about a language reads it from here: the engine
(:mod:`block_dominoes.i18n`: which languages are right to left), the site's Sphinx
extensions (``site/ext/editions.py``: the editions, the switch's label, ``dir="rtl"``),
the build (``tools/build.py``: one step per edition), the notebook runner
(``tools/run_notebooks.py``: one run per edition), the live build
(``tools/build_live.py``: the apps' index and the notebooks' copies) and the widgets
(:mod:`block_dominoes.widgets.languages`: the buttons' names). It is plain data with
no import and no file access, so the engine reads it in the browser (Pyodide) too.

The engine speaks the languages marked ``engine=True`` (:func:`block_dominoes.i18n.
available_languages`); the book has an edition in those marked ``edition=True``. A
language listed with neither is still named and laid out right (the glossary's terms
table shows the sources' five languages), and its catalogs may be in the making.

Adding a language: its catalogs (``locales/TRANSLATORS.md``) and one line below.

>>> LANGUAGES["ar"].name, LANGUAGES["ar"].direction, LANGUAGES["ar"].edition
('العربية', 'rtl', True)
>>> [lang.code for lang in editions()]
['ar', 'bg', 'el', 'tr']
>>> [lang.code for lang in LANGUAGES.values() if lang.engine]
['en', 'ar', 'bg', 'el', 'tr']
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
    #: whether the book has an edition in it, built into ``_build/html/<code>`` from
    #: ``_config.yml`` and ``_toc.yml`` with its own words (``tools/build.py``), its
    #: chapters run in it (``locales/<code>/runs/``); English is the book itself
    edition: bool = False
    #: whether the engine speaks it: the command line's ``--lang``, the widgets' and the
    #: apps' languages (its catalog ``block_dominoes/locale/<code>`` complete; a test
    #: checks). A catalog still being translated sits beside the others unoffered.
    engine: bool = False
    #: its letters in dictionary order, small letters only (the glossary's order;
    #: empty: the code points' order, as for English). Accents are set aside first.
    alphabet: str = ""
    #: how a number's whole and decimal parts are separated (CLDR's decimal symbol)
    decimal: str = "."
    #: where the percent sign goes, ``{n}`` being the number (CLDR's percent pattern)
    percent: str = "{n}%"
    #: what groups a large number's digits by three (CLDR's group symbol: 37,560)
    group: str = ","

    @property
    def rtl(self) -> bool:
        """Whether the language is written right to left."""
        return self.direction == "rtl"


#: the language the book and the engine are written in
SOURCE = "en"

#: every language, by code: English first, then the others by code (the order of the
#: language menu and of the buttons that change a widget's language)
LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language("en", "English", engine=True),
        Language("ar", "العربية", direction="rtl", edition=True, engine=True),
        Language(
            "bg",
            "Български",
            edition=True,
            engine=True,
            alphabet="абвгдежзийклмнопрстуфхцчшщъьюя",
            decimal=",",
            group="\u00a0",
        ),
        Language(
            "el",
            "Ελληνικά",
            edition=True,
            engine=True,
            alphabet="αβγδεζηθικλμνξοπρστυφχψω",
            decimal=",",
            group=".",
        ),
        Language(
            "tr",
            "Türkçe",
            edition=True,
            engine=True,
            alphabet="abcçdefgğhıijklmnoöprsştuüvyz",
            decimal=",",
            percent="%{n}",
            group=".",
        ),
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
