"""Contract rummy's ledger: its events, the fold of their log into a game's state, and its game file.

The core ledger (:mod:`referee.ledger`: the store, the watcher, the file limits) keeps the log of every family's
games alike; this package says what a contract-rummy game's events are and what they mean. The screens are a
thin layer over it. Arrows point down only: ``web -> ledger -> rules``.
Every rule the ledger applies comes from the configured :class:`referee.rules.variants.Variant`
(``find_variant(id).with_house_rules(...)``); the ledger never branches on a variant's id.

Modules
=======

``events`` — the events, one module a kind, each with its whole story
--------------------------------------------------------------------
Every kind of event has its own module in ``events/`` (``events/base.py`` says what every event is): its fields,
every reason the rules refuse it (``problems(state)``), what it does to the state (``step(state)``), and what the
history asks of it (``undoes``: the seq an undo cancels; ``restates``: the deal a correction restates). The fold
asks the event itself; no list names the events (the registry ``EVENT_TYPES`` finds each kind in its module), and
an undo is the one event the fold treats apart (it folds the log again). Refusals several kinds share are in
``state/checks.py``, what several steps do alike in ``state/steps.py``.

Every event has a class attribute ``type`` (kebab-case, the ``"type"`` key of its JSON form), ``to_dict()``
(JSON-safe) and the module function ``event_from_dict(d) -> Event`` (raises :class:`events.EventFormatError`,
a ``ValueError``, quoting the bad field). Every event takes keyword arguments only and may carry
``override: str | None`` — set when the scorekeeper said "the table allows it" (the text is the reason the
rules gave, as shown to them). An event carrying an override is applied even when the rules refuse it, and
is shown as an override (see ``HistoryEntry``)::

    GameCreated(variant: str, players: tuple[str, ...], first_dealer: str,
                house_rules: dict[str, object] = {}, settings: dict[str, object] = {})
        # players in TURN ORDER (the order play passes); house_rules by the engine's ids ("x-…" kept, ignored);
        # settings is free-form; the ledger reads "small_stake" and "large_stake" (numbers) when present.
    ExactCut(deal: int, cutter_jokers: int = 0)      # this deal's cutter (derived) cut exactly
    Buy(deal: int, player: str)
    ShanghaiCalled(deal: int, player: str)           # "Shanghai!" on a discard: for the record (docs/rules.md D70)
    LaidDown(deal: int, player: str, melds: tuple[str, ...] = ())   # melds in card notation, one string a meld;
                                                     # when given they are checked by rules.contracts: the
                                                     # contract and any extra melds (docs/rules.md D71)
    DealEnded(deal: int, went_out: str | None, hands: dict[str, str | int])
        # hands: every player but the one who went out: cards left in the notation (bare ranks allowed,
        # "K 7 JK") or their points as an int >= 0; the one who went out may be omitted, "" or 0.
        # went_out None: nobody went out (only where the stock running out ends the deal).
    DealCorrected(deal: int, went_out: str | None, hands: dict[str, str | int],
                  exact_cut: bool | None = None, cutter_jokers: int | None = None,
                  buys: dict[str, int] | None = None, contract_index: int | None = None)
        # restates an ENDED deal's result (went_out and hands are the full corrected result); the optional
        # fields, when not None, replace the deal's cut, buys (counts per player) or announced contract.
        # Everything after it is recomputed (streaks, Carrillo erasures, chips, totals).
    ContractChosen(deal: int, contract_index: int)   # dealer's choice: index into variant.deals (0-based)
    PlayerRenamed(old: str, new: str)
    SeatsChanged(players: tuple[str, ...], first_dealer: str)
        # until deal 1 ends: the players in their new turn order (moved, added, removed) and the first dealer;
        # deal 1's buys and lay-downs stay with their players (a player who made one cannot be removed)
    PlayerLeft(player: str)
        # after deal 1, before anything is recorded in the deal under way: the player sits out from this deal
        # on (skipped in the rotation, no hand, no buys); their points stay and they rank after the others
    GameAbandoned(reason: str = "")
    Undone(seq: int)                                 # cancels the event with that seq (undo the last action,
                                                     # undo a correction; undoing an Undone redoes)

``state`` — pure: the state of a game is ``replay(events)``
-----------------------------------------------------------
``replay(events, *, times=None) -> GameState``: the first event must be ``GameCreated``; raises
``EventRefused`` for the first event the rules refuse that carries no override, or a ``RulesError`` for bad
input (unknown variant, bad house rule). ``start(created) -> GameState`` starts a game.
``apply(state, event, *, at=None) -> GameState``: the state after one more event, or raises
``EventRefused`` (a ``RulesError``, so a ``ValueError``; ``.problems``, ``.forcible``, ``.event``) and
changes nothing.
``check(state, event) -> tuple[Problem, ...]``: the reasons the rules refuse ``event`` now (empty: allowed),
without applying it — "can Ana buy?" is ``check(state, Buy(deal=state.deal_number, player="Ana"))`` or
``state.can_buy("Ana")``. ``EventRefused.forcible`` is False when an override cannot help (the event names
an unknown player, a deal other than the current one or beyond the game, the game is over, a deal ended
twice, an undo that would break later events): such events are refused even with an override.
Sequence numbers: the k-th event of the log (GameCreated included) has ``seq`` k, starting at 1.

``GameState`` (immutable; every answer is for the variant and house rules in force):

- ``variant`` (configured), ``created`` (the GameCreated), ``players`` (names, turn order), ``settings``
- ``deal_number`` (current, 1-based; after the last deal it stays at the last), ``deal`` (the rules'
  ``Deal`` in force: under dealer's choice the announced one once announced), ``contracts`` (the
  contract alternatives in force), ``contract`` (the single contract in force, or None when the player
  chooses among several or the dealer has not announced yet), ``available_contracts`` (dealer's choice:
  ``(index, Contract)`` pairs not used yet; ``()`` otherwise), ``deals_played``, ``deals_left``,
  ``finished`` (every deal ended), ``abandoned`` (the reason, or None), ``over`` (finished or abandoned)
- ``seating`` (``Seating``): ``dealer``, ``cutter`` (the player before the dealer in turn order),
  ``first_player`` (after the dealer; the dealer where ``variant.first_player`` is DEALER),
  ``dealer_of(deal)``, ``cutter_of(deal)``, ``seat_of(name)``, ``playing`` (who still plays, turn order),
  ``left[player]`` (the deal after which a player left), ``buy_priority(discarder, claimants) -> list[str]``
  (the next player after the discarder first; the discarder is never a claimant)
- ``exact_cut_counts`` (card counts that make an exact cut this deal, from ``CutRules.exact_counts``, minus
  the jokers the cutter took once an ExactCut is recorded), ``exact_cut_counts_for(jokers)``,
  ``cut_this_deal`` (an exact cut is recorded this deal)
- ``can_buy(player) -> tuple[Problem, ...]`` (empty: allowed)
- ``chips`` (``ChipsAndBuys``): ``chips_left[player]`` (per game: the variant's chips + exact-cut chips −
  buys; None with no per-game limit), ``chip_limit`` (per game, or None), ``buys_this_deal[player]``,
  ``buys_left_this_deal[player]`` (None: no per-deal limit; 0 where the deal has no buying),
  ``stock_cards_for_buy(own_turn: bool) -> int`` (stock cards the buyer takes; on their own turn, the normal
  draw included), ``stock_cards_own_turn`` (the same on the buyer's own turn, or None where no such buy
  exists: Shanghai's player in turn simply draws the discard), ``buy_money`` (money in the pot: price × buys;
  0 where buys are free), ``total_buys[player]`` (whole game), ``buy_limit(record=None)`` (per-deal limit of
  a deal: 0 no buying, None no limit)
- ``melded`` (players who laid down this deal, turn order)
- ``sheet`` (``Sheet``), the score sheet: ``hand_points(value)`` (points of a hand as entered), and

  - ``deals: tuple[DealResult, ...]`` for every deal ended so far, each with ``number``, ``dealer``,
    ``cutter``, ``went_out`` (None: nobody), ``winner`` (same as went_out), ``hands`` (as entered),
    ``raw_points[player]`` (value of the cards entered or the points typed; 0 for the one who went out),
    ``multiplier`` (streak, 1 when off), ``points[player]`` (raw × multiplier for everyone but the winner),
    ``exact_cut``, ``cutter_jokers``, ``buys[player]``, ``laid_down[player]`` (melds), ``contract_index``
    (dealer's choice, else None), ``corrected`` (bool), ``overrides`` (the reasons the table gave with
    overrides on events of this deal)
  - ``adjustments: tuple[Adjustment, ...]`` — ``Adjustment(player, deal, code, reason, points)``: exact-cut
    −25/−50 (``"exact-cut"``), Carrillo's erasure of the cutter's previous-deal points
    (``"exact-cut-erase"``), unused chips at the end (``"unused-chips"``, Peru v1 family −10 a chip)
  - ``running_totals`` (each player's total after each ended deal, adjustments in their deal; the last is
    ``totals``), ``adjustment_totals[player]``
  - ``totals[player]`` (deal points + adjustments), ``standings`` (names best first, ties in turn order),
    ``ranks[player]`` (1-based; tied players share the better rank), ``leaders`` (the names ranked 1)
  - ``payouts`` (``dict[str, float]`` where the variant has ``Payouts``, else None; cents): the player's
    net money for the game: the place payment (winner +sum, the k-th place −step×(k−1), ties share evenly),
    plus the pot for the winner(s), minus the buy money the player put in the pot — so payouts sum to 0
  - ``stakes`` (``Stakes``: ``deal_wins[player]``, ``small_stake``/``large_stake`` amounts from settings or
    None, ``money[player]`` (won: deal wins × small stake, plus the large stake to the leader(s) at the end)

- ``history`` (``History``), the log as the screens show it:

  - ``entries: tuple[HistoryEntry, ...]`` — every event of the log: ``seq``, ``event``, ``time`` (or None),
    ``problems`` (what the rules said when it was applied), ``override`` (the reason when the rules refused
    it and the table allowed it, else None), ``undone`` (cancelled by a later Undone), ``corrected`` (an
    event of a deal that a later correction restated)
  - ``undo_target`` (the latest action still in force: Undo walks back through the actions in order, never
    undoing an undo) and ``redo_target`` (the latest undo made since the last new action, or None: Redo is
    an ``Undone`` of that undo); both ``HistoryEntry`` or None

- ``events`` (the log, tuple of events, undone ones included), ``seq`` (the last seq)
- ``records: tuple[DealRecord, ...]`` (the facts of every deal started, by seat: what export writes),
  ``current`` (the current deal's record)

``exchange`` — ``referee-game/1`` files and the CSV score sheet
---------------------------------------------------------------
``export_game(state) -> dict`` (the format shown in ``exchange``; every house rule in force is written; optional
per-deal keys ``contract``, ``ended``, ``laid_down``, ``override``; top-level ``settings``, ``abandoned``,
``override`` when used), ``import_game(data) -> list[Event]`` (raises ``GameFileError``, a ``ValueError``,
for a file that is not a readable referee-game/1 file: wrong format or types, unknown variant, bad house
rule, unparseable card; a game the rules forbid imports fine and is refused by ``replay``),
``tally(data) -> Tally(state, errors)`` (replays leniently: every reason the rules give, the sheet as far as
it goes; ``Tally.allowed``), ``replay_file(data)`` (strict), ``score_sheet_csv(state) -> str``,
``sheet_text(state) -> str``, ``sheet_json(state, errors) -> dict`` (the ``referee tally --json`` shape).
``export → import → export`` gives the identical dict.
"""
