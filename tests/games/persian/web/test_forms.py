"""The Persian games' forms (referee/games/persian/web/forms.py): what each reads from what was posted — its
shape only (a whole number, one of the offered values, a tidied name); the rules judge the rest."""

from __future__ import annotations

from flask import Flask

from referee.games.persian.web import forms

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.forms",)


def test_a_hokm_result_is_a_team_and_the_losers_tricks_or_a_bam(app: Flask) -> None:
    cases = {"a:3": (0, 3, False), "b:0": (1, 0, False), "b:bam": (1, 0, True), "a:۵": (0, 5, False),
             "c:1": None, "a:-1": None, "a:": None, "a:100": None, "3": None, "": None}
    for sent, expected in cases.items():
        with app.test_request_context("/", method="POST", data={"result": sent}):
            assert forms.HokmHandForm().outcome() == expected, sent


def test_a_hand_number_is_a_whole_number_from_1(app: Flask) -> None:
    for sent, expected in {"4": 4, " 12 ": 12, "0": None, "-2": None, "four": None, "": None}.items():
        with app.test_request_context("/", method="POST", data={"hand": sent}):
            assert forms.RedealForm().hand_number == expected, sent


def test_the_new_game_form_tidies_the_names_and_keeps_a_key_we_could_have_given(app: Flask) -> None:
    data = {"players-0": "  Ana  ", "players-1": "Bahram   Jan", "players-2": "", "idempotency_key": "abcd-1234"}
    with app.test_request_context("/", method="POST", data=data):
        form = forms.NewPersianGameForm()
        assert form.names() == ["Ana", "Bahram Jan", ""]
        assert form.creation_key() == "abcd-1234"
    for key in ("short", "<script>alert(1)</script>", "x" * 65):
        with app.test_request_context("/", method="POST", data={"idempotency_key": key}):
            assert forms.NewPersianGameForm().creation_key() is None, key


def test_what_is_posted_for_each_seat_is_read_by_seat(app: Flask) -> None:
    with app.test_request_context("/", method="POST", data={"bids-0": "3", "bids-2": "4", "bids-9": "5"}):
        form = forms.QahveHandForm()
        assert forms.per_seat(form, "bids", 4) == ["3", "", "4", ""]  # a missing seat shifts nothing


def test_numbers_names_and_choices_of_the_other_forms(app: Flask) -> None:
    with app.test_request_context("/", method="POST", data={"bid": "120", "points": "1e3", "new": " Kourosh  Jan "}):
        shelem = forms.ShelemHandForm()
        assert (shelem.number(shelem.bid), shelem.number(shelem.points)) == (120, None)
        assert forms.RenameForm().new_name() == "Kourosh Jan"
        tally = forms.TallyHandForm()
        forms.set_players(tally.player, ["Ana", "Bahram"])
        assert [(choice.value, choice.label) for choice in tally.player.choices] == [("Ana", "Ana"),
                                                                                      ("Bahram", "Bahram")]
