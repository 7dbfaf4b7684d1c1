"""The registry of families (referee/families.py): a game's family found by its variant id and a file's by its
format, the fallbacks to the first family, and the claims a second family may not make.

tests/families/ plays a whole minimal family through the core; this module asks the registry itself, with the two
families referee ships (docs/table-games.md: contract rummy's variants and the Persian games)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from referee import families
from referee.families import Family, UnknownFamilyError

#: (variant id as a game or a form may write it, the family that plays it).
VARIANTS = [
    ("telefunken", "rummy"),
    ("shanghai", "rummy"),
    ("progressive-rummy", "rummy"),
    (" Telefunken ", "rummy"),  # trimmed and lowercased, as the engines read ids
    ("FARMERS-RUMMY", "rummy"),
    ("hokm", "persian"),
    ("shelem-two", "persian"),
    ("bi-del", "persian"),
]


def test_the_known_families_load_in_their_order() -> None:
    assert [family.id for family in families.families()][:2] == ["rummy", "persian"]
    assert families.family_named("persian").file_format == "referee-table-game/1"


@pytest.mark.parametrize(("variant", "family_id"), VARIANTS)
def test_a_variant_is_played_by_its_family(variant: str, family_id: str) -> None:
    assert families.family_of(variant).id == family_id
    assert families.family_for(variant).id == family_id


@pytest.mark.parametrize(("file_format", "family_id"), [("referee-game/1", "rummy"),
                                                       ("referee-table-game/1", "persian")])
def test_a_file_format_is_read_by_the_family_that_writes_it(file_format: str, family_id: str) -> None:
    assert families.family_of_format(file_format).id == family_id
    assert families.family_for_file({"format": file_format, "anything": "else"}).id == family_id


@pytest.mark.parametrize(("ask", "quoted"), [
    (lambda: families.family_of("canasta"), "'canasta'"),
    (lambda: families.family_of_format("referee-game/2"), "'referee-game/2'"),
    (lambda: families.family_named("bridge"), "'bridge'"),
])
def test_an_unknown_name_is_an_error_that_quotes_it(ask: Callable[[], object], quoted: str) -> None:
    with pytest.raises(UnknownFamilyError, match=quoted):
        ask()


@pytest.mark.parametrize("data", [{"format": "referee-game/9"}, {}, ["format"], "referee-game/1", None])
def test_a_file_of_no_known_format_goes_to_the_first_family_to_be_refused(data: object) -> None:
    assert families.family_for_file(data) is families.families()[0]


def test_an_unknown_variant_goes_to_the_first_family_to_be_refused() -> None:
    assert families.family_for("canasta") is families.families()[0]


def test_a_family_registered_again_changes_nothing() -> None:
    rummy = families.family_named("rummy")
    before = families.families()
    assert families.register(rummy) is rummy
    assert families.families() == before


@pytest.mark.parametrize(("changes", "refusal"), [
    ({}, "a family 'rummy' is registered already"),
    ({"id": "other"}, "belong to the family 'rummy'"),
    ({"id": "other", "variant_ids": ("other-rummy",)}, "the file format 'referee-game/1' belongs to the family"),
])
def test_a_second_claim_on_an_id_a_variant_or_a_format_is_refused(changes: dict[str, object], refusal: str) -> None:
    claim = dataclasses.replace(families.family_named("rummy"), **changes)
    try:
        with pytest.raises(ValueError, match=refusal):
            families.register(claim)
        assert [family.id for family in families.families()][:2] == ["rummy", "persian"]
        assert "other" not in [family.id for family in families.families()]
    finally:
        if claim.id == "other":
            families.unregister("other")


def test_the_optional_parts_leave_an_event_and_a_state_as_they_are() -> None:
    bare: Family = dataclasses.replace(families.family_named("rummy"), winners=None, with_override=None,
                                       with_device=None)
    event = object()
    assert bare.winners_of("any state") == ()
    assert bare.overridden(event, "the table allows it") is event
    assert bare.from_device(event, "phone") is event
    assert bare.plays("telefunken")
    assert not bare.plays("hokm")
