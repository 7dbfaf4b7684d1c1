"""A request fuzzer for every route of the app: Hypothesis draws the requests, the fuzzer sends them.

Each request is built for the game as it is now: a scorekeeper's form carries the game's current seq and a
fresh idempotency key (a small share of them get a hostile one instead), so most requests reach the ledger
and some are accepted and change the game. Every field is either a plausible value (a player, a small
number, cards) or a hostile one (Unicode digits, numbers of hundreds of digits, NUL and other control
characters, very long text). Whatever comes back must not be a 5xx, and no request may raise.

Used by tests/web/test_fuzz.py (a size that fits ``make test``) and tests/bench/bench_fuzz.py (10,000+).
"""

from __future__ import annotations

import copy
import io
import json
import random
import traceback
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import strategies as st
from sqlmodel import Session, col, func, select

from referee.games.rummy.ledger import exchange
from referee.games.rummy.ledger.state import GameState
from referee.ledger import store
from referee.rules.catalogue import VARIANTS

#: Values no field should crash on: digits int() mishandles, huge numbers, control characters, long text.
HOSTILE = [
    "", " ", "-1", "0", "²", "①", "۱۲", "٣", "１２", "1_000", "1e9", "0x10", "+5", "3.5", "NaN", "inf",
    "9" * 19, "9" * 310, "9" * 4301, "9" * 5000, "-" + "9" * 400, "\x00", "Ana\x00", "\x00" * 50, "\x1b[31mred",
    "\u202eevil", "Ana\u200b", "😀" * 50, "K" * 400, "A" * 5000, "<script>alert(1)</script>", "' OR 1=1 --",
    "%s%n", "../../etc/passwd", "\r\n", "\t", "null", "[]", "Ｋ", "7H\x008H", " 7H  8H ",
]
CARDS = ["7H", "7H 8H 9H", "JK", "A K Q", "10S 10H", "XX", "2C 2D 2S", "KS QS JS 10S", "A", "T", "9C 9C"]
MELDS = ["", "7H 7S 7D", "7H 7S 7D\n3C 4C 5C 6C", "AH 2H 3H 4H", "JK 5S 5D", "nope"]
TEXTS = ["", "Ana", "Beto", "Caro", "Dani", "José", "Ёлка", "Ana María", "the table agreed"]
NAMES = ["Ana", "Beto", "Caro", "Dani", "Eva", "Fede", "Gabi", "Hugo"]
#: How often each endpoint is drawn, against 1 for the others: the ones that write to the ledger, more.
WEIGHTS = {"table.end_deal": 8, "table.cut": 3, "table.buy": 4, "table.laid_down": 4, "table.choose_contract": 2,
           "table.undo": 3, "table.redo": 2, "table.correct": 3, "table.players": 3, "games.new": 2,
           "backup.restore": 3}
#: Half of a character: a lone UTF-16 surrogate, which JSON can write as its \u escape (json.dumps does, ASCII).
HALF = "\ud800"
#: Every kind of free text a game file may hold; a restored file gets half a character in each in turn.
HALF_CHARACTER_PLACES = ("abandon reason", "table's override", "deal's override", "house rule key",
                         "house rule value", "settings key", "player name")


#: Hostile values as Hypothesis draws them: one of the list, or any text.
HOSTILE_VALUES = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=30))
POOL = 24


@dataclass
class Tally:
    """What the fuzzer sent and what came back."""

    sent: int = 0
    accepted: int = 0
    failures: list[str] = field(default_factory=list)
    endpoints: Counter[str] = field(default_factory=Counter)
    statuses: Counter[int] = field(default_factory=Counter)
    #: Restored files with half a character, refused as they must be: by where the half character was.
    half_characters: Counter[str] = field(default_factory=Counter)
    #: The answers to requests whose write a delete overtook (tests/web/race.py): "this game was deleted", 410.
    overtaken: Counter[int] = field(default_factory=Counter)

    def summary(self) -> str:
        """One line for the report."""
        errors = sum(n for status, n in self.statuses.items() if status >= 500)
        return (f"sent {self.sent}, accepted {self.accepted}, 5xx {errors}, raised {len(self.failures) - errors}, "
                f"endpoints {len(self.endpoints)}, half characters refused {sum(self.half_characters.values())}, "
                f"writes a delete overtook {sum(self.overtaken.values())} (answered 410: {self.overtaken[410]})")


