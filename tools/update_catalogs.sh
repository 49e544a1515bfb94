#!/bin/sh
# Re-extract the engine's messages and merge them into every language's catalog (issue 15).
# Then translate the new/fuzzy entries; setup.py (or i18n's fallback) compiles the .mo.
set -e
cd "$(dirname "$0")/.."
PYTHONPATH=tools python -m babel.messages.frontend extract -F babel.cfg -k N_ -k pgettext:1c,2 --sort-by-file \
    --project block-dominoes -o src/block_dominoes/locale/block_dominoes.pot .
python -m babel.messages.frontend update -D block_dominoes -i src/block_dominoes/locale/block_dominoes.pot \
    -d src/block_dominoes/locale --ignore-obsolete --no-fuzzy-matching
