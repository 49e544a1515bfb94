#!/bin/sh
# Re-extract the engine's messages and merge them into every language's catalog (issue 15).
# Then translate the new/fuzzy entries; setup.py (or i18n's fallback) compiles the .mo.
set -e
cd "$(dirname "$0")/.."
PYTHONPATH=tools python -m babel.messages.frontend extract -F babel.cfg -k N_ -k pgettext:1c,2 --sort-by-file \
    --project block-dominoes -o src/block_dominoes/locale/block_dominoes.pot .
python -m babel.messages.frontend update -D block_dominoes -i src/block_dominoes/locale/block_dominoes.pot \
    -d src/block_dominoes/locale --ignore-obsolete --no-fuzzy-matching
# The site extensions' own words (site/ext/site_words.py: Sphinx's catalog "bd_site").
python -m babel.messages.frontend extract --no-default-keywords -k _ -k N_ --sort-by-file \
    --add-comments Translators: --omit-header -o site/ext/locales/bd_site.pot site/ext tools/build_apps.py
python -m babel.messages.frontend update -D bd_site -i site/ext/locales/bd_site.pot \
    -d site/ext/locales --ignore-obsolete --no-fuzzy-matching