def with_half_character(exported: dict[str, Any], place: str) -> dict[str, Any]:
    """The exported game file with half a character (:data:`HALF`) in one of its free texts (``place``)."""
    out = copy.deepcopy(exported)
    players: list[str] = out["players"]
    if place == "abandon reason":
        out["abandoned"] = "rain" + HALF
    elif place == "table's override":
        out["override"] = "the table agreed " + HALF
    elif place == "deal's override":
        if not out["deals"]:
            out["deals"].append({"went_out": players[0], "hands": {name: 5 for name in players[1:]}})
        out["deals"][-1]["override"] = HALF
    elif place == "house rule key":
        out["house_rules"]["x-" + HALF] = True
    elif place == "house rule value":
        out["house_rules"]["x-note"] = "wild " + HALF
    elif place == "settings key":
        out["settings"] = {**out.get("settings", {}), HALF: 1}
    else:  # the first player's name, everywhere the file names them
        return _renamed(out, players[0], players[0][:20] + HALF)  # type: ignore[no-any-return]
    return out


def _renamed(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, dict):
        return {_renamed(key, old, new): _renamed(item, old, new) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, old, new) for item in value]
    return value


@dataclass
class Game:
    """The game being fuzzed, as the database holds it now."""

    id: int
    edit_token: str
    view_token: str
    state: GameState


