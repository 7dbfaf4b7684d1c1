"""Contract rummy's screens as the families ask for them (:data:`referee.games.rummy.web.WEB`): the app gets the
scorekeeper's and the referee tools' blueprints once, the rules card's address and the scores as text as Jinja
globals; the new-game chooser lists every variant of the catalogue; the records' figures are worded."""

from __future__ import annotations

from flask import Flask

from referee.games.rummy import BUYS, EXACT_CUTS, WENT_OUT
from referee.games.rummy.web import WEB, chooser, init_app
from referee.games.rummy.web.summary import share_text
from referee.rules.catalogue import VARIANTS


def test_the_app_has_the_familys_blueprints_once_and_its_globals(app: Flask) -> None:
    assert {"table", "referee_tools"} <= set(app.blueprints)
    assert WEB.blueprints == ("table", "referee_tools")
    routes = len(list(app.url_map.iter_rules()))
    init_app(app)  # a second call registers nothing twice
    assert len(list(app.url_map.iter_rules())) == routes
    assert app.jinja_env.globals["share_text"] is share_text
    assert "rules_url" in app.jinja_env.globals


def test_the_chooser_lists_every_variant_with_its_form(app: Flask) -> None:
    with app.test_request_context("/"):
        entries = chooser()
    assert [entry.variant_id for entry in entries] == list(VARIANTS)
    telefunken = entries[0]
    assert (telefunken.name, telefunken.url) == ("Telefunken (Venezuela)", "/games/new?variant=telefunken")


def test_the_figures_of_the_records_are_worded(app: Flask) -> None:
    with app.test_request_context("/"):
        said = [WEB.figure_words(code) for code in (WENT_OUT, EXACT_CUTS, BUYS)]
    assert said == ["Deals won by going out", "Exact cuts", "Buys"]


def test_the_scorekeepers_entry_is_the_deal_screen(app: Flask) -> None:
    with app.test_request_context("/"):
        assert WEB.heading() == "Contract rummy"
    assert (WEB.edit_endpoint, WEB.sheet_endpoint, WEB.export_endpoint) == ("table.deal", "table.sheet",
                                                                            "table.export_json")
    assert WEB.edit_endpoint in app.view_functions
    assert WEB.export_endpoint in app.view_functions
