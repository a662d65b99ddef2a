"""The drill's verdict: one ``DRILL`` line per phase with its figures and its checks, PASS or FAIL.

Written to the terminal and to ``var/drill/summary.txt`` (the figures in full: ``summary.json``).
"""

from __future__ import annotations

import json

from tests.load import drill_services as services
from tests.load.drill_phases import CLIENT_SOURCE

LOCK_TIMEOUT_S = 2.0  # blockknock/settings/connections.py LOCK_TIMEOUT
READ_TIMEOUT_S = 6.0  # deploy/nginx/blockknock.conf proxy_read_timeout
LEAVE_MARGIN_S = 4.0  # scheduling on a shared 2-core machine, beyond the read timeout
FAST_FAILURE_S = LOCK_TIMEOUT_S + 1.5  # the locked player's 503: the lock timeout and the request around it
REPLICA_LAG_LIMIT_MS = 1000.0


def _load(results: dict, phase: str) -> str:
    figures = results["load"].get(phase, {"moves_per_s": 0, "errors": 0, "requests": 0})
    return f"{figures['moves_per_s']} moves/s, client errors {figures['errors']} of {figures['requests']} requests"


def _steady(results: dict, phase: str, *, moving: bool) -> tuple[str, bool]:
    """No client error; with ``moving``, moves answered too (the last phase may end with the load's tail)."""
    figures = results["load"].get(phase, {})
    holds = figures.get("errors") == 0 and (figures.get("moves_per_s", 0) > 0 or not moving)
    return f"{phase}: {_load(results, phase)}", holds


def _killed(results: dict, users: int) -> tuple[str, bool]:
    kill, figures = results["kill"], results["load"].get("2 host killed", {})
    line = (
        f"2 host killed: :{kill['host']} SIGKILL, down {kill['down_s']:.0f} s, answering again "
        f"{kill['restart_s']} s after its restart; {_load(results, '2 host killed')} "
        f"(at most one in flight per client: {users})"
    )
    return line, figures.get("moves_per_s", 0) > 0 and figures.get("errors", users + 1) <= users


def _frozen(results: dict) -> tuple[str, bool]:
    freeze, figures = results["freeze"], results["load"].get("3 host frozen", {})
    left, limit = freeze["left_after_s"], READ_TIMEOUT_S + LEAVE_MARGIN_S
    line = (
        f"3 host frozen: :{freeze['host']} SIGSTOP {freeze['frozen_s']:.0f} s, out of rotation after "
        f"{'never' if left is None else f'{left:.1f} s'} (limit {limit:.0f} s: proxy_read_timeout "
        f"{READ_TIMEOUT_S:.0f} s, max_fails 2); {_load(results, '3 host frozen')}"
    )
    return line, left is not None and left <= limit and figures.get("moves_per_s", 0) > 0


def _locked(results: dict) -> tuple[str, bool]:
    lock, figures = results["lock"], results["load"].get("4 row lock held", {})
    bystander_s = max(seconds for _status, seconds in lock["bystander"])
    locked_s = [seconds for _status, seconds in lock["locked"]]
    line = (
        f"4 row lock held: game {lock['game']}'s row held {lock['hold_s']:.0f} s by psql; bystander's moves "
        f"{[status for status, _s in lock['bystander']]} in at most {bystander_s * 1000:.0f} ms (limit: lock "
        f"timeout {LOCK_TIMEOUT_S:.0f} s); locked player's moves {[status for status, _s in lock['locked']]} in "
        f"{min(locked_s):.2f}-{max(locked_s):.2f} s, {lock['refused_applied']} applied, after the release "
        f"{lock['locked_after_release']}; {_load(results, '4 row lock held')}"
    )
    holds = (
        all(status == 200 for status, _s in lock["bystander"])
        and bystander_s < LOCK_TIMEOUT_S
        and all(status == 503 for status, _s in lock["locked"])
        and max(locked_s) < FAST_FAILURE_S
        and lock["held_throughout"]
        and lock["refused_applied"] == 0
        and lock["locked_after_release"] == 200
        and figures.get("errors") == 0
    )
    return line, holds


def _replica(results: dict) -> tuple[str, bool]:
    lag, public = results["lag"], results["public"]
    caught_up = "caught up" if lag["caught_up"] else f"{lag['behind_bytes']} bytes behind"
    line = (
        f"replica: replay lag median {lag['median_ms']} ms, max {lag['max_ms']} ms ({lag['samples']} samples "
        f"under load), {caught_up} after the load; public reads: {public['requests']} anonymous replays of "
        f"ended games ({public['answered_200']} answered 200): the games' rows read {public['replica_game_reads']} "
        f"times on the replica, {public['primary_game_reads']} on the primary (the replays' cache fills)"
    )
    holds = (
        lag["caught_up"]
        and lag["median_ms"] is not None
        and lag["median_ms"] < REPLICA_LAG_LIMIT_MS
        and public["requests"] > 0
        and public["answered_200"] == public["requests"]
        and public["replica_game_reads"] >= public["requests"]
    )
    return line, holds


def _proxy(results: dict) -> tuple[str, bool]:
    proxy = results["proxy"]
    line = (
        f"proxy: forged X-Forwarded-For from the client {CLIENT_SOURCE} counted as {proxy['through_nginx']} "
        f"through nginx (answered {proxy['status']}), as {proxy['direct_to_host']} straight to a host "
        f"(answered {proxy['direct_status']}; the client is not a trusted proxy, its header not read)"
    )
    client = [CLIENT_SOURCE]
    holds = (proxy["status"], proxy["direct_status"]) == (200, 200)
    return line, holds and proxy["through_nginx"] == client and proxy["direct_to_host"] == client


def lines(results: dict, users: int) -> list[tuple[str, bool]]:
    """(line, holds) for each phase and each check after them."""
    report, verify_ok = results["books"]
    return [
        _steady(results, "1 steady", moving=True),
        _killed(results, users),
        _frozen(results),
        _locked(results),
        _steady(results, "5 steady", moving=False),
        (
            _books(report, verify_ok),
            bool(report.get("ok")) and not report.get("lost") and not report.get("doubled") and verify_ok,
        ),
        _replica(results),
        _proxy(results),
        (
            f"celery: worker answers through the broker: {results['worker']}; beat running: {results['beat']}",
            results["worker"] and results["beat"],
        ),
    ]


def _books(report: dict, verify_ok: bool) -> str:
    if "error" in report:
        return f"books: check failed: {report['error']}"
    return (
        f"books: moves answered 200 {report['moves_ok']}, stored {report['moves_stored']}, unknown outcomes "
        f"{report['unknown']} ({report['unknown_applied']} applied), lost {len(report['lost'])}, doubled "
        f"{len(report['doubled'])}, mismatched {len(report['mismatched'])}, replay mismatches {len(report['audit'])}; "
        f"verify_deals {'clean' if verify_ok else 'FAILED'}"
    )


def report(results: dict, plan, elapsed_s: float) -> int:
    checked = lines(results, plan.users)
    verdict = all(holds for _line, holds in checked)
    text = [f"DRILL {line}  [{'PASS' if holds else 'FAIL'}]" for line, holds in checked]
    text.append(f"DRILL {'PASS' if verdict else 'FAIL'}: {plan.users} players, {elapsed_s:.0f} s in all")
    summary = "\n".join(text) + "\n"
    print("\n" + summary, end="", flush=True)
    (services.DRILL_DIR / "summary.txt").write_text(summary)
    (services.DRILL_DIR / "summary.json").write_text(json.dumps(results, indent=2, default=str))
    return 0 if verdict else 1
