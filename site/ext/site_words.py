"""The site extensions' own words, through Sphinx's message catalogs.

The lines and labels the local extensions add to pages ("Run live", "Open the app",
the glossary's terms table) are written in English and wrapped in :data:`_`, Sphinx's
``get_translation`` for the catalog ``bd_site``; an edition in another language reads
them from ``site/ext/locales/<lang>/LC_MESSAGES/bd_site.po``. The ``.po`` is compiled
to ``.mo`` at the start of each build when it is newer (Sphinx's own
``CatalogRepository``, as ``gettext_auto_build`` does for ``locales/``), so no ``.mo``
is committed. Extract new words with ``bash tools/update_catalogs.sh``.

Loaded by ``editions`` and ``live_edition`` with ``app.setup_extension``, so once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.locale import get_translation
from sphinx.util.i18n import CatalogRepository

DOMAIN = "bd_site"
LOCALES = Path(__file__).resolve().parent / "locales"

#: the translation function of the site's words (in the edition's ``language``)
_ = get_translation(DOMAIN)


def N_(message: str) -> str:  # gettext's name for "extract, do not translate"
    """Mark ``message`` for extraction only: it is translated where it is used."""
    return message


#: the words of an edition's Sphinx config and toc, which ``tools/build.py`` writes
#: for each edition from ``_config.yml`` and ``_toc.yml`` with this catalog's
#: translations (a Sphinx config is read before any catalog is). Every part caption
#: of ``_toc.yml`` is here (a test checks).
CONFIG_WORDS = (
    N_("Block dominoes: the book that plays"),  # title
    N_("The Block dominoes team"),  # author
    N_("Search this book..."),  # the search box's text
    N_("Show the cell"),  # a cell hidden with hide-input / hide-cell: its toggle
    N_("Hide the cell"),
    N_("Start here"),  # the part captions of _toc.yml
    N_("The rules, step by step"),
    N_("Play and practise"),
    N_("At the table"),
    N_("Reference"),
    N_("Evidence"),
)


def load_catalog(app: Sphinx, config: Config) -> None:
    """Compile the edition's ``bd_site.po`` if it changed, and register the catalog."""
    language = config.language or "en"
    repo = CatalogRepository(str(LOCALES), ["."], language, "utf-8")
    for catalog in repo.catalogs:
        if catalog.domain == DOMAIN and catalog.is_outdated():
            catalog.write_mo(language)
    app.add_message_catalog(DOMAIN, str(LOCALES))


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", load_catalog)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
