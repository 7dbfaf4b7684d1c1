"""A game file that cannot be read is refused in the reader's language: the restore screen words the ledger's
problem (a code and its parameters) in Persian or Japanese, with the language's digits, while ``referee tally``
prints the same English line as ever."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from referee.cli import main
from referee.games.rummy.ledger.exchange import GameFileError, read_game_file, rules_problem
from referee.ledger import store
from referee.rules.catalogue import VARIANTS
from referee.rules.problems import RulesError
from referee.rules.variants import DealOutOfRangeError, HouseRuleError, UnknownVariantError
from tests.html_forms import Forms
from tests.web.screens.test_backup import rows

P4 = ["Ana", "Beto", "Caro", "Dani"]
KNOWN = ", ".join(VARIANTS)


def game(**changes: Any) -> bytes:
    data: dict[str, Any] = {"format": "referee-game/1", "variant": "telefunken", "players": P4,
                            "first_dealer": "Ana", "deals": [{"went_out": "Ana", "hands": {"Beto": 5}}]}
    data.update(changes)
    return json.dumps({k: v for k, v in data.items() if v is not None}).encode()


ZS = "'" + "z" * 56 + "..."  # a long text as a refusal quotes it: its repr, cut to 60 characters

#: (what is wrong, the file, the English line, the Persian reason, the Japanese reason)
BAD_FILES: list[tuple[str, bytes, str, str, str]] = [
    ("not JSON", b"not json at all",
     "the file is not JSON: Expecting value (line 1, column 1)",
     "فایل JSON نیست: اینجا یک مقدار لازم است (سطر ۱، ستون ۱)",
     "ファイルが JSON ではありません: 値が必要です（1行目、1列目）"),
    ("the wrong format", b'{"format": "something-else/2"}',
     "not a referee-game/1 file: \"format\" is 'something-else/2'",
     "این فایل referee-game/1 نیست: \"format\" برابر 'something-else/2' است",
     "referee-game/1 のファイルではありません: \"format\" が 'something-else/2' です"),
    ("a missing field", game(players=None, first_dealer=None),
     '"players" must be a list of names, not None',
     '"players" باید فهرستی از نام‌ها باشد، نه None',
     '"players" は名前のリストにしてください（None ではありません）'),
    ("a text too long", game(abandoned="z" * 2500),
     f"a text of 2500 characters ({ZS}): at most 2000",
     f"متنی با ۲۵۰۰ نویسه ({ZS}): حداکثر ۲۰۰۰",
     f"2500文字のテキスト（{ZS}）: 2000文字までです"),
    ("a number too big", game(settings={"small_stake": 10**10}),
     "the number 10000000000 is beyond what a game file holds (1,000,000,000)",
     "عدد 10000000000 از حدی که فایل بازی نگه می‌دارد (۱۰۰۰۰۰۰۰۰۰) بیشتر است",
     "数 10000000000 はゲームのファイルに入れられる範囲（1,000,000,000）を超えています"),
    ("an unknown variant", game(variant="canasta"),
     f"unknown variant 'canasta' (known: {KNOWN})",
     f"نسخه ناشناخته بازی 'canasta' (نسخه‌های شناخته‌شده: {KNOWN})",
     f"不明なバリエーション 'canasta'（あるのは {KNOWN}）"),
    ("too many players", game(players=[f"P{i}" for i in range(20)], first_dealer="P0"),
     "20 players: Telefunken (Venezuela) takes 3 to 5 (12 at most with the table's override)",
     "۲۰ بازیکن: تلفونکن (ونزوئلا) را ۳ تا ۵ بازیکن بازی می‌کنند (اگر جمع قبول کند، حداکثر ۱۲)",
     "20人: テレフンケン（ベネズエラ） のプレイヤーは3〜5人です（テーブルで認めても12人まで）"),
    ("a hand that is not cards", game(deals=[{"went_out": "Ana", "hands": {"Beto": "KH ZZ"}}]),
     "deal 1, Beto's hand 'KH ZZ': 'ZZ' is not a card (write it like 7H, 10♠, QD or JK)",
     "دست ۱، کارت‌های Beto 'KH ZZ': 'ZZ' کارت نیست (آن را مثل 7H، 10♠، QD یا JK بنویسید)",
     "第1ディール、Beto の手札 'KH ZZ': 'ZZ' はカードではありません（7H、10♠、QD、JK のように書いてください）"),
    ("a count too big", game(deals=[{"buys": {"Beto": 13}, "went_out": "Ana", "hands": {}}]),
     'deal 1 "buys" of Beto must be a whole number from 0 to 12, not 13',
     'دست ۱ "buys" برای Beto باید عددی صحیح از ۰ تا ۱۲ باشد، نه 13',
     '第1ディールの Beto の "buys" は0から12までの整数にしてください（13 ではありません）'),
    ("a house rule's value out of range", game(house_rules={"chips": -3}),
     "house rule 'chips' cannot be -3: it takes a whole number of at least 0",
     "قانون خانگی 'chips' نمی‌تواند -3 باشد: مقدارش باید عددی صحیح و دست‌کم ۰ باشد",
     "ハウスルール 'chips' は -3 にできません: 使えるのは0以上の整数です"),
]
IDS = [case[0] for case in BAD_FILES]
#: How the restore screen puts a reason in its sentence, in each language.
CANNOT = {"fa": "این فایل را نمی‌شود برگرداند: {}.", "ja": "このファイルは復元できません: {}。"}


def problems_shown(client: FlaskClient, content: bytes) -> list[str]:
    """Upload ``content`` on the restore screen: the refusals it shows, as the reader sees them."""
    page = client.get("/games/restore").get_data(as_text=True)
    data = {**Forms(page).form(""), "game_file": (io.BytesIO(content), "game.json")}
    response = client.post("/games/restore", data=data, content_type="multipart/form-data")
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    shown = re.search(r'data-testid="restore-problems">(.*?)</div>', body, re.S)
    assert shown is not None, body[-1500:]
    return [html.unescape(p) for p in re.findall(r"<p>(.*?)</p>", shown.group(1), re.S)]


@pytest.mark.parametrize(("content", "english"), [c[1:3] for c in BAD_FILES], ids=IDS)
def test_the_ledger_refuses_with_a_problem_whose_english_is_the_line_it_always_was(
    content: bytes, english: str
) -> None:
    with pytest.raises(GameFileError) as caught:
        read_game_file(content)
    assert str(caught.value) == caught.value.problem.message == english
    assert caught.value.problem.code.startswith("file-")


@pytest.mark.parametrize(("content", "english", "persian", "japanese"), [c[1:] for c in BAD_FILES], ids=IDS)
def test_the_restore_screen_says_why_in_persian_and_japanese(
    client: FlaskClient, app: Flask, content: bytes, english: str, persian: str, japanese: str
) -> None:
    before = rows(app)
    for language, reason in (("fa", persian), ("ja", japanese)):
        client.set_cookie("lang", language)
        shown = problems_shown(client, content)
        assert shown == [CANNOT[language].format(reason)]
        assert english not in shown[0]
        assert "cannot be restored" not in shown[0]
    client.set_cookie("lang", "en")
    assert problems_shown(client, content) == [f"This file cannot be restored: {english}."]
    assert rows(app) == before


@pytest.mark.parametrize(("content", "english"), [c[1:3] for c in BAD_FILES], ids=IDS)
def test_referee_tally_prints_the_english_line(tmp_path: Path, content: bytes, english: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    result = CliRunner().invoke(main, ["tally", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"{path}: {english}\n"


def test_a_rules_error_past_the_file_is_refused_in_the_page_language(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refusal of the engine's while the game is written is said in the page's language, never in the engine's
    English: by its problem where it carries one (here a deal out of range), else as the generic problem."""
    variant = VARIANTS["telefunken"]
    refusal: RulesError = DealOutOfRangeError("no-such-deal", variant=variant.named, count=7, deal=9)

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise refusal

    monkeypatch.setattr(store, "restore_game", refuse)
    client.set_cookie("lang", "ja")
    assert problems_shown(client, game()) == ["ファイルの内容どおりのゲームはルール上認められません:",
                                              "テレフンケン（ベネズエラ） は全7ディールです: 第9ディールはありません"]
    client.set_cookie("lang", "fa")
    assert problems_shown(client, game())[1] == "تلفونکن (ونزوئلا) ۷ دست دارد: دست ۹ وجود ندارد"
    refusal = RulesError("an engine refusal that carries no problem")
    client.set_cookie("lang", "ja")
    assert problems_shown(client, game())[1] == "このファイルの内容はルールでは読み取れません"
    client.set_cookie("lang", "fa")
    assert problems_shown(client, game())[1] == "قوانین نمی‌توانند آنچه را این فایل می‌گوید بخوانند"
    assert rows(app)["game"] == 0


def test_rules_problem_names_the_variant_and_house_rule_or_says_it_generically() -> None:
    unknown = rules_problem(UnknownVariantError("canasta", VARIANTS))
    assert (unknown.key, str(unknown)) == ("file-unknown-variant", f"unknown variant 'canasta' (known: {KNOWN})")
    assert unknown.as_dict() == {"variant": "canasta", "known": KNOWN}
    telefunken = VARIANTS["telefunken"]
    with pytest.raises(HouseRuleError) as refused:
        telefunken.with_house_rules({"exact_cut_reward": "cake"})
    choice = rules_problem(refused.value, telefunken)
    assert str(choice) == ("house rule 'exact_cut_reward' cannot be 'cake': it takes one of chip, minus-25, "
                           "minus-50, erase-previous, none")
    assert rules_problem(refused.value).key == "file-rules-error"  # without the variant, what it takes is unknown
    past = DealOutOfRangeError("no-such-deal", variant=telefunken.named, count=7, deal=9)
    assert rules_problem(past) is past.problem
    assert rules_problem(RulesError("an engine refusal that carries no problem")).key == "file-rules-error"
