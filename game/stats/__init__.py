"""A player's Stats: games by mode, scores, lines, stars, the Daily and the ladder.

Modules, one job each: :mod:`.models` (the per-game summary table), :mod:`.summaries`
(filling it from a game's events with the engine), :mod:`.selectors` (every number,
read), :mod:`.charts` (chart geometry for the inline SVGs), :mod:`.views` (the page),
:mod:`.api` (``GET /api/me/stats/``); its benchmark is ``python -m tools.stats_bench``.
"""
