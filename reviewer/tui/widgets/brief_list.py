"""The brief list: virtual, so only the rows on screen are ever fetched from the database."""

from __future__ import annotations

from typing import ClassVar, Protocol

from rich.segment import Segment
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Input, Static

from reviewer.tui.literal import one_line
from reviewer.tui.shapes import Row
from reviewer.vocabulary import FILTERS

PAGE = 100


class BriefPages(Protocol):
    """Where rows come from: the screen hands one in (attributes down). `thread=True` says
    the call comes from a worker thread (it must not share the UI thread's connection)."""

    def count(self, filter: str, search: str) -> int:
        """Called from a worker thread."""
        ...

    def page(
        self, filter: str, search: str, offset: int, limit: int, *, thread: bool = False
    ) -> list[Row]: ...

    def position(self, filter: str, search: str, brief_pk: int) -> int | None:
        """Index of a brief in the list (None: not listed). Called from a worker thread."""
        ...


class BriefRows(ScrollView, can_focus=True):
    """Line API list: renders only visible rows, fetching them a page at a time.

    The plain list pages by index, fast enough to fetch as it scrolls. A search or filter
    may scan every brief, so its pages, count and the current brief's place in it are
    fetched by workers and drawn when they arrive; the UI never waits on them."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "brief-rows--cursor",
        "brief-rows--current",
        "brief-rows--done",
        "brief-rows--dim",
    }
    DEFAULT_CSS = """
    BriefRows { overflow-x: hidden; height: 1fr; scrollbar-gutter: stable; }
    BriefRows > .brief-rows--cursor {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
    }
    BriefRows:blur > .brief-rows--cursor { background: $block-cursor-blurred-background; }
    BriefRows > .brief-rows--current { text-style: bold; color: $accent; }
    BriefRows > .brief-rows--done { color: $success; }
    BriefRows > .brief-rows--dim { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("pageup", "cursor(-20)", "Page up", show=False),
        Binding("pagedown", "cursor(20)", "Page down", show=False),
        Binding("home", "cursor(-1000000000)", "First", show=False),
        Binding("end", "cursor(1000000000)", "Last", show=False),
        Binding("enter", "open", "Open brief", show=False),
    ]

    cursor: reactive[int] = reactive(0, always_update=True)

    class Opened(Message):
        """The user chose a brief in the list."""

        def __init__(self, brief_pk: int) -> None:
            super().__init__()
            self.brief_pk = brief_pk

    class Counted(Message):
        """The list's length is known (the title can say it)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._generation = 0
        self.counted = False
        self.pages: BriefPages | None = None
        self.filter = "all"
        self.search = ""
        self.total = 0
        self.current_pk: int | None = None
        self._cache: dict[int, list[Row]] = {}
        self._loading: set[int] = set()  # pages a worker is fetching
        self._epoch = 0  # counts the user's own cursor moves: a late answer never undoes one

    @property
    def slow(self) -> bool:
        """Does paging this list scan briefs (a search or filter) rather than walk an index?"""
        return bool(self.search) or self.filter != "all"

    def reload(self) -> None:
        """Drop cached rows and refetch: the plain list's first page now (the first brief
        is painted with it), a searched or filtered list's in a worker."""
        self._cache.clear()
        self._loading.clear()
        self._generation += 1
        self.total, self.counted = PAGE, False
        self.cursor = 0
        if self.pages is not None and self.slow:
            self._loading.add(0)
            self.load_list(self._generation, self._epoch, self.filter, self.search)
        elif self.pages is not None:
            first = self.row(0)  # fetches the first page
            fetched = len(self._cache.get(0, [])) if first is not None else 0
            if fetched < PAGE:  # it all fits on the first page
                self._set_total(self._generation, fetched)
            else:
                self.count_rows(self._generation, self.filter, self.search)
            self._find_current(self._generation)
        else:
            self._set_total(self._generation, 0)
        self.refresh()

    def _find_current(self, generation: int) -> None:
        """Sit on the brief under review: in the rows at hand, else ask where it is."""
        if self.current_pk is None:
            return
        index = self.index_of(self.current_pk)
        if index is not None:
            self.cursor = index
        elif len(self._cache.get(0, [])) >= PAGE:
            self.locate(generation, self._epoch, self.filter, self.search, self.current_pk)

    @work(thread=True, exclusive=True, group="brief-count")
    def count_rows(self, generation: int, filter: str, search: str) -> None:
        """Counting a filtered list of 100,000 briefs takes longer than a frame."""
        assert self.pages is not None
        total = self.pages.count(filter, search)
        self.app.call_from_thread(self._set_total, generation, total)

    @work(thread=True, exclusive=True, group="brief-list")
    def load_list(self, generation: int, epoch: int, filter: str, search: str) -> None:
        """A searched or filtered list: its first page (the cursor finds the current brief
        there, or asks where it is), then its length."""
        assert self.pages is not None
        first = self.pages.page(filter, search, 0, PAGE, thread=True)
        self.app.call_from_thread(self._got_page, generation, epoch, 0, first)
        total = len(first) if len(first) < PAGE else self.pages.count(filter, search)
        self.app.call_from_thread(self._set_total, generation, total)

    @work(thread=True, exclusive=True, group="brief-locate")
    def locate(self, generation: int, epoch: int, filter: str, search: str, brief_pk: int) -> None:
        """Where a brief beyond the fetched pages sits in the list (for the cursor)."""
        assert self.pages is not None
        at = self.pages.position(filter, search, brief_pk)
        self.app.call_from_thread(self._got_position, generation, epoch, brief_pk, at)

    @work(thread=True, group="brief-pages")
    def load_page(self, generation: int, number: int, filter: str, search: str) -> None:
        assert self.pages is not None
        rows = self.pages.page(filter, search, number * PAGE, PAGE, thread=True)
        self.app.call_from_thread(self._got_page, generation, None, number, rows)

    def _got_page(
        self, generation: int, epoch: int | None, number: int, fetched: list[Row]
    ) -> None:
        if generation != self._generation:  # a newer filter or search has taken over
            return
        self._loading.discard(number)
        self._store(number, fetched)
        if epoch == self._epoch:  # the first page, and the user has not moved meanwhile
            self._find_current(generation)
        self.refresh()

    def _got_position(self, generation: int, epoch: int, brief_pk: int, index: int | None) -> None:
        current = brief_pk == self.current_pk and epoch == self._epoch
        if generation == self._generation and current and index is not None:
            self.cursor = index

    def _store(self, number: int, fetched: list[Row]) -> list[Row]:
        page = self._cache[number] = list(fetched)
        return page

    def _set_total(self, generation: int, total: int) -> None:
        if generation != self._generation:  # a newer filter or search has taken over
            return
        self.total, self.counted = total, True
        self.virtual_size = Size(self.size.width, total)
        self.refresh()
        self.post_message(self.Counted())

    def row(self, index: int) -> Row | None:
        """The row at a list index, fetching its page now when not cached."""
        if not 0 <= index < self.total or self.pages is None:
            return None
        number = index // PAGE
        page = self._cache.get(number)
        if page is None:
            fetched = self.pages.page(self.filter, self.search, number * PAGE, PAGE)
            page = self._store(number, fetched)
            self._loading.discard(number)
        return _on_page(page, index)

    def peek(self, index: int) -> Row | None:
        """The row at a list index if it is at hand; a slow list's missing page is fetched
        by a worker (drawn when it arrives), the plain list's right away."""
        if not self.slow:
            return self.row(index)
        number = index // PAGE
        page = self._cache.get(number)
        if page is None:
            if number not in self._loading and self.pages is not None and 0 <= index < self.total:
                self._loading.add(number)
                self.load_page(self._generation, number, self.filter, self.search)
            return None
        return _on_page(page, index)

    def index_of(self, brief_pk: int) -> int | None:
        """Index of a brief among the rows already fetched (no query)."""
        for number, page in self._cache.items():
            for offset, row in enumerate(page):
                if row.brief_pk == brief_pk:
                    return number * PAGE + offset
        return None

    def update_row(self, row: Row) -> None:
        """Replace one cached row (after a label) and redraw only that line."""
        index = self.index_of(row.brief_pk)
        if index is None:
            return
        page = self._cache[index // PAGE]
        page[index % PAGE] = row
        self.refresh_line(index)

    def mark_current(self, brief_pk: int) -> None:
        """Highlight the brief being reviewed and bring it into view if it is listed."""
        if brief_pk == self.current_pk:
            return
        before = None if self.current_pk is None else self.index_of(self.current_pk)
        self.current_pk = brief_pk
        if before is not None:
            self.refresh_line(before)
        index = self.index_of(brief_pk)
        if index is not None:
            self.cursor = index
            self.refresh_line(index)
        elif self.pages is not None and len(self._cache.get(0, [])) >= PAGE:
            self.locate(self._generation, self._epoch, self.filter, self.search, brief_pk)

    def watch_cursor(self, before: int, cursor: int) -> None:
        self.scroll_to_region_y(cursor)
        self.refresh_line(before)
        self.refresh_line(cursor)

    def scroll_to_region_y(self, index: int) -> None:
        top, height = self.scroll_offset.y, self.size.height
        if index < top:
            self.scroll_to(y=index, animate=False)
        elif height and index >= top + height:
            self.scroll_to(y=index - height + 1, animate=False)

    def action_cursor(self, delta: int) -> None:
        self._epoch += 1
        if self.total:
            self.cursor = max(0, min(self.total - 1, self.cursor + delta))

    def action_open(self) -> None:
        row = self.row(self.cursor)
        if row is not None:
            self.post_message(self.Opened(row.brief_pk))

    def neighbour(self, step: int) -> int | None:
        """The brief `step` rows from the cursor, moving the cursor there."""
        index = self.cursor + step
        row = self.row(index)
        if row is None:
            return None
        self._epoch += 1
        self.cursor = index
        return row.brief_pk

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None:
            self._epoch += 1
            self.cursor = self.scroll_offset.y + offset.y
            self.action_open()

    def on_resize(self) -> None:
        self.virtual_size = Size(self.size.width, self.total)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        row = self.peek(index)
        if row is None:
            return Strip.blank(width, self.rich_style)
        base = self.rich_style
        if index == self.cursor:
            base = base + self.get_component_rich_style("brief-rows--cursor")
        if row.brief_pk == self.current_pk:
            base = base + self.get_component_rich_style("brief-rows--current")
        done = row.flags > 0 and row.labeled >= row.flags
        mark_style = base + self.get_component_rich_style("brief-rows--done")
        dim = base + self.get_component_rich_style("brief-rows--dim")
        counts = f" {row.flags:>3} {row.labeled:>3}"
        verdicts = f" {row.false_positives:>2}✗" if row.false_positives else "    "
        name_width = name_room(width)
        name = one_line(row.brief_id)
        name = name if len(name) <= name_width else name[: name_width - 1] + "…"
        segments = [
            Segment("▶" if row.brief_pk == self.current_pk else " ", base),
            Segment(name.ljust(name_width), base),
            Segment(counts, base),
            Segment(verdicts, dim),
            Segment(" ✓" if done else "  ", mark_style),
        ]
        return Strip(segments).adjust_cell_length(width, base)


def _on_page(page: list[Row], index: int) -> Row | None:
    """The row at a list index on its (possibly short, last) page."""
    offset = index % PAGE
    return page[offset] if offset < len(page) else None


COUNTS = 8  # " fff lll": a row's flags and labeled counts
MARKS = 4 + 3  # " nn✗" false positives, then " ✓" and the cursor's mark


def name_room(width: int) -> int:
    """Columns a row of `width` leaves for the brief's id."""
    return max(1, width - COUNTS - MARKS)


def list_head(width: int) -> str:
    """` brief        flags lab`: the column names over a row of `width`, aligned."""
    return " " + "brief".ljust(name_room(width) - 1) + "flags lab"


class BriefList(Vertical):
    """The rows, a title saying which filter and search apply, and the search box."""

    class SearchClosed(Message):
        """The search box closed; the screen takes focus back."""

    def compose(self) -> ComposeResult:
        yield Static("", markup=False, id="list-title")
        yield Input(placeholder="id or text, then enter", id="search", disabled=True)
        yield Static(list_head(36), markup=False, id="list-head")
        yield BriefRows(id="rows")

    def on_resize(self) -> None:
        """The column names stay over their columns, however wide the list is."""
        self.call_after_refresh(self._align_head)

    def _align_head(self) -> None:
        width = self.rows.scrollable_content_region.width
        if width:
            self.query_one("#list-head", Static).update(list_head(width), layout=False)

    @property
    def rows(self) -> BriefRows:
        return self.query_one(BriefRows)

    def set_source(self, pages: BriefPages) -> None:
        self.rows.pages = pages
        self.apply()

    @property
    def filter(self) -> str:
        """The filter applied now."""
        return self.rows.filter

    def first_brief(self) -> int | None:
        """The brief at the top of the list (fetched now if need be)."""
        row = self.rows.row(0)
        return None if row is None else row.brief_pk

    def mark_current(self, brief_pk: int) -> None:
        """Highlight the brief being reviewed and bring it into view if it is listed."""
        self.rows.mark_current(brief_pk)

    def update_row(self, row: Row | None) -> None:
        """Redraw one brief's counts after a label (no query)."""
        if row is not None:
            self.rows.update_row(row)

    def neighbour(self, brief_pk: int | None, step: int) -> int | None:
        """The brief `step` rows from `brief_pk` in the list as filtered; from the row under
        the cursor when that brief is not listed. Moves the cursor there."""
        rows = self.rows
        if brief_pk is not None and (index := rows.index_of(brief_pk)) is not None:
            rows.cursor = index
        else:  # the current brief is not listed: the row under the cursor comes next
            step = 0
        return rows.neighbour(step)

    def focus_rows(self) -> None:
        self.rows.focus()

    def apply(self, filter: str | None = None, search: str | None = None) -> None:
        """Set the filter and/or search and refetch from the first page."""
        rows = self.rows
        rows.filter = filter if filter is not None else rows.filter
        rows.search = search if search is not None else rows.search
        rows.reload()
        self.draw_title()

    def draw_title(self) -> None:
        rows = self.rows
        counting = "searching…" if rows.search else "counting…"
        title = f"{FILTERS[rows.filter].title} · {rows.total:,}" if rows.counted else counting
        if rows.search:
            title += f" · /{one_line(rows.search)}"
        self.query_one("#list-title", Static).update(Content(title))

    def on_brief_rows_counted(self) -> None:
        self.draw_title()

    def open_search(self) -> None:
        self.add_class("searching")
        box = self.query_one("#search", Input)
        box.disabled = False
        box.value = self.rows.search
        box.focus()

    def close_search(self) -> None:
        self.remove_class("searching")
        self.query_one("#search", Input).disabled = True
        self.post_message(self.SearchClosed())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.apply(search=event.value.strip())
        self.close_search()

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and self.has_class("searching"):
            event.stop()  # escape drops the search, as it drops what was being typed
            self.apply(search="")
            self.close_search()
