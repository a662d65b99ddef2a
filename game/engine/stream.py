"""The game's deterministic random stream (RULES.md § The fair deal: seed and deal number k).

Every game has a secret seed; deal number ``k`` (0 = the first hand, then one
per later hand or Continue) reads only ``DealStream(seed, k)``. The stream is
BLAKE2b in counter mode, fully specified so it never changes with the Python
version (unlike :mod:`random`, which the game stream never uses)::

    block_i = BLAKE2b(seed || u64be(k) || u64be(i), digest_size=64, person=b"BlockKnock-deal1")
    stream  = block_0 || block_1 || block_2 || ...

(The message ends in two fixed-width counters, so ``(seed, k, i)`` is recovered
from it unambiguously.) :meth:`DealStream.below` draws an integer uniformly
from ``range(n)`` by rejection sampling: take ``ceil(b / 8)`` bytes big-endian,
keep the low ``b = (n - 1).bit_length()`` bits, and retry while the value is
``>= n``. ``below(1)`` reads nothing and returns 0.

>>> stream = DealStream(b"example seed", 0)
>>> [stream.below(35) for _ in range(5)]
[23, 4, 22, 18, 19]
"""

from __future__ import annotations

import hashlib

__all__ = ["BLOCK_BYTES", "PERSONALIZATION", "DealStream"]

BLOCK_BYTES = 64
"""Bytes per BLAKE2b block of the stream (the maximum BLAKE2b digest size)."""

PERSONALIZATION = b"BlockKnock-deal1"
"""BLAKE2b personalisation (16 bytes): separates this stream from any other use of the seed."""

_COUNTER_BYTES = 8
_MAX_COUNTER = 2**64


class DealStream:
    """The random stream of deal ``k`` of the game with secret ``seed``.

    Stateful by nature (each draw advances it), so it is not a frozen value; make
    a new one to start over. Two streams with equal ``(seed, k)`` give the same draws.

    :param seed: the game's secret seed (any length; the site uses 32 random bytes).
    :param k: the deal number, ``0 <= k < 2**64``.
    :raises TypeError: ``seed`` is not bytes-like or ``k`` not an int.
    :raises ValueError: ``k`` out of range.
    """

    __slots__ = ("_seed", "_k", "_prefix", "_buffer", "_pos", "_block")

    def __init__(self, seed: bytes, k: int) -> None:
        if not isinstance(seed, (bytes, bytearray, memoryview)):
            raise TypeError(f"seed must be bytes, got {type(seed).__name__}: {seed!r}")
        if not isinstance(k, int) or isinstance(k, bool):
            raise TypeError(f"deal number must be an int, got {k!r}")
        if not 0 <= k < _MAX_COUNTER:
            raise ValueError(f"deal number must be in [0, 2**64), got {k!r}")
        self._seed = bytes(seed)
        self._k = k
        self._prefix = self._seed + k.to_bytes(_COUNTER_BYTES, "big")
        self._buffer = b""
        self._pos = 0
        self._block = 0

    def __repr__(self) -> str:
        return f"DealStream(<seed {len(self._seed)} bytes>, {self._k!r})"

    @property
    def k(self) -> int:
        """The deal number this stream belongs to."""
        return self._k

    def _refill(self) -> None:
        digest = hashlib.blake2b(
            self._prefix + self._block.to_bytes(_COUNTER_BYTES, "big"),
            digest_size=BLOCK_BYTES,
            person=PERSONALIZATION,
        ).digest()
        self._block += 1
        self._buffer = self._buffer[self._pos:] + digest
        self._pos = 0

    def read(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream.

        >>> DealStream(b"example seed", 0).read(4).hex()
        '76e5fc57'

        :raises ValueError: ``n < 0``.
        """
        if n < 0:
            raise ValueError(f"cannot read {n!r} bytes")
        while len(self._buffer) - self._pos < n:
            self._refill()
        out = self._buffer[self._pos:self._pos + n]
        self._pos += n
        return out

    def below(self, n: int) -> int:
        """An integer uniform in ``range(n)``, by rejection sampling (never biased by a modulo).

        >>> DealStream(b"example seed", 0).below(1)
        0

        :raises ValueError: ``n < 1``.
        """
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"below(n) needs an int n >= 1, got {n!r}")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        size = (bits + 7) // 8
        keep = (1 << bits) - 1
        while True:
            value = int.from_bytes(self.read(size), "big") & keep
            if value < n:
                return value
