"""The Daily (docs/rules.md § Modes, Daily): one game a player a day, the same start for everyone.

- :mod:`.board`: the day's start board, drawn from the day's seed;
- :mod:`.seeds`: the day's stored seed, committed a week ahead and revealed at the close;
- :mod:`.selectors`: a player's game of a day, a day's close;
- :mod:`.close`: the close at the day's end (expire the unfinished, pay the winners);
- :mod:`.sealed`: an open day's history pages, closed until the day ends;
- :mod:`.share`: the spoiler-free share text of a finished Daily.
"""
