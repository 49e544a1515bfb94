"""Sub-commands that look things up: ``score``, ``line``, ``legal``, ``rules``, ``strategies``."""

from __future__ import annotations

import argparse

from block_dominoes import filekinds, storage
from block_dominoes.cli.base import (
    Subparsers,
    add_command,
    add_common,
    add_force,
    add_json,
    add_rules,
)
from block_dominoes.errors import FileError, InvalidPositionError
from block_dominoes.feasible import most_tiles
from block_dominoes.hands import score_hands
from block_dominoes.i18n import N_, _, iso, pgettext
from block_dominoes.line import Line
from block_dominoes.players.strategies import STRATEGIES
from block_dominoes.rules import Rules, field_value, find_rules, rules_names
from block_dominoes.tiles import parse_tiles, set_name, split_tiles

__all__ = ["cmd_legal", "cmd_line", "cmd_rules", "cmd_score", "cmd_strategies", "register"]


def cmd_score(a: argparse.Namespace) -> tuple[str, object]:
    out = score_hands(find_rules(a.rules), a.hands)
    totals = pgettext("list of numbers", ", ").join(map(str, out.totals))
    text = _("{explanation}\ntotals: {totals}").format(explanation=out.explanation, totals=totals)
    return text, out.to_json()


#: what the metadata of a diagram ``line --svg`` writes names it
DIAGRAM_MARK = f"{filekinds.MARK} line diagram"


def cmd_line(a: argparse.Namespace) -> tuple[str, object]:
    r = find_rules(a.rules)
    # each argument may hold several placements (`1-2,2-3@2`): the one list policy
    pieces = [p for arg in a.tiles for p in split_tiles(arg)]
    line = Line.build(pieces, max_pip=r.max_pip, context=_("tile {number} ({text}): {error}"))
    if a.svg is not None:
        from block_dominoes.render.pictures import line_svg

        if not a.svg.strip():
            raise InvalidPositionError(
                _("{flag} needs a file name to write the diagram to").format(flag="--svg")
            )
        # The file names itself (DIAGRAM_MARK), so --force replaces only our own diagram.
        svg = line_svg(line, creator=DIAGRAM_MARK)
        if a.svg == storage.STREAM:  # standard output: the picture instead of the text
            if a.json:
                raise InvalidPositionError(
                    _(
                        "{svg} and {json} both write to standard output: give {flag} a "
                        "file name, or leave out {json}"
                    ).format(svg="--svg -", json="--json", flag="--svg")
                )
            return svg, line.to_json()
        storage.write_output(
            a.svg,
            svg.encode("utf-8"),
            kind="svg",
            force=a.force,
            ours=filekinds.unmarked(DIAGRAM_MARK),
            what=N_("diagram (SVG)"),
            error=FileError,
        )
        a.saved = a.svg
    return line.describe(), line.to_json()


def cmd_legal(a: argparse.Namespace) -> tuple[str, object]:
    r = find_rules(a.rules)
    line = Line.build(split_tiles(a.line), max_pip=r.max_pip)
    hand = parse_tiles(a.hand, max_pip=r.max_pip)
    if not hand:
        raise InvalidPositionError(
            _(
                "{flag} is empty: a player with no tiles has gone out and the round is over (R13)"
            ).format(flag="--hand")
        )
    most = max(most_tiles(r, n) for n in r.player_counts)
    if len(hand) > most:
        raise InvalidPositionError(
            _("{flag} has {k} tiles, but under {rules} a hand holds at most {most} (R3)").format(
                flag="--hand", k=len(hand), rules=repr(r.name), most=most
            )
        )
    if len(set(hand)) != len(hand):
        dup = next(t for t in hand if hand.count(t) > 1)
        raise InvalidPositionError(
            _("tile {tile} is in the hand twice: each tile is unique (R2)").format(
                tile=iso(repr(str(dup)))
            )
        )
    both = [t for t in hand if t in line.tiles]
    if both:
        raise InvalidPositionError(
            _("tile {tile} is both in the hand and on the line: each tile is unique (R2)").format(
                tile=iso(repr(str(both[0])))
            )
        )
    moves: list[dict[str, object]]
    if line.is_empty:
        moves = [{"tile": str(t), "end": None} for t in sorted(hand)]
    else:
        moves = [{"tile": str(t), "end": v} for t in sorted(hand) for v in line.fits(t)]
    stuck = not moves
    # R9: a player with no tile that fits passes; under the Draw game (V6) the player
    # draws from the boneyard instead, and passes only once it is empty.
    must_pass, must_draw = stuck and not r.draw, stuck and r.draw
    if must_draw:
        a_, b_ = line.end_values
        text = _(
            "must draw: no tile in the hand matches the open ends {first} and {second}; "
            "under {rules} the player draws from the boneyard until a tile fits, and "
            "passes only when the boneyard is empty (V6)"
        ).format(first=a_, second=b_, rules=r.name)
    elif must_pass:
        a_, b_ = line.end_values
        text = _(
            "must pass: no tile in the hand matches the open ends {first} and {second} (R9)"
        ).format(first=a_, second=b_)
    else:
        text = "\n".join(
            _("{tile} as the lead").format(tile=iso(m["tile"]))
            if m["end"] is None
            else _("{tile} on the {end}").format(tile=iso(m["tile"]), end=m["end"])
            for m in moves
        )
    return text, {"must_pass": must_pass, "must_draw": must_draw, "moves": moves}


