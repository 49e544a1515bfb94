"""The lines of the attachment examples E1-E7, built as RULES.md states them: one place
for every test that draws, describes or translates them."""

LINES: dict[str, list[str]] = {
    "E1": ["1-4"],
    "E2": ["1-4", "1-1"],
    "E3": ["3-6", "6-6"],
    "E4": ["0-0"],
    "E5": ["1-4", "1-1", "4-4"],
    "E6": ["1-4", "1-1", "4-4", "3-4"],
    "E7": ["2-2"],
}
