"""``referee serve``: the web app behind gunicorn (:mod:`referee.server`), or Flask's development server."""

from __future__ import annotations

import click

__all__ = ["serve_command"]


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: local network).")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 64),
              help="Worker processes (each answers many requests at once).")
@click.option("--debug", is_flag=True,
              help="Flask's development server instead: reloads on code changes, shows tracebacks. Never in public.")
def serve_command(host: str, port: int, workers: int, debug: bool) -> None:
    """Serve the referee web app (gunicorn; the development server with --debug)."""
    if debug:
        from referee import create_app

        create_app().run(host=host, port=port, debug=True, use_reloader=True, threaded=True)
        return
    from referee.server import Server

    Server({"bind": f"{host}:{port}", "workers": workers}).run()
