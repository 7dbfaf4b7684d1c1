"""Browser-test harness: Debian's Chromium at a phone's size, against the app served on a free local port. The
tests take their pictures (tests/screenshots/) only under ``make screenshots``.

pytest-playwright's browser is session-scoped and so is ``live_server``: every test shares one app and one
database, so a test must make the data it needs and never rely on another test's.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError
from werkzeug.serving import make_server

from referee import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"


@dataclass(frozen=True)
class LiveServer:
    """The app served over HTTP for the browser; ``url`` has no trailing slash."""

    app: Flask
    url: str


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("live_server")
    # Live streams end every 3 seconds (as they do every few minutes in production), so reconnecting is tested.
    app = create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{root / 'referee.sqlite3'}", "LIVE_STREAM_LIFETIME": 3},
        instance_path=root / "instance",
    )
    with serving(app, "live_server") as server:
        yield server


@contextmanager
def serving(app: Flask, name: str) -> Iterator[LiveServer]:
    """``app`` served in a thread of this process on a free port of 127.0.0.1, stopped and its database closed
    on leaving."""
    # Port 0: the system picks a free port and the server holds it from the start.
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name=name, daemon=True)
    thread.start()
    try:
        yield LiveServer(app=app, url=f"http://127.0.0.1:{server.server_port}")
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        app.extensions["referee.db"].dispose()


@pytest.fixture(scope="session")
def base_url(live_server: LiveServer) -> str:
    """Relative addresses (``page.goto("/")``) go to the live server."""
    return live_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Every page is a phone: drawn at twice its size for the pictures (``make screenshots``), at its size for the
    checks, which measure in CSS pixels."""
    return {
        **browser_context_args,
        "viewport": PHONE,
        "device_scale_factor": 2 if TAKE_SCREENSHOTS else 1,
        "is_mobile": True,
        "has_touch": True,
    }


# A page's text and controls may take a moment longer than Playwright's 5 s on a machine busy with the rest of
# the suite; nothing is timed by waiting longer (a test that must be quick says its own timeout).
expect.set_options(timeout=10_000)


#: Pictures are taken only when asked for (``make screenshots``): encoding a whole page at twice a phone's
#: resolution costs more than the checks around it, and ``make test`` checks, it does not draw.
TAKE_SCREENSHOTS = os.environ.get("REFEREE_SCREENSHOTS", "") not in ("", "0")


def capture(page: Page | Locator, **options: Any) -> bytes:
    """``page.screenshot(**options)``, taken once more when Chromium cannot capture a frame while it is still
    painting (right after a change of colour scheme, on a busy machine): the picture is for a person to look at.
    Nothing (``b""``) unless :data:`TAKE_SCREENSHOTS`."""
    if not TAKE_SCREENSHOTS:
        return b""
    if "path" in options:
        Path(options["path"]).parent.mkdir(parents=True, exist_ok=True)
    try:
        return page.screenshot(**options)
    except PlaywrightError as error:
        if "Unable to capture screenshot" not in str(error):
            raise
        page.wait_for_timeout(500)
        return page.screenshot(**options)


def wait_until(page: Page, expression: str, timeout: float = 10_000) -> None:
    """Wait until ``expression`` (a JavaScript expression, or a function whose promise resolves) is truthy in
    ``page``. Not ``page.wait_for_function``: that polls by evaluating the expression from inside the page, which our
    Content-Security-Policy (no 'unsafe-eval') refuses after the first try; ``page.evaluate`` is not subject to it."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        try:
            if page.evaluate(expression):
                return
        except PlaywrightError as error:  # a navigation in between destroys the context: try again
            if "context was destroyed" not in str(error) and "navigation" not in str(error).lower():
                raise
        if time.monotonic() > deadline:
            raise AssertionError(f"still not true after {timeout / 1000:g} s: {expression}")
        page.wait_for_timeout(100)


@pytest.fixture
def screenshot() -> Callable[[Page, str], Path]:
    """Return ``take(page, name)``, which saves the whole page to tests/screenshots/NAME.png for a person to look at
    (with ``make screenshots``; else it only says where the picture would be)."""

    def take(page: Page, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        capture(page, path=path, full_page=True)
        return path

    return take


@pytest.fixture
def viewer(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """The players' phone: a second browser context (its own cookies), the same phone size."""
    context = browser.new_context(**browser_context_args)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def other_phone(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """Another phone (its own cookies and storage), the same size."""
    context = browser.new_context(**browser_context_args)
    try:
        yield context
    finally:
        context.close()
