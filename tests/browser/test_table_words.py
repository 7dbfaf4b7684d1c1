"""The table's words and cards in real Chromium at 390×844, in English and Spanish.

- Cards are entered with the card keypad wherever cards are entered: the deal screen's Laid down, the Referee
  screen's meld check and lay-off check; the keypad types the page's own suit letters and the verdict is right.
- Typed cards are read in the page's language (docs/rules.md §2.1): in Spanish P C D T (picas, corazones,
  diamantes, tréboles), so "7C" is the seven of hearts; in English "7C" is the seven of clubs.
- The words fit the game: an English Shanghai table speaks of books, runs and "May I", never of tríos or
  ¡Compro!; a Telefunken table in Spanish speaks of tríos, escaleras and ¡Compro!.
- The deal's reminders (the deal-6 exchange, go out in one turn, no final discard, no buying in this deal) are
  on the deal screen and in the viewer of that deal.

Screenshots: tests/screenshots/words-*.png.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from referee import db
from referee.games.rummy.ledger.events import DealEnded, GameCreated
from referee.ledger import store
from tests.tiers import some

from .conftest import PHONE, LiveServer

Shot = Callable[[Page, str], Path]
PLAYERS = ("Ana", "Beto", "Carla", "Dani")


def game_at(live_server: LiveServer, variant: str, deal: int) -> tuple[str, str]:
    """A game of ``variant`` whose deals before ``deal`` have ended (Ana went out each time); its edit and view
    tokens."""
    with live_server.app.app_context(), db.session() as session:
        record = store.create_game(
            session, created=GameCreated(variant=variant, players=PLAYERS, first_dealer=PLAYERS[0])
        )
        assert record.id is not None
        seq = 1
        for number in range(1, deal):
            ended = DealEnded(deal=number, went_out="Ana", hands={"Beto": 5, "Carla": 10, "Dani": 15})
            seq = store.append(session, game_id=record.id, event=ended, expected_seq=seq).seq
        return record.edit_token, record.view_token


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Callable[[str], Page]]:
    """``open(language)``: a fresh phone whose browser asks for that language."""
    contexts: list[BrowserContext] = []

    def open_phone(language: str) -> Page:
        context = browser.new_context(
            base_url=base_url, viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True,
            locale=language, extra_http_headers={"Accept-Language": language},
        )
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def tap(page: Page, prefix: str, *keys: str) -> None:
    """Tap keys of the card keypad whose test ids start with ``prefix``; a suit key is named by its English id
    (H, S, D, C) and types the page's own letter."""
    for key in keys:
        page.get_by_test_id(f"{prefix}key-{key}").click()


# ---- cards: the keypad everywhere, the page's suit letters ------------------------------------------------------

# (language, what the keypad types for 7♥ 7♠ 7♦, what the screen says it reads)
KEYPAD = [
    ("en", "7H 7S 7D", "Suits: S spades, H hearts, D diamonds, C clubs"),
    ("es", "7C 7P 7D", "Palos: P picas, C corazones, D diamantes, T tréboles"),
]


@pytest.mark.parametrize(("language", "typed", "help_words"), KEYPAD, ids=[k[0] for k in KEYPAD])
def test_the_deal_screen_laid_down_on_the_keypad_and_typed(
    phone: Callable[[str], Page], live_server: LiveServer, screenshot: Shot, language: str, typed: str,
    help_words: str,
) -> None:
    edit, _ = game_at(live_server, "telefunken", 1)  # deal 1: one pure trío (three suits)
    page = phone(language)
    page.goto(f"/g/{edit}#laid-card")
    laid = page.get_by_test_id("laid-card")
    expect(laid).to_contain_text(help_words)  # the screen says which letters it reads
    # Beto's trío on the keypad: 7♥ 7♠ 7♦, typed in the page's letters.
    page.get_by_test_id("laid-player-Beto").check()
    tap(page, "melds-", "7", "H", "7", "S", "7", "D")
    expect(page.get_by_test_id("melds")).to_have_value(typed)
    page.get_by_test_id("laid-down").click()
    expect(page.get_by_test_id("melded-Beto")).to_have_count(1)
    expect(page.get_by_test_id("laid-card").get_by_test_id("refusal")).to_have_count(0)
    screenshot(page, f"words-laid-keypad-{language}")

    if language == "es":
        # Typed with the Spanish letters: 8P 8C 8T is spades, hearts, clubs — a pure trío, accepted.
        page.get_by_test_id("laid-player-Carla").check()
        page.get_by_test_id("melds").fill("8P 8C 8T")
        page.get_by_test_id("laid-down").click()
        expect(page.get_by_test_id("melded-Carla")).to_have_count(1)
        # An English letter is no card in Spanish: refused in words, what was typed kept.
        page.get_by_test_id("laid-player-Dani").check()
        page.get_by_test_id("melds").fill("9H 9S 9D")
        page.get_by_test_id("laid-down").click()
        refusal = page.get_by_test_id("laid-card").get_by_test_id("refusal")
        expect(refusal).to_contain_text("«9H» no es una carta")
        expect(page.get_by_test_id("melds")).to_have_value("9H 9S 9D")
        expect(page.get_by_test_id("melded-Dani")).to_have_count(0)
    else:
        # In English C is clubs: 8C 8C 8D holds two clubs, not the pure trío of three suits — refused ...
        page.get_by_test_id("laid-player-Carla").check()
        page.get_by_test_id("melds").fill("8C 8C 8D")
        page.get_by_test_id("laid-down").click()
        expect(page.get_by_test_id("laid-card").get_by_test_id("refusal")).to_be_visible()
        expect(page.get_by_test_id("melded-Carla")).to_have_count(0)
        # ... and 8C 8H 8S (clubs, hearts, spades) is accepted.
        page.get_by_test_id("melds").fill("8C 8H 8S")
        page.get_by_test_id("laid-down").click()
        expect(page.get_by_test_id("melded-Carla")).to_have_count(1)
    screenshot(page, f"words-laid-typed-{language}")


