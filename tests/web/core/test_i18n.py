"""Languages: every catalogue (Spanish, Persian, Japanese) is complete and current, its placeholders match, and
the verdicts are worded."""

from __future__ import annotations

import re
import string
from dataclasses import replace
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import force_locale

from referee.games.rummy.web import wording
from referee.rules import wording as engine_wording
from referee.rules.cards import Suit
from referee.rules.problems import Problem
from referee.rules.variants import MeldKind, Requirement
from referee.rules.wording import MELD_PREFIX, MESSAGES, SETTING_WORDS, WILD_LIMIT_WORDS, BuyToken, Count, Noun, Setting
from referee.web.core import catalogues
from referee.web.core.i18n import DEFAULT_LANGUAGE, LANG_COOKIE, LANGUAGES, asked_language, current_language

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.web.core.catalogues",)

ROOT = Path(__file__).resolve().parents[3]

#: Every language the screens speak but English, the language of the code: each has its catalogue.
TRANSLATED = sorted(code for code in LANGUAGES if code != DEFAULT_LANGUAGE)
KEYWORDS = {
    "_": None,
    "N_": None,  # referee/rules/wording.py: the engine's sentences
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "lazy_gettext": None,
    "_l": None,  # forms.py: lazy_gettext as _l
    "lazy_ngettext": (1, 2),
    "lazy_pgettext": ((1, "c"), 2),
}
PYTHON_FORMAT = re.compile(r"%\((\w+)\)[sd]")


def catalogue(language: str = "es"):  # type: ignore[no-untyped-def]
    with (ROOT / "translations" / language / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=language)


def sources() -> set[tuple[str | None, str]]:
    """Every (context, msgid) the code, the templates and the engine's texts hold now (as pybabel extracts them)."""
    method_map = [
        ("referee/rules/variants.py", "referee.games.rummy.web.wording:extract"),
        ("referee/**.py", "python"),
        ("templates/**.html", "jinja2"),
    ]
    found: set[tuple[str | None, str]] = set()
    for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, keywords=KEYWORDS):
        msgid = message[0] if isinstance(message, tuple) else message
        if msgid:
            found.add((context, msgid))
    return found