def _details(r: Rules) -> dict[str, object]:
    return {
        "name": r.name,
        "description": r.description,
        "source": r.source,
        "set": set_name(r.max_pip),
        "hand_sizes": {str(n): k for n, k in r.hand_sizes},
        "targets": {str(n): k for n, k in r.targets},
        "first_lead": r.first_lead.value,
        "next_starter": r.next_starter.value,
        "blocked_scoring": r.blocked_scoring.value,
        "partnerships": r.partnerships,
        "draw": r.draw,
    }


def cmd_rules(a: argparse.Namespace) -> tuple[str, object]:
    """Every preset; with ``--rules NAME``, that preset's details."""
    if a.rules is not None:
        r = find_rules(a.rules)
        d = _details(r)
        sep = pgettext("list of numbers", ", ")
        sizes = sep.join(_("{n} players {k} tiles").format(n=n, k=k) for n, k in r.hand_sizes)
        targets = sep.join(_("{n} players {k}").format(n=n, k=k) for n, k in r.targets)
        yes, no = _("yes"), _("no")
        text = "\n".join(
            [
                _preset_line(r),
                _("set: {set}; hands: {sizes}; targets: {targets}").format(
                    set=_(set_name(r.max_pip)),
                    sizes=sizes,
                    targets=targets,
                ),
                _("first lead: {lead}; next starter: {starter}; blocked scoring: {scoring}").format(
                    lead=field_value(r.first_lead),
                    starter=field_value(r.next_starter),
                    scoring=field_value(r.blocked_scoring),
                ),
                _("partnerships: {pairs}; drawing: {draw}").format(
                    pairs=yes if r.partnerships else no, draw=yes if r.draw else no
                ),
            ]
        )
        return text, d
    presets = [find_rules(n) for n in rules_names()]
    text = "\n".join(_preset_line(r) for r in presets)
    return text, [
        {"name": r.name, "description": r.description, "source": r.source} for r in presets
    ]


def _preset_line(r: Rules) -> str:
    return _("{name}: {description} [source: {source}]").format(
        name=r.name, description=_(r.description), source=_(r.source)
    )


def cmd_strategies(a: argparse.Namespace) -> tuple[str, object]:
    """Every strategy; with ``--rules NAME``, a first line says they all play that preset."""
    text = "\n".join(
        _("{name}: {description}").format(name=s.name, description=_(s.description))
        for s in STRATEGIES.values()
    )
    if a.rules is not None:
        r = find_rules(a.rules)
        text = _("under {rules}, every strategy can play ({n}):\n{text}").format(
            rules=r.name, n=len(STRATEGIES), text=text
        )
    return text, [s.to_json() for s in STRATEGIES.values()]


def register(sub: Subparsers) -> None:
    """Add ``score``, ``line`` and ``legal``."""
    s = add_command(
        sub, "score", cmd_score, N_("score the end of a round from the remaining hands")
    )
    s.add_argument("hands", nargs="+", metavar="HAND", help=N_("tiles (1-4,0-0), a total (7) or -"))
    add_common(s)

    s = add_command(sub, "line", cmd_line, N_("place tiles in order and show the line"))
    s.add_argument(
        "tiles",
        nargs="+",
        metavar="TILE",
        help=N_("3-4, or 3-4@4 to pick the end (not on the lead)"),
    )
    s.add_argument(
        "--svg",
        metavar="FILE",
        help=N_("also write the diagram as SVG (- prints it instead of the text)"),
    )
    add_force(s, N_("replace an existing SVG file (never a sheet or another kind of file)"))
    add_common(s)

    s = add_command(sub, "legal", cmd_legal, N_("list the legal moves of a hand on a line"))
    s.add_argument("--line", required=True, metavar="TILES", help=N_("the line, in order of play"))
    s.add_argument("--hand", required=True, metavar="TILES", help=N_("the hand"))
    add_common(s)


def register_lists(sub: Subparsers) -> None:
    """Add ``rules`` and ``strategies``."""
    s = add_command(sub, "rules", cmd_rules, N_("list the ruleset presets, or show one (--rules)"))
    add_rules(s, default=None)
    add_json(s)

    s = add_command(
        sub, "strategies", cmd_strategies, N_("list the computer strategies (usable under --rules)")
    )
    add_rules(s, default=None)
    add_json(s)
