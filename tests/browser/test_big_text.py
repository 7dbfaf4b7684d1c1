"""Every screen at 320×568 with 200% text, in English, Spanish, Persian and Japanese, measured in real Chromium.

On each screen, after the page has settled at 200% text:
- nothing scrolls sideways (the page is no wider than the phone);
- nothing is cut off: every piece of text lies inside the screen's width and inside every box around it that clips
  (a box that scrolls sideways is allowed only for the deal-by-deal sheet, whose first column and totals stay);
  a select's chosen words fit its box;
- no word is broken inside: each word of each text sits on one line (a line may break after a dash or a hyphen); in
  Japanese, whose prose breaks between any two kana, a short label (上がり), a title, a game's name, a term, a jump
  keeps its words whole;
- the viewer's totals and final standings show every player's points (and chips) beside the name, on the screen.

The end-of-deal form is asked for more: its keypad is within a screen of the first player's row, the whole form
at most 5 screens tall (it was 5.6).
``make test`` walks every screen in Spanish and Persian (the longest words, and right to left) and the viewer's
two screens in two languages each; the full run (``make test FULL=1``, tests/tiers.py) in all four.
Screenshots go to tests/screenshots/big-*.png for a person to look at.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.tiers import matrix, some

from .test_reach import large_text
from .test_reach import phone as phone  # noqa: F401 — a fixture: open(size, scheme, language)
from .test_rtl import screens as screens  # noqa: F401 — a fixture: every screen's address

Shot = Callable[[Page, str], Path]
Phone = Callable[..., Page]

LANGUAGES = ("en", "es", "fa", "ja")
SCREENS = ["home", "new-game", "my-games", "deal", "end", "correct", "sheet", "undo", "players", "share", "handover",
           "referee", "delete", "over", "viewer", "viewer-over", "rules", "rules-index", "offline"]

#: Every fault of the page's layout, as {kind: [description, ...]}.
FAULTS = """() => {
  const W = innerWidth;
  const faults = {wide: [], cut: [], broken: [], select: []};
  if (document.documentElement.scrollWidth > W) faults.wide.push(document.documentElement.scrollWidth);
  const shown = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden') return false;
      if (e.classList.contains('visually-hidden')) return false;
      if (e.tagName === 'DETAILS' && !e.open && e !== el && !(el.closest('summary') && el.closest('details') === e))
        return false;
      if (e.tagName === 'OPTION' || e.tagName === 'SELECT' || e.tagName === 'SCRIPT' || e.tagName === 'STYLE'
          || e.tagName === 'TEXTAREA' || e.tagName === 'svg' || e.tagName === 'TITLE') return false;
      if (e.hidden) return false;
      if (s.clipPath !== 'none' && e.getBoundingClientRect().width <= 1) return false;  // visually hidden
    }
    return true;
  };
  // A box that may scroll sideways: only the deal-by-deal sheet.
  const scrollsOnPurpose = (e) => e.matches('.sheet-wrap, .sheet-scroll');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const cjk = /[\\u3040-\\u30ff\\u3400-\\u9fff]/;
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.data.trim() || !el || !shown(el)) continue;
    const label = `${el.tagName.toLowerCase()}.${el.className || ''} "${node.data.trim().slice(0, 40)}"`;
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (el.closest('.share-url, code, .url')) continue;  // an address is not words: it may break anywhere
    if (el.closest('.sheet-wrap, .sheet-scroll')) {
      // The sheet scrolls sideways on purpose: its first column (the deal, or the player) stays on the screen.
      const cell = el.closest('th, td');
      if (!cell || cell.cellIndex !== 0) continue;
    }
    if (r.left < -1 || r.right > W + 1) {
      faults.cut.push(`${label} at ${Math.round(r.left)}..${Math.round(r.right)}`);
      continue;
    }
    let clipped = false;
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.overflowX === 'visible' && s.overflowY === 'visible' && s.textOverflow !== 'ellipsis') continue;
      if (scrollsOnPurpose(e)) break;
      const b = e.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1) { clipped = true; break; }
      if (e.scrollWidth > e.clientWidth + 1 && s.overflowX !== 'visible') { clipped = true; break; }
    }
    if (clipped) { faults.cut.push(`${label} clipped`); continue; }
    // Each word on one line: its pieces share one top.
    const text = node.data;
    // A line may break after a dash, a hyphen or a slash (9–14, referee-game): the pieces between are the words.
    const re = cjk.test(text) ? /[^\\s、。，（）()・\u2013\u2014/-]+/g : /[^\\s\u2013\u2014/-]+/g;
    let m;
    while ((m = re.exec(text))) {
      const word = m[0];
      // Japanese prose breaks between any two kana, as Japanese is set; a label (a whole text of a few characters:
      // 上がり), a title, a game's name, a term or a jump keeps its words whole.
      const named = el.closest('h1, h2, .eyebrow, dt, .jump, .variant-name');
      if (cjk.test(word) && (word.length > 5 || (node.data.trim().length > 6 && !named))) continue;
      if (/[=_]/.test(word)) continue;  // a setting's name (HOST=0.0.0.0) is not a word
      const w = document.createRange();
      w.setStart(node, m.index);
      w.setEnd(node, m.index + word.length);
      // Two lines: pieces whose tops differ by more than half a piece's height (a kanji and a kana drawn from two
      // fonts differ by a pixel or two on one line).
      const pieces = Array.from(w.getClientRects()).filter((x) => x.width > 0);
      const tops = pieces.map((x) => x.top);
      const lowest = Math.min(...pieces.map((x) => x.height));
      if (pieces.length > 1 && Math.max(...tops) - Math.min(...tops) > lowest / 2)
        faults.broken.push(`${label}: "${word}"`);
    }
  }
  for (const select of document.querySelectorAll('select')) {
    if (!shown(select.parentElement)) continue;
    const s = getComputedStyle(select);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const chosen = select.options[select.selectedIndex];
    if (!chosen) continue;
    const b = select.getBoundingClientRect();
    if (b.left < -1 || b.right > W + 1) faults.select.push(`${select.name} off the screen`);
    if (s.appearance === 'base-select') {
      // A customizable select wraps its chosen words inside its box: the box must hold them.
      // (a Persian line's ascenders may reach a few pixels past the box: a quarter of a line is not a cut word)
      const slack = parseFloat(s.fontSize) / 4;
      if (select.scrollWidth > select.clientWidth + 1 || select.scrollHeight > select.clientHeight + slack)
        faults.select.push(`${select.name}: "${chosen.text}" overflows its box`);
      continue;
    }
    const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 16;
    const need = ctx.measureText(chosen.text).width;
    if (need > room)
      faults.select.push(`${select.name}: "${chosen.text}" needs ${Math.round(need)} px, has ${Math.round(room)}`);
  }
  return Object.fromEntries(Object.entries(faults).filter(([, v]) => v.length));
}"""


def faults(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(FAULTS)
    return found


@pytest.mark.parametrize("language", some(LANGUAGES, quick=("es", "fa")))
def test_every_screen_holds_at_320_with_200_percent_text(
    phone: Phone, screens: dict[str, str], screenshot: Shot, language: str
) -> None:
    page = phone("320x568", "light", language)
    found = {}
    for screen in SCREENS:
        page.goto(screens[screen])
        expect(page.locator("html")).to_have_attribute("lang", language)
        large_text(page)
        page.evaluate("document.querySelectorAll('details:not(.lang-menu)').forEach((d) => { d.open = true; })")
        screenshot(page, f"big-{screen}-{language}")
        if problems := faults(page):
            found[screen] = problems
    for screen, problems in found.items():
        print(language, screen, json.dumps(problems, ensure_ascii=False, indent=1))
    assert found == {}


def on_screen(page: Page, cells: list[str]) -> None:
    """Each cell shown and wholly inside the screen's width (its row is checked by the caller)."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    for testid in cells:
        cell = page.get_by_test_id(testid)
        expect(cell).to_be_visible()
        found = cell.bounding_box()
        assert found is not None
        assert found["x"] >= 0, (testid, found)
        assert found["x"] + found["width"] <= width, (testid, found)


