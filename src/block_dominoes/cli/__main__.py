"""``python -m block_dominoes.cli``: the same as the ``block-dominoes`` command."""

from . import main

raise SystemExit(main())