@pytest.mark.parametrize("language", some(["en", "es"], quick=["es"]))
def test_the_referee_screen_meld_and_lay_off_checks_on_the_keypad(
    phone: Callable[[str], Page], screenshot: Shot, language: str
) -> None:
    spanish = language == "es"
    page = phone(language)
    page.goto("/referee?variant=telefunken&deal=3")

    # Is this a meld? 7♥ 7♠ 7♣ on the keypad.
    tap(page, "meld-", "7", "H", "7", "S", "7", "C")
    expect(page.get_by_test_id("meld")).to_have_value("7C 7P 7T" if spanish else "7H 7S 7C")
    page.get_by_test_id("check-meld").click()
    expect(page.get_by_test_id("meld-answer-headline")).to_have_text(
        "Sí: es un juego válido." if spanish else "Yes: a valid meld.")
    # A joker too many, on the keypad: 7♥ JK JK.
    page.get_by_test_id("meld").fill("")
    tap(page, "meld-", "7", "H", "JK", "JK")
    page.get_by_test_id("check-meld").click()
    expect(page.get_by_test_id("meld-answer-headline")).to_have_text(
        "No: no es un juego válido." if spanish else "No: not a valid meld.")

    # Can I lay this off? The run 5♣ 6♣ 7♣ and the card 8♣, both on the keypad (it types where tapped last).
    page.get_by_test_id("table-meld").click()
    tap(page, "table-", "5", "C", "6", "C", "7", "C")
    page.get_by_test_id("given").click()
    tap(page, "table-", "8", "C")
    expect(page.get_by_test_id("table-meld")).to_have_value("5T 6T 7T" if spanish else "5C 6C 7C")
    expect(page.get_by_test_id("given")).to_have_value("8T" if spanish else "8C")
    page.get_by_test_id("check-table").click()
    expect(page.get_by_test_id("table-answer-headline")).to_have_text(
        "Sí: se puede(n) acomodar." if spanish else "Yes: the card(s) may be laid off.")
    screenshot(page, f"words-referee-keypad-{language}")

    # Typed "8C": the eight of hearts in Spanish, of clubs in English.
    page.get_by_test_id("given").fill("8C")
    page.get_by_test_id("check-table").click()
    answer = page.get_by_test_id("table-answer-headline")
    if spanish:
        expect(answer).to_have_text("No: no se puede(n) acomodar.")
        expect(page.get_by_test_id("table-answer-reasons")).to_contain_text("8♥")
        # The meld check reads the Spanish letters typed: 7P 7C 7T is spades, hearts, clubs.
        page.get_by_test_id("meld").fill("7P 7C 7T")
        page.get_by_test_id("check-meld").click()
        expect(page.get_by_test_id("meld-answer-headline")).to_have_text("Sí: es un juego válido.")
        expect(page.get_by_test_id("suit-help")).to_contain_text("P picas, C corazones, D diamantes, T tréboles")
    else:
        expect(answer).to_have_text("Yes: the card(s) may be laid off.")
        expect(page.get_by_test_id("suit-help")).to_contain_text("S spades, H hearts, D diamonds, C clubs")
    screenshot(page, f"words-referee-typed-{language}")


