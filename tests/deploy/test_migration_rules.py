"""Expand, then contract a release later (README § Production: Rolling deploys), checked on every migration.

While hosts are upgraded one by one the previous release runs on the new schema, and its models SELECT every
column they declare and INSERT without the columns they do not know. So a release's migrations may not:

- **drop** a column or table (``RemoveField``, ``DeleteModel``, a rename) that its own code stopped declaring:
  the previous release still reads it. Contract in two releases: first a state-only removal
  (``SeparateDatabaseAndState(state_operations=[RemoveField(...)])``, the column kept and nullable or with a
  database default, so the new release's INSERTs work), then, in a later migration, the database-only drop;
- **add** a NOT NULL column without a database default (``db_default``): the previous release's INSERTs fail.

The migrations below were applied everywhere before this rule; each keeps exactly the faults listed, no more.
"""

from __future__ import annotations

import pytest
from django.db import migrations, models
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.state import ModelState, ProjectState
from django.db.models import NOT_PROVIDED

PROJECT_APPS = ("accounts", "game", "leaderboards", "themes")
DROPS = (migrations.RemoveField, migrations.DeleteModel, migrations.RenameField, migrations.RenameModel)

# Applied before the rule (their releases are long deployed); a fault not listed here fails the test.
APPLIED_BEFORE_THE_RULE = {
    "accounts.0003_player_language": ["adds player.language NOT NULL without a database default"],
    "game.0004_event_vocabulary": ["drops move, which the previous release still reads"],  # renamed GameEvent
    "game.0006_verifiable_deal": ["adds game.dealer NOT NULL without a database default"],
    "game.0007_game_colours": ["adds game.colours NOT NULL without a database default"],
    "game.0011_game_rules_version": ["adds game.rules_version NOT NULL without a database default"],
    # the drill's finding: hands, stars_detail and GameEvent dropped by the release that stopped reading them
    "game.0012_game_record": [
        "adds game.record NOT NULL without a database default",
        "adds game.deals NOT NULL without a database default",
        "drops game.hands, which the previous release still reads",
        "drops game.stars_detail, which the previous release still reads",
        "drops gameevent, which the previous release still reads",
    ],
}


def _name(operation) -> str:
    if isinstance(operation, migrations.DeleteModel | migrations.RenameModel):
        return (getattr(operation, "old_name", None) or operation.name).lower()
    field = getattr(operation, "old_name", None) or operation.name
    return f"{operation.model_name}.{field}"


def _nullable(field: models.Field) -> bool:
    return field.null or field.db_default is not NOT_PROVIDED


def faults(app: str, operations: list, state: ProjectState, kept_columns: set[str]) -> list[str]:
    """What in ``operations`` (one migration of ``app``, ``state`` the schema before it) breaks the previous
    release. ``kept_columns`` holds the ``model.field``/``model`` names whose state-only removal an earlier
    migration made (the only ones a database-only drop may take); this migration's own are added to it."""
    found, removed_here = [], set()
    for operation in operations:
        if isinstance(operation, DROPS):
            found.append(f"drops {_name(operation)}, which the previous release still reads")
        elif isinstance(operation, migrations.AddField) and not _nullable(operation.field):
            found.append(f"adds {operation.model_name}.{operation.name} NOT NULL without a database default")
        elif isinstance(operation, migrations.SeparateDatabaseAndState):
            found += _contract_faults(app, operation, state, kept_columns, removed_here)
    kept_columns |= removed_here
    return found


def _contract_faults(app, operation, state, kept_columns, removed_here) -> list[str]:
    found = []
    for removal in operation.state_operations:
        if isinstance(removal, migrations.RemoveField):
            field = state.models[app, removal.model_name.lower()].fields[removal.name]
            if not _nullable(field):
                found.append(f"keeps {_name(removal)} NOT NULL without a database default: new rows cannot be written")
        if isinstance(removal, DROPS):
            removed_here.add(_name(removal))
    for drop in operation.database_operations:
        if isinstance(drop, DROPS) and _name(drop) not in kept_columns:
            found.append(f"drops {_name(drop)} without an earlier migration's state-only removal")
    return found


def project_faults() -> dict[str, list[str]]:
    loader = MigrationLoader(None, ignore_no_migrations=True)
    kept: dict[str, set[str]] = {app: set() for app in PROJECT_APPS}
    found = {}
    for app, name in _plan(loader):
        if loader.get_migration(app, name).initial:
            continue  # the first release's tables: no release before it reads them
        state = loader.project_state((app, name), at_end=False)
        if errors := faults(app, loader.get_migration(app, name).operations, state, kept[app]):
            found[f"{app}.{name}"] = errors
    return found


def _plan(loader: MigrationLoader) -> list[tuple[str, str]]:
    """The project apps' migrations in the order migrate applies them."""
    plan: list[tuple[str, str]] = []
    for leaf in loader.graph.leaf_nodes():
        plan += [node for node in loader.graph.forwards_plan(leaf) if node not in plan]
    return [node for node in plan if node[0] in PROJECT_APPS]


def test_no_migration_breaks_the_release_before_it_beyond_those_applied_before_the_rule():
    assert project_faults() == APPLIED_BEFORE_THE_RULE


def _state(**fields: models.Field) -> ProjectState:
    state = ProjectState()
    state.add_model(ModelState("game", "game", [("id", models.BigAutoField(primary_key=True)), *fields.items()]))
    return state


STATE_ONLY = migrations.SeparateDatabaseAndState(state_operations=[migrations.RemoveField("game", "hands")])
DATABASE_ONLY = migrations.SeparateDatabaseAndState(database_operations=[migrations.RemoveField("game", "hands")])


def test_a_contract_over_two_migrations_passes_and_the_drop_alone_is_refused():
    kept: set[str] = set()
    nullable = _state(hands=models.TextField(null=True))
    assert faults("game", [STATE_ONLY], nullable, kept) == []
    assert faults("game", [DATABASE_ONLY], _state(), kept) == []
    assert faults("game", [DATABASE_ONLY], _state(), set()) == [
        "drops game.hands without an earlier migration's state-only removal"
    ]


def test_a_contract_in_one_migration_is_refused():
    assert faults("game", [STATE_ONLY, DATABASE_ONLY], _state(hands=models.TextField(null=True)), set()) == [
        "drops game.hands without an earlier migration's state-only removal"
    ]


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        (models.TextField(), ["keeps game.hands NOT NULL without a database default: new rows cannot be written"]),
        (models.TextField(db_default=""), []),
    ],
)
def test_a_state_only_removal_leaves_a_column_new_rows_can_skip(field, expected):
    assert faults("game", [STATE_ONLY], _state(hands=field), set()) == expected


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        (models.IntegerField(default=0), ["adds game.level NOT NULL without a database default"]),
        (models.IntegerField(db_default=0), []),
        (models.IntegerField(null=True), []),
    ],
)
def test_an_added_column_lets_the_previous_release_insert(field, expected):
    assert faults("game", [migrations.AddField("game", "level", field)], _state(), set()) == expected