def brace_fields(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return set()


# ---- the catalogue --------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_entry_is_translated_and_none_is_fuzzy(language: str) -> None:
    untranslated, fuzzy = [], []
    for message in catalogue(language):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            untranslated.append(message.id)
        if message.fuzzy:
            fuzzy.append(message.id)
    assert untranslated == []
    assert fuzzy == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogue_holds_every_text_of_the_code_and_templates(language: str) -> None:
    """A new text without its translation fails here: refresh the catalogues (translations/README.md), translate."""
    held = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalogue(language) if m.id}
    missing = sorted(sources() - held, key=str)
    assert missing == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_their_placeholders(language: str) -> None:
    for message in catalogue(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted_percent = set(PYTHON_FORMAT.findall(ids[-1])) | set(PYTHON_FORMAT.findall(ids[0]))
        wanted_brace = brace_fields(ids[0])
        for text in strings:
            # A plural's singular may leave the number out ("una ficha"), never any other placeholder.
            assert set(PYTHON_FORMAT.findall(text)) | {"num"} >= wanted_percent - {"num"}, (message.id, text)
            assert set(PYTHON_FORMAT.findall(text)) <= wanted_percent, (message.id, text)
            assert brace_fields(text) == wanted_brace, (message.id, text)


# ---- verdicts -------------------------------------------------------------------------------------------


def engine_sentences() -> list[str]:
    """Every sentence the engine and the ledger can say, and the words they fill in (referee.rules.wording)."""
    return [*MESSAGES.values(), MELD_PREFIX, *WILD_LIMIT_WORDS.values(), *SETTING_WORDS.values()]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_sentence_of_the_engine_and_the_ledger_has_its_translation(language: str) -> None:
    held = {m.id: m for m in catalogue(language) if m.id and m.context is None}
    missing = [text for text in engine_sentences() if text not in held or not held[text].string]
    fuzzy = [text for text in engine_sentences() if text in held and held[text].fuzzy]
    assert missing == []
    assert fuzzy == []


def test_a_problem_without_a_sentence_cannot_be_made() -> None:
    """Every code the engine can give has its wording: a problem is refused the moment it has none."""
    with pytest.raises(KeyError):
        Problem.of("brand-new-rule", player="Ana")
    with pytest.raises(KeyError):
        Problem.of("game-over", "no-such-form")


PROBLEM = Problem.of("no-chips-left", player="Ana", token=BuyToken.CHIP, limit=7)


def test_word_in_english(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert wording.problem_words(PROBLEM) == "Ana has no chips left (each player has 7 for the game)"
    assert str(PROBLEM) == "Ana has no chips left (each player has 7 for the game)"


def test_word_in_spanish_translates_the_engine_words_too(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert wording.problem_words(PROBLEM) == "a Ana no le quedan fichas (cada jugador tiene 7 para toda la partida)"
        run = Problem.of(
            "size-below-minimum", count=5, requirement=Requirement(MeldKind.RUN, 7, or_more=True), deal=7, size=7
        )
        assert wording.problem_words(run) == "5 cartas en escalera de 7 o más: la mano 7 pide al menos 7"
        jokers = Problem.of("wilds-mixed-in-set", wilds=Count(2, Noun.JOKER), variant="Telefunken")
        assert wording.problem_words(jokers).startswith("dos comodines ")


def test_a_variant_named_in_a_verdict_is_named_in_the_page_language(app: Flask) -> None:
    """The engine names a variant by a structured parameter (its name), which each page says in its language."""
    no_buying = Problem.of("no-buying", variant=engine_wording.VariantName("Telefunken (Peru, version 2)"))
    assert str(no_buying) == "Telefunken (Peru, version 2) has no buying"
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        assert wording.problem_words(no_buying) == "テレフンケン（ペルー、第2版） にはバイがありません"
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert wording.problem_words(no_buying) == "en Telefunken (Perú, versión 2) no se compra"


def test_word_keeps_a_numbered_meld_prefix(app: Flask) -> None:
    inner = Problem.of("mixed-suits", suits=(Suit.HEARTS, Suit.SPADES))
    numbered = replace(inner, params=(*inner.params, ("meld", 2)), numbered=True)
    assert str(numbered) == "meld 2: a run needs cards of one suit, not ♥ and ♠"
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert wording.problem_words(numbered) == "juego 2: una escalera necesita cartas de un solo palo, no ♥ y ♠"


def test_word_says_the_form_of_the_code(app: Flask) -> None:
    over = Problem.of("game-over", count=7)
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert wording.problem_words(over) == "la partida terminó: ya se jugaron las 7 manos"
        assert wording.problem_words(Problem.of("game-over", "leave")) != wording.problem_words(over)


def test_names_settings_and_cards_are_worded_in_the_page_language(app: Flask) -> None:
    """A list of names or cards is joined as the language joins a list; a setting is named by its id."""
    unknown = Problem.of("unknown-player", name="Zoe", players=("Ana", "Beto", "Caro"))
    setting = Problem.of("bad-setting", key=Setting("large_stake"), value="'-3'")
    swap = Problem.of("swap-wrong-card", card="9♣", stands=("8♣", "10♣"))
    assert str(unknown) == "Zoe is not playing in this game (the players are Ana, Beto and Caro)"
    assert str(setting) == "the large stake must be an amount of at least 0, not '-3'"
    assert str(swap) == "9♣ is not the card a wild stands for in this run (it stands for 8♣ and 10♣)"
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert wording.problem_words(unknown) == "Zoe no juega en esta partida (los jugadores son Ana, Beto y Caro)"
        assert wording.problem_words(setting) == "la apuesta mayor debe ser un monto de 0 o más, no '-3'"
        assert wording.problem_words(swap) == (
            "9♣ no es la carta que reemplaza el comodín de esta escalera (reemplaza a 8♣ y 10♣)"
        )


# ---- pages in Spanish, and the compiled catalogue ----------------------------------------------------


def test_the_rules_card_speaks_spanish(client: FlaskClient) -> None:
    html = client.get("/rules/telefunken", headers={"Accept-Language": "es-AR,es;q=0.9"}).get_data(as_text=True)
    assert "Manos y contratos" in html
    assert "1 trío limpio" in html
    assert "1 trío y 1 escalera de 7 o más — salir de una sola vez" in html
    assert "Cada jugador tiene 7 fichas para toda la partida." in html
    # The engine's own prose is translated as well.
    assert "El juego base: 7 manos" in html


def test_the_language_switch_cookie_wins(client: FlaskClient) -> None:
    client.set_cookie("lang", "es")
    html = client.get("/rules/shanghai", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Valor de las cartas" in html


def test_catalogues_are_compiled_into_the_instance_folder(app: Flask) -> None:
    mo = Path(app.instance_path) / "translations" / "es" / "LC_MESSAGES" / "messages.mo"
    assert mo.is_file()
    # Nothing is written into the repository.
    assert not (ROOT / "translations" / "es" / "LC_MESSAGES" / "messages.mo").exists()


def test_compiling_again_only_when_the_po_changed(tmp_path: Path) -> None:
    source = tmp_path / "src"
    (source / "es" / "LC_MESSAGES").mkdir(parents=True)
    po = source / "es" / "LC_MESSAGES" / "messages.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: es\\n"\n\nmsgid "Live"\nmsgstr "En vivo"\n', encoding="utf-8")
    target = tmp_path / "out"
    assert catalogues.compile_catalogues(source, target) == [target / "es" / "LC_MESSAGES" / "messages.mo"]
    assert catalogues.compile_catalogues(source, target) == []
    mo = target / "es" / "LC_MESSAGES" / "messages.mo"
    import os

    os.utime(po, (mo.stat().st_mtime + 10, mo.stat().st_mtime + 10))
    assert catalogues.compile_catalogues(source, target) == [mo]


@pytest.mark.parametrize("path", ["/rules/telefunken", "/rules"])
def test_english_pages_have_no_spanish(client: FlaskClient, path: str) -> None:
    html = client.get(path, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Manos y contratos" not in html


# ---- Persian and Japanese ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("es", "Se reparten 11 cartas a cada jugador."),
        ("fa", "به هر بازیکن ۱۱ کارت داده می‌شود."),
        ("ja", "各プレイヤーに11枚ずつ配ります。"),
    ],
)
def test_a_plural_message_is_translated_in_every_language(client: FlaskClient, language: str, says: str) -> None:
    """Japanese and Persian have one plural form: the catalogue's own rule picks it, not English's."""
    client.set_cookie("lang", language)
    html = client.get("/rules/telefunken").get_data(as_text=True)
    assert says in html


@pytest.mark.parametrize(
    ("language", "minus_25", "deal_12", "chips_7"),
    [
        ("en", "-25", "Deal 12", "7 chips"),
        ("es", "-25", "Mano 12", "7 fichas"),
        ("fa", "\u200e−۲۵", "دست ۱۲", "۷ چیپ"),  # Persian's minus sign: a left-to-right mark keeps it before the number
        ("ja", "-25", "第12ディール", "ポーカーチップ7枚"),
    ],
)
def test_numbers_are_written_in_the_language_digits(
    app: Flask, language: str, minus_25: str, deal_12: str, chips_7: str
) -> None:
    from flask_babel import gettext, ngettext

    from referee.web.core.i18n import number

    with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
        assert number(-25) == minus_25
        assert gettext("Deal %(number)d", number=12) == deal_12
        assert ngettext("%(num)d chip", "%(num)d chips", 7) == chips_7


def test_a_template_message_is_filled_in_persian_digits_and_escaped(app: Flask) -> None:
    with app.test_request_context("/", headers={"Cookie": "lang=fa"}):
        template = app.jinja_env.from_string(
            "{{ _('Deal %(number)d', number=n) }} {{ n|num }} {{ _('%(player)s deals first', player=name) }}"
        )
        assert template.render(n=3, name="<b>") == "دست ۳ ۳ اول &lt;b&gt; پخش می‌کند"


def test_persian_pages_are_written_right_to_left(client: FlaskClient) -> None:
    client.set_cookie("lang", "fa")
    assert '<html lang="fa" dir="rtl">' in client.get("/").get_data(as_text=True)
    client.set_cookie("lang", "ja")
    assert '<html lang="ja" dir="ltr">' in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("fa", "Ana دیگر چیپ ندارد (هر بازیکن برای کل بازی ۷ تا دارد)"),
        ("ja", "Ana にはもうポーカーチップが残っていません（1人あたりゲーム全体で7まで）"),
    ],
)
def test_the_engine_sentences_write_their_numbers_in_the_language_digits(
    app: Flask, language: str, says: str
) -> None:
    with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
        assert wording.problem_words(PROBLEM) == says


def test_the_ledger_says_a_bad_hand_with_its_card_and_counts_not_english_fragments(app: Flask) -> None:
    copies = Problem.of("too-many-copies", "hands", count=9, card="K", available=8)
    bad = Problem.of("bad-cards", "cards", player="Ana", cards="7X 8H", token="7X")
    assert str(copies) == (
        "the hands hold 9 copies of K, but the cards in play hold only 8: that cannot happen at the table"
    )
    with app.test_request_context("/", headers={"Cookie": "lang=fa"}):
        assert wording.problem_words(copies) == (
            "در کارت‌های دست بازیکن‌ها ۹ عدد K هست، اما در کارت‌های بازی فقط ۸ عدد هست: چنین چیزی سر میز پیش نمی‌آید"
        )
        assert wording.problem_words(bad) == "کارت‌های Ana '7X 8H': '7X' کارت نیست (آن را مثل 7H، 10♠، QD یا JK بنویسید)"


def test_my_games_dates_are_written_in_the_language_digits(client: FlaskClient, app: Flask) -> None:
    from datetime import date

    from tests.games.rummy.web.table.test_table import new_game

    new_game(client, app)
    today = date.today()
    client.set_cookie("lang", "fa")
    html = client.get("/games").get_data(as_text=True)
    shown = re.search(r'data-testid="game-date">([^<]+)<', html)
    assert shown is not None
    persian = str(today.day).translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    assert persian in shown.group(1)
    assert str(today.year) not in shown.group(1)
    client.set_cookie("lang", "en")
    english = re.search(r'data-testid="game-date">([^<]+)<', client.get("/games").get_data(as_text=True))
    assert english is not None
    assert str(today.year) in english.group(1)


@pytest.mark.parametrize(("cookie", "accepted", "language"), [
    ("", "", "en"),
    ("", "es-VE,es;q=0.9,en;q=0.5", "es"),
    ("", "de-DE,fa;q=0.7,ja;q=0.6", "fa"),
    ("ja", "es", "ja"),  # the switch's cookie wins
    ("xx", "ja-JP", "ja"),  # a cookie naming no language we speak counts for nothing
])
def test_the_language_a_request_asks_for_is_the_pages(app: Flask, cookie: str, accepted: str, language: str) -> None:
    headers = {"Accept-Language": accepted} if accepted else {}
    if cookie:
        headers["Cookie"] = f"{LANG_COOKIE}={cookie}"
    with app.test_request_context("/", headers=headers):
        assert asked_language() == current_language() == language
        # Except where a block of code forces another: there the page's language is the forced one.
        with force_locale("fa" if language != "fa" else "en"):
            assert current_language() != asked_language() == language