@pytest.mark.parametrize(("screen", "language"), matrix(["viewer", "viewer-over"], LANGUAGES))
def test_the_viewer_shows_every_score_at_200_percent(
    phone: Phone, screens: dict[str, str], language: str, screen: str
) -> None:
    page = phone("320x568", "light", language)
    page.goto(screens[screen])
    large_text(page)
    for name in ("Ana", "مریم", "太郎", "Dani"):
        cells = [f"total-points-{name}"] + ([f"chips-{name}"] if screen == "viewer" else [])
        on_screen(page, cells)
        row = page.get_by_test_id(f"total-{name}").bounding_box()
        points = page.get_by_test_id(f"total-points-{name}").bounding_box()
        assert row is not None
        assert points is not None
        assert row["y"] <= points["y"]
        assert points["y"] + points["height"] <= row["y"] + row["height"] + 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_end_of_deal_form_keeps_its_keypad_near_the_names(
    phone: Phone, screens: dict[str, str], screenshot: Shot, language: str
) -> None:
    page = phone("320x568", "light", language)
    page.goto(screens["end"])
    large_text(page)
    height = page.evaluate("document.documentElement.scrollHeight")
    first = page.get_by_test_id("hand-مریم").bounding_box()
    keypad = page.locator(".keypad").first.bounding_box()
    screenshot(page, f"big-end-form-{language}")
    print(f"end of deal at 200% ({language}): {height / 568:.1f} screens tall")
    assert first is not None
    assert keypad is not None
    assert abs(keypad["y"] - first["y"]) <= 568, (first, keypad)
    assert height <= 5 * 568  # 5.6 screens before the keys and pills kept a thumb's size; 4.5 (en) to 4.9 (fa) now
