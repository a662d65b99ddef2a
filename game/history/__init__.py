"""A stored game's history, replayed by the rules engine: the steps, the API replay, the audit, the fair deal.

- :mod:`.steps` — :func:`game_steps`, the one replay of a game's record (one :class:`Step` per event);
- :mod:`.replay` — :func:`game_replay`, the API ``Replay`` of a finished game;
- :mod:`.audit` — :func:`game_audit` / :func:`games_audit`, stored games against their replay (``verify_deals``);
- :mod:`.fairness` — :func:`game_fairness`, a witness for every dealt hand ("Was it fair?");
- :mod:`.review` — :func:`game_review`, "How did I play?" (cached).
- :mod:`.documents` — an ended game's documents: ``ETag``, ``Cache-Control``, 304, the cached API replay.
"""

from .audit import Cutovers, GameAudit, Mismatch, cutover_refusing, cutovers_published, game_audit, games_audit
from .fairness import HandProof, WitnessStep, game_fairness
from .replay import game_replay
from .review import game_review
from .steps import Step, game_steps, start_state

__all__ = [
    "Cutovers",
    "GameAudit",
    "HandProof",
    "Mismatch",
    "Step",
    "WitnessStep",
    "cutover_refusing",
    "cutovers_published",
    "game_audit",
    "game_fairness",
    "game_replay",
    "game_review",
    "game_steps",
    "games_audit",
    "start_state",
]