# ---- the family's words ---------------------------------------------------------------------------------------


def body_text(page: Page) -> str:
    return page.locator("body").inner_text()


def test_an_english_shanghai_table_speaks_of_books_runs_and_may_i(
    phone: Callable[[str], Page], live_server: LiveServer, screenshot: Shot
) -> None:
    edit, view = game_at(live_server, "shanghai", 2)  # deal 2: a book and a run
    page = phone("en")
    page.goto(f"/g/{edit}")
    expect(page.get_by_test_id("contract")).to_have_text("1 book and 1 run of 4")
    page.get_by_test_id("jump-buy").click()
    expect(page.get_by_test_id("buy-card")).to_contain_text("“May I?”")
    deal = body_text(page)
    screenshot(page, "words-shanghai-deal-en")
    page.goto(f"/v/{view}")
    expect(page.get_by_test_id("contract")).to_contain_text("1 book and 1 run of 4")
    board = body_text(page)
    screenshot(page, "words-shanghai-viewer-en")
    for text in (deal, board):
        for word in ("trío", "Trío", "¡Compro!", "Compro", "escalera"):
            assert word not in text, word


def test_a_spanish_telefunken_table_speaks_of_trios_escaleras_and_compro(
    phone: Callable[[str], Page], live_server: LiveServer, screenshot: Shot
) -> None:
    edit, view = game_at(live_server, "telefunken", 7)  # deal 7: a trío and an escalera
    page = phone("es")
    page.goto(f"/g/{edit}")
    expect(page.get_by_test_id("contract")).to_have_text("1 trío y 1 escalera de 7 o más — salir de una sola vez")
    page.get_by_test_id("jump-buy").click()
    expect(page.get_by_test_id("buy-card")).to_contain_text("¡Compro!")
    deal = body_text(page)
    screenshot(page, "words-telefunken-deal-es")
    page.goto(f"/v/{view}")
    expect(page.get_by_test_id("contract")).to_contain_text("1 trío y 1 escalera de 7 o más")
    board = body_text(page)
    screenshot(page, "words-telefunken-viewer-es")
    for text in (deal, board):
        for word in ("May I", "¿Puedo?", "book", "grupo de 3"):
            assert word not in text, word


# ---- the deal's reminders -------------------------------------------------------------------------------------

# (variant, deal, language, the reminders said in order, a deal of that variant without them)
REMINDERS = [
    ("telefunken", 6, "en", ["Before play, everyone exchanges cards face down (once)."], 5),
    ("telefunken", 7, "es",
     ["Salir de una sola vez: no se baja nada hasta poder bajar toda la mano en un mismo turno."], 5),
    ("shanghai", 7, "en", ["Go out in one turn: nothing is laid down until the whole hand goes at once.",
                           "No final discard: the last cards are laid down, none is thrown."], 6),
    ("progressive-rummy", 1, "en", ["No buying in this deal: “May I?” is not allowed."], 9),
    ("progressive-rummy", 1, "es", ["En esta mano no se compra: no vale «¿Puedo?»."], 9),
]


@pytest.mark.parametrize(("variant", "deal", "language", "said", "quiet"), REMINDERS,
                         ids=[f"{v}-{d}-{lang}" for v, d, lang, _, _ in REMINDERS])
def test_the_reminders_are_on_the_deal_screen_and_in_the_viewer(
    phone: Callable[[str], Page], live_server: LiveServer, screenshot: Shot, variant: str, deal: int,
    language: str, said: list[str], quiet: int,
) -> None:
    edit, view = game_at(live_server, variant, deal)
    page = phone(language)
    page.goto(f"/g/{edit}")
    reminders = page.get_by_test_id("reminders")
    expect(reminders.locator("li")).to_have_text(said)
    expect(reminders).to_be_in_viewport()  # with the deal and its contract, on the first screen
    screenshot(page, f"words-reminders-deal-{variant}-{deal}-{language}")
    page.goto(f"/v/{view}")
    expect(page.get_by_test_id("reminders").locator("li")).to_have_text(said)
    screenshot(page, f"words-reminders-viewer-{variant}-{deal}-{language}")
    # A deal of the same game without that rule says nothing of it, on either screen.
    edit, view = game_at(live_server, variant, quiet)
    for address in (f"/g/{edit}", f"/v/{view}"):
        page.goto(address)
        expect(page.get_by_test_id("contract")).to_be_visible()
        expect(page.get_by_test_id("reminders")).to_have_count(0)