class Fuzzer:
    """Sends drawn requests to one app through its test client, keeping a game to aim at."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app, self.client = app, client
        self.tally = Tally()
        self.game_id: int | None = None
        # (game id, edit link, seq, state): replayed once per change (the link too: SQLite may give a deleted
        # game's id to the next game)
        self._state: tuple[int, str, int, GameState] | None = None
        self.rng = random.Random(0)
        self.batches = 0
        self.restores = 0
        #: Called just before each request is sent (tests/web/race.py's second phone takes its turn then).
        self.on_send: Callable[[], None] | None = None
        #: What the request being sent must be answered, when the builder knows (a half character's refusal).
        self.refusal: str | None = None
        #: Set when a delete overtook the request being sent, between its read and its write (tests/web/race.py).
        self.overtaken = False
        self.pool: list[str] = list(HOSTILE)
        self.builders: dict[str, Callable[[Game], tuple[str, str, dict[str, Any]]]] = {
            name.removeprefix("build_").replace("__", "."): getattr(self, name)
            for name in dir(self) if name.startswith("build_")
        }

    # ---- the database, read directly -------------------------------------------------------------------

    def _session(self) -> Session:
        return Session(self.app.extensions["referee.db"])

    def games(self) -> int:
        with self._session() as session:
            return int(session.exec(select(func.max(col(store.Game.id)))).one() or 0)

    def game(self) -> Game:
        """The game to aim at: the last one, or a new one when it is over (or there is none).

        Another phone may delete it meanwhile (tests/web/race.py): then the next one is aimed at.
        """
        for _ in range(100):
            with self._session() as session:
                row = session.get(store.Game, self.game_id) if self.game_id is not None else None
                if row is None:
                    row = session.exec(select(store.Game).order_by(col(store.Game.id).desc())).first()
                if row is not None and row.id is not None:
                    if self._state is None or self._state[:3] != (row.id, row.edit_token, row.seq):
                        try:
                            self._state = (row.id, row.edit_token, row.seq, store.state_of(session, row))
                        except store.GameNotFound:
                            self.game_id = None
                            continue
                    state = self._state[3]
                    if not state.over:
                        self.game_id = row.id
                        return Game(row.id, row.edit_token, row.view_token, state)
            self._new_game()
        raise AssertionError("no game to aim at: each one was deleted before it could be read")

    def _new_game(self) -> None:
        data = {"variant": "telefunken", "players-0": "Ana", "players-1": "Beto", "players-2": "Caro",
                "players-3": "Dani", "first_dealer": "random", "idempotency_key": uuid.uuid4().hex}
        response = self.client.post("/games/new", data=data)
        assert response.status_code == 303, response.get_data(as_text=True)[:500]
        self.game_id = None
        self.tally.sent += 1
        self.tally.accepted += 1
        self.tally.endpoints["games.new"] += 1
        self.tally.statuses[303] += 1

    # ---- sending -------------------------------------------------------------------------------------------

    def run(self, data: Any, count: int) -> None:
        """Draw ``count`` requests (an endpoint of the URL map and its fields each) and send them.

        Hypothesis draws the hostile values (a pool for the batch) and a seed; which endpoint, and whether a
        field is plausible or hostile, is drawn by a Random with that seed (Hypothesis's own choices lean to
        the first of a list, and drawing them here, where the game's state shapes the choices, would make
        its examples differ from one run of a seed to the next).

        The seed is mixed with the batch's number (Hypothesis draws the same small seeds again and again), and
        each batch starts with the next endpoint in turn, so every route is reached in as many batches as
        there are routes, whatever the draws.
        """
        seed = data.draw(st.integers(0, 2**64 - 1), label="seed")
        self.rng = random.Random(f"{seed}/{self.batches}")
        self.pool = data.draw(st.lists(HOSTILE_VALUES, min_size=POOL, max_size=POOL), label="hostile values")
        endpoints = sorted(self.builders)
        weights = [WEIGHTS.get(name, 1) for name in endpoints]
        in_turn = endpoints[self.batches % len(endpoints)]
        self.batches += 1
        for endpoint in [in_turn, *self.rng.choices(endpoints, weights, k=count - 1)]:
            self.send(endpoint)

    def send(self, endpoint: str) -> None:
        """Build a request to ``endpoint`` for the game as it is now, send it, and tally what came back."""
        game = self.game()
        self.refusal, self.overtaken = None, False
        method, path, fields = self.builders[endpoint](game)
        path = quote(path, safe="/")  # a hostile value in the path is sent as its bytes, "?" and "#" too
        games_before, seq_before = self.games(), game.state.seq
        self.tally.sent += 1
        self.tally.endpoints[endpoint] += 1
        if self.on_send is not None:
            self.on_send()
        try:
            if method == "GET":
                response = self.client.get(path, query_string=fields)
            else:
                response = self.client.post(path, data=fields)
        except Exception:  # noqa: BLE001 — a request that raises is exactly what this looks for
            self.tally.failures.append(f"{method} {path} {fields!r:.600}\n{traceback.format_exc()}")
            return
        self.tally.statuses[response.status_code] += 1
        if self.overtaken:
            self.tally.overtaken[response.status_code] += 1
        if response.status_code >= 500:
            self.tally.failures.append(f"{response.status_code} {method} {path} {fields!r:.600}")
            return
        if self.refusal is not None:
            self._check_refused(response.status_code, response.get_data(as_text=True), games_before)
        if self.games() > games_before or self._recorded(game.id, seq_before, fields):
            self.tally.accepted += 1

    def _recorded(self, game_id: int, seq_before: int, fields: dict[str, Any]) -> bool:
        """Whether the request's own fresh idempotency key recorded an event after ``seq_before`` (the game's seq
        alone would count the second phone's saves too)."""
        keys = [value for name, value in fields.items() if name.endswith("idempotency_key") and isinstance(value, str)
                and len(value) == 32 and all(c in "0123456789abcdef" for c in value)]
        with self._session() as session:
            return any((store.seq_of_key(session, game_id=game_id, idempotency_key=key) or 0) > seq_before
                       for key in keys)

    def _check_refused(self, status: int, page: str, games_before: int) -> None:
        """A file with half a character is refused in words (422, the restore page's problems naming the half
        character, in whichever language the fuzzer last switched to), and no game newer than the newest before is
        written (the second phone of tests/web/race.py only deletes games)."""
        place = self.refusal
        if status == 422 and 'data-testid="restore-problems"' in page and HALF.encode("unicode_escape").decode() \
                in page and self.games() <= games_before:
            self.tally.half_characters[str(place)] += 1
        else:
            self.tally.failures.append(f"half a character in the {place}: {status}, games {games_before} → "
                                       f"{self.games()}\n{page[-800:]}")

    # ---- values -----------------------------------------------------------------------------------------

    def value(self, valid: list[str], hostile_share: int = 25) -> str:
        """A plausible value most of the time (``hostile_share`` percent: a hostile one, or any text)."""
        roll = self.rng.randrange(100)
        if roll >= hostile_share:
            return self.rng.choice(valid)
        return self.rng.choice(self.pool)

    def numbers(self, low: int, high: int, hostile_share: int = 25) -> str:
        return self.value([str(n) for n in range(low, high + 1)], hostile_share)

    def action(self, game: Game, prefix: str = "") -> dict[str, str]:
        """The hidden fields of a scorekeeper's form: the game's seq and a fresh key (rarely something else)."""
        return {
            prefix + "expected_seq": self.value([str(game.state.seq)], 4),
            prefix + "idempotency_key": self.value([uuid.uuid4().hex], 4),
            prefix + "override": self.value([""] * 8 + ["the table allows it"], 5),
        }

    def edit(self, game: Game) -> str:
        return self.value([game.edit_token], 6)

    def view(self, game: Game) -> str:
        return self.value([game.view_token], 6)

    def query(self, names: list[str]) -> dict[str, str]:
        """A few query arguments, from ``names`` and hostile ones."""
        count = self.rng.randrange(4)
        return {self.value(names, 10): self.value(TEXTS + ["1", "2", "99"], 40) for _ in range(count)}

    def hands(self, game: Game) -> dict[str, str]:
        out: dict[str, str] = {}
        for seat in range(len(game.state.players)):
            if self.rng.random() < 0.5:
                out[f"points-{seat}"] = self.numbers(0, 150, 15)
            else:
                out[f"hands-{seat}"] = self.value(CARDS, 15)
        return out

    # ---- one builder per endpoint of the URL map (build_<blueprint>__<view>) ------------------------

    def build_static(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/static/" + self.value(["css/app.css", "js/table.js", "nope.css"], 30), {}

    def build_i18n__switch(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/lang/" + self.value(["en", "es", "fr"], 30), self.query(["next"])

    def build_home__index(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/", self.query(["lang"])

    def build_board__view(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/v/{self.view(game)}", self.query(["me", "lang"])

    def build_board__live(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        seq = self.value([str(game.state.seq - 1), str(game.state.seq)], 30)
        return "GET", f"/v/{self.view(game)}/live", {"seq": seq, **self.query(["me"])}

    def build_board__rules(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/v/{self.view(game)}/rules", self.query(["back"])

    def build_rules_card__index(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/rules", self.query(["variant"])

    def build_rules_card__show(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        variant = self.value(sorted(VARIANTS), 20)
        return "GET", f"/rules/{variant}", self.query(["back", "chips", "exact_cut_reward", "buys"])

    def _referee_query(self) -> dict[str, str]:
        query = {"tool": self.value(["meld", "solve", "layoff", ""], 20),
                 "meld": self.value(MELDS, 30), "hand": self.value(CARDS, 30),
                 "key": self.value(["", "A", "10", "S", "JK", "back", "clear"], 30),
                 "table_meld": self.value(MELDS, 30), "cards": self.value(CARDS, 30),
                 "deal": self.numbers(1, 8, 30), "players": self.numbers(2, 8, 30)}
        return {**query, **self.query(["variant", "owner", "run_order", "action"])}

    def build_referee_tools__tools(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/referee", {"variant": self.value(sorted(VARIANTS), 20), **self._referee_query()}

    def build_referee_tools__for_scorekeeper(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/g/{self.edit(game)}/referee", self._referee_query()

    def build_referee_tools__for_players(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/v/{self.view(game)}/referee", self._referee_query()

    def build_games__new(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        if self.rng.randrange(5) == 0:
            return "GET", "/games/new", self.query(["variant", "players", "rematch"])
        count = self.rng.randrange(10)
        fields = {f"players-{i}": self.value(NAMES[i % len(NAMES):] + NAMES, 20) for i in range(count)}
        variant = self.value(sorted(VARIANTS), 10)
        fields.update(variant=variant, first_dealer=self.value(["random", "0", "1", "2"], 20),
                      idempotency_key=self.value([uuid.uuid4().hex], 10))
        for name in ("small_stake", "large_stake", "hr__telefunken__chips", "hr__telefunken__exact_cut_reward",
                     "add_player", "remove_player"):
            if self.rng.randrange(4) == 0:
                fields[name] = self.numbers(0, 20, 50)
        return "POST", "/games/new", fields

    def build_games__mine(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/games", {}

    def build_games__forget(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "POST", f"/games/forget/{self.value(['A' * 43], 40)}", {}

    def build_table__deal(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        names = list(game.state.players)
        return "GET", f"/g/{self.edit(game)}", {
            "discarder": self.value(names, 30), "claimant": self.value(names, 30),
        } if self.rng.random() < 0.5 else {}

    def build_table__cut(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "POST", f"/g/{self.edit(game)}/cut", {
            **self.action(game), "cutter_jokers": self.numbers(0, 3)}

    def build_table__buy(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "POST", f"/g/{self.edit(game)}/buy", {
            **self.action(game), "player": self.value(list(game.state.players))}

    def build_table__button(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        kind = self.value(["misdeal", "buy", "deal-ended"], 30)
        return "POST", f"/g/{self.edit(game)}/button/{kind}", self.action(game)

    def build_table__shanghai_call(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "POST", f"/g/{self.edit(game)}/shanghai", {
            **self.action(game), "player": self.value(list(game.state.players))}

    def build_table__laid_down(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "POST", f"/g/{self.edit(game)}/laid-down", {
            **self.action(game), "player": self.value(list(game.state.players)),
            "melds": self.value(MELDS)}

    def build_table__choose_contract(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "POST", f"/g/{self.edit(game)}/contract", {
            **self.action(game), "contract_index": self.numbers(0, 3)}

    def build_table__end_deal(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        if self.rng.randrange(6) == 0:
            return "GET", f"/g/{self.edit(game)}/end", {}
        fields = {**self.action(game), "went_out": self.value(list(game.state.players), 15),
                  "deal": self.value([str(game.state.deal_number)], 5), **self.hands(game)}
        step = self.rng.choice(["confirm"] * 6 + ["preview", "key", "back", "select", "active"])
        if step == "confirm":
            fields["confirm"] = "1"
        elif step != "preview":
            fields[step] = self.value(["0", "1", "A", "T", "JK", "1"], 30)
        return "POST", f"/g/{self.edit(game)}/end", fields

    def build_table__sheet(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/g/{self.edit(game)}/sheet", {}

    def build_table__undo(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        if self.rng.randrange(4) == 0:
            return "GET", f"/g/{self.edit(game)}/undo", {}
        return "POST", f"/g/{self.edit(game)}/undo", {
            **self.action(game), "target": self.numbers(2, max(2, game.state.seq), 20)}

    def build_table__correct(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        number = self.numbers(1, max(1, len(game.state.sheet.deals)), 10)
        number = number if number.isascii() and number.isdigit() and len(number) < 12 else "1"
        path = f"/g/{self.edit(game)}/deals/{number}/correct"
        if self.rng.randrange(5) == 0:
            return "GET", path, {}
        fields = {**self.action(game), "went_out": self.value(list(game.state.players), 15),
                  **self.hands(game), "cutter_jokers": self.numbers(0, 2, 15)}
        for seat in range(len(game.state.players)):
            fields[f"buys-{seat}"] = self.numbers(0, 2, 15)
        if self.rng.random() < 0.5:
            fields["exact_cut"] = "y"
        if self.rng.randrange(4) > 0:
            fields["confirm"] = "1"
        return "POST", path, fields

    def build_table__players(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        if self.rng.randrange(4) == 0:
            return "GET", f"/g/{self.edit(game)}/players", {}
        seat = self.rng.randrange(len(game.state.players))
        prefix = f"p{seat}-"
        return "POST", f"/g/{self.edit(game)}/players", {
            "row": self.value([str(seat)], 15), **self.action(game, prefix),
            prefix + "player": self.value([game.state.players[seat]], 15),
            prefix + "new_name": self.value(NAMES + TEXTS, 35)}

    def build_table__over(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/g/{self.edit(game)}/over", {}

    def build_table__export_json(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/g/{self.edit(game)}/export.json", {}

    def build_table__export_csv(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/g/{self.edit(game)}/export.csv", {}

    def build_table__abandon(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        # Mostly refused (a bad seq): an accepted abandon ends the game, and the fuzzer starts another.
        return "POST", f"/g/{self.edit(game)}/abandon", {
            **self.action(game), "expected_seq": self.value(["0", str(game.state.seq)], 70),
            "reason": self.value(TEXTS)}

    def build_share__players(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/g/{self.edit(game)}/share", self.query(["new"])

    def build_share__scorekeeper(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/g/{self.edit(game)}/share/scorekeeper", {}

    def build_share__revoke(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "POST", f"/g/{self.edit(game)}/share/revoke", {}

    def build_share__replace_view(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "POST", f"/g/{self.edit(game)}/share/replace-view", {}

    def build_table__redo(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "POST", f"/g/{self.edit(game)}/redo", {
            **self.action(game), "target": self.numbers(2, max(2, game.state.seq), 20)}

    def build_backup__restore(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        # Every other file has half a character, in each free text a game file holds in turn.
        self.restores += 1
        if self.restores % 8 == 1:
            return "GET", "/games/restore", {}
        exported = exchange.export_game(game.state)
        if self.restores % 2 == 0:
            self.refusal = HALF_CHARACTER_PLACES[self.restores // 2 % len(HALF_CHARACTER_PLACES)]
            content = json.dumps(with_half_character(exported, self.refusal))  # ASCII: "\ud800" as its escape
            return "POST", "/games/restore", {"game_file": (io.BytesIO(content.encode()), "game.json")}
        text = json.dumps(exported)
        content = self.value([text, text[: len(text) // 2], text.replace("telefunken", "canasta")], 40)
        return "POST", "/games/restore", {"game_file": (io.BytesIO(content.encode()), "game.json")}

    def build_backup__delete(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        # Mostly a look at the confirmation: an accepted delete ends the game, and the fuzzer starts another.
        if self.rng.randrange(8) > 0:
            return "GET", f"/g/{self.edit(game)}/delete", {}
        return "POST", f"/g/{self.edit(game)}/delete", {}

    def build_install__manifest(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/manifest.webmanifest", self.query(["lang"])

    def build_install__worker(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/sw.js", self.query(["v"])

    def build_install__precache(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/offline/precache.json", {}

    def build_install__offline(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/offline", self.query(["lang"])

    def build_table__device(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "POST", f"/g/{self.edit(game)}/device", {"label": self.value(["Kitchen phone", ""] + NAMES)}

    def build_follow__next_game(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/v/{self.view(game)}/next", self.query(["me"])


    # The Persian family's screens and the players' records. The fuzzer's games are contract rummy's, so a
    # Persian screen answers 404 for them (tests/games/persian/web fuzzes the Persian games' own forms); what is
    # asserted here is that no request to them, hostile or not, gets a 5xx.
    def _persian_post(self, game: Game, path: str) -> tuple[str, str, dict[str, Any]]:
        fields = {**self.action(game), "hand_number": self.numbers(1, 9, 20),
                  self.value(["winner", "tricks", "bid", "points", "ruler", "reason"], 30):
                  self.value(TEXTS + ["0", "1", "7", "A", "B"], 40)}
        return "POST", f"/g/{self.edit(game)}/{path}", fields

    def build_persian__redeal(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return self._persian_post(game, "hand/redeal")

    def build_persian__end(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return self._persian_post(game, "hand/end")

    def build_persian__players(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        if self.rng.randrange(2) == 0:
            return "GET", f"/g/{self.edit(game)}/hand/names", {}
        return self._persian_post(game, "hand/names")

    def build_persian__undo(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return self._persian_post(game, "hand/undo")

    def build_persian__hand(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/g/{self.edit(game)}/hand", {}

    def build_persian__record(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return self._persian_post(game, "hand")

    def build_persian__correct(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return self._persian_post(game, f"hands/{self.rng.randrange(1, 4)}/correct")

    def build_persian__new(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/games/persian/new", self.query(["game", "lang"])

    def build_persian__sheet(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/g/{self.edit(game)}/scores", {}

    def build_persian__export(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/g/{self.edit(game)}/scores.json", {}

    def build_records__players(self, _game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", "/players", self.query(["name"])

    def build_records__game_players(self, game: Game) -> tuple[str, str, dict[str, Any]]:
        return "GET", f"/g/{self.edit(game)}/records", self.query(["name"])


def unbuilt_endpoints(app: Flask, fuzzer: Fuzzer) -> set[str]:
    """The endpoints of the app's URL map the fuzzer has no builder for (a new route must get one)."""
    return {rule.endpoint for rule in app.url_map.iter_rules()} - set(fuzzer.builders)
