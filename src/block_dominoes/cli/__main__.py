"""``python -m block_dominoes.cli``: the same as the ``block-dominoes`` command."""

from block_dominoes.cli import main

raise SystemExit(main())
