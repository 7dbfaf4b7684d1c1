"""Names people can tell apart: cleaned at the input, refused by the ledger when they would look the same."""

from __future__ import annotations

import pytest

from referee.games.rummy.ledger.events import GameCreated, PlayerRenamed
from referee.games.rummy.ledger.state import EventRefused, apply, start
from referee.ledger.names import MAX_NAME_LENGTH, clean_name, looks_like, name_problems

JOSE_NFC, JOSE_NFD = "Jos\u00e9", "Jose\u0301"

LOOK_ALIKE = [
    # (what it is, the name already playing, the new name)
    ("Cyrillic А beside Latin A", "Ana", "\u0410na"),
    ("Greek omicron for o", "Toto", "T\u03bfto"),
    ("fullwidth letters", "Ana", "\uff21\uff4e\uff41"),
    ("rn for m", "Sam", "Sarn"),
    ("zero for O", "OTTO", "0TT0"),
    ("capital I for small l", "lan", "Ian"),
    ("a dotless ı beside capital I", "Iris", "\u0131ris"),
    ("a dotless ı beside small i", "iris", "\u0131ris"),
    ("a dotless ı beside capitals", "IRIS", "\u0131ris"),
    ("mathematical bold letters", "Ana", "\U0001d400\U0001d427\U0001d41a"),
]

CLEANED = [
    # (what it is, as typed, as kept)
    ("a zero-width space", "Ana\u200b", "Ana"),
    ("zero-width joiner and non-joiner", "A\u200dn\u200ca", "Ana"),
    ("a byte-order mark", "\ufeffAna", "Ana"),
    ("a right-to-left override", "Ana\u202eoteB", "AnaoteB"),
    ("bidi isolates", "\u2066Ana\u2069", "Ana"),
    ("an ANSI colour and clear-screen", "\x1b[2J\x1b[31mAna\x1b[0m", "Ana"),
    ("an OSC title escape", "\x1b]0;owned\x07Ana", "Ana"),
    ("a one-byte CSI", "\x9b31mAna", "Ana"),
    ("a NUL and a bell", "A\x00na\x07", "Ana"),
    ("NFD accents", JOSE_NFD, JOSE_NFC),
    ("spaces of every kind", " Ana\u00a0\u3000 Beto\t", "Ana Beto"),
    ("a Hangul filler (an 'invisible name')", "\u3164", ""),
    ("braille blank", "\u2800\u2800", ""),
    ("nothing but a zero-width space", "\u200b", ""),
    ("a soft hyphen", "An\u00ada", "Ana"),
]


@pytest.mark.parametrize(("typed", "kept"), [c[1:] for c in CLEANED], ids=[c[0] for c in CLEANED])
def test_clean_name(typed: str, kept: str) -> None:
    assert clean_name(typed) == kept
    assert clean_name(kept) == kept


@pytest.mark.parametrize(("first", "second"), [c[1:] for c in LOOK_ALIKE], ids=[c[0] for c in LOOK_ALIKE])
def test_look_alike_names_are_refused_at_creation_saying_which(first: str, second: str) -> None:
    second = clean_name(second)  # what every input does first
    assert looks_like(first, second)
    with pytest.raises(EventRefused) as refused:
        start(GameCreated(variant="telefunken", players=(first, "Beto", second), first_dealer="Beto"))
    assert [p.code for p in refused.value.problems] == ["names-look-alike"]
    assert refused.value.problems[0].message == f"«{second}» looks the same as «{first}»"
    assert not refused.value.forcible  # no override gets two look-alike names into one game


@pytest.mark.parametrize(("first", "second"), [c[1:] for c in LOOK_ALIKE], ids=[c[0] for c in LOOK_ALIKE])
def test_look_alike_names_are_refused_at_rename(first: str, second: str) -> None:
    state = start(GameCreated(variant="telefunken", players=(first, "Beto", "Caro"), first_dealer="Beto"))
    with pytest.raises(EventRefused) as refused:
        apply(state, PlayerRenamed(old="Caro", new=clean_name(second)))
    assert refused.value.problems[0].message == f"«{clean_name(second)}» looks the same as «{first}»"


def test_jose_typed_two_ways_is_one_name() -> None:
    """NFD José is cleaned to NFC at the input: the same name twice; raw NFD never enters the ledger."""
    assert looks_like(JOSE_NFC, JOSE_NFD)
    assert clean_name(JOSE_NFD) == JOSE_NFC
    names = [JOSE_NFC, "Beto", clean_name(JOSE_NFD)]
    assert [p.message for p in name_problems(names)] == ["two players are called josé: give them different names"]
    assert [p.code for p in name_problems([JOSE_NFC, "Beto", JOSE_NFD])] == ["name-unclean"]


def test_the_issues_example_word_for_word() -> None:
    assert [p.message for p in name_problems(["Ana", "Beto", "\u0410na"])] == ["«Аna» looks the same as «Ana»"]


@pytest.mark.parametrize("typed", ["Ana\u200b", "\x1b[31mAna", "Ana\u202e", JOSE_NFD, " Ana"],
                         ids=["zero-width", "ansi", "bidi", "nfd", "leading space"])
def test_unclean_names_never_enter_the_ledger(typed: str) -> None:
    with pytest.raises(EventRefused) as refused:
        start(GameCreated(variant="telefunken", players=(typed, "Beto", "Caro"), first_dealer="Beto"))
    problem = refused.value.problems[0]
    assert problem.code == "name-unclean"
    assert not refused.value.forcible
    assert problem.param("name") == clean_name(typed)  # the message shows nothing invisible


@pytest.mark.parametrize("typed", ["\u3164", "\u200b\u200b", "\x1b[0m", "   "], ids=["filler", "zwsp", "ansi", "blank"])
def test_invisible_names_are_empty(typed: str) -> None:
    with pytest.raises(EventRefused) as refused:
        start(GameCreated(variant="telefunken", players=(typed, "Beto", "Caro"), first_dealer="Beto"))
    assert [p.code for p in refused.value.problems] == ["empty-name"]


def test_names_that_differ_are_welcome() -> None:
    names = ("Ana", "Anna", "Ána", "Ян", "Beto", "Li", "李")
    assert name_problems(names) == []
    state = start(GameCreated(variant="telefunken-peru-carrillo", players=names, first_dealer="Ana"))
    assert apply(state, PlayerRenamed(old="Ana", new="ANA")).players[0] == "ANA"  # one's own name, recased


def test_a_name_has_a_bounded_length() -> None:
    assert [p.code for p in name_problems(["A" * (MAX_NAME_LENGTH + 1), "Beto"])] == ["name-too-long"]
    assert name_problems(["A" * MAX_NAME_LENGTH, "Beto"]) == []


def test_the_same_name_twice_keeps_its_words() -> None:
    assert [p.message for p in name_problems(["Ana", "Ana", "Beto"])] == [
        "two players are called ana: give them different names"]
    assert [p.message for p in name_problems(["Ana", "Beto", "Ana"], changed=2)] == [
        "Ana is already playing in this game"]


def test_a_seat_added_is_checked_against_every_other() -> None:
    """The call a seat addition makes: the names after it, and the new seat."""
    assert [p.code for p in name_problems(["Ana", "Beto", "B\u0435to"], changed=2)] == ["names-look-alike"]
    assert name_problems(["Ana", "Beto", "Caro"], changed=2) == []
