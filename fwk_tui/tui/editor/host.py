"""What the editor's controllers use of the app: the app is its one implementation.

The controllers (disk watch, journal, save flow, navigation...) hold a reference
typed by this protocol instead of importing the app, so imports run one way:
app -> controllers -> host.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from textual.geometry import Size
    from textual.notifications import SeverityLevel
    from textual.screen import Screen
    from textual.timer import Timer
    from textual.widget import Widget
    from textual.worker import Worker

    from fwk_tui.journal import Journal
    from fwk_tui.session import EditSession
    from fwk_tui.settings import Settings
    from fwk_tui.tui.form_model import FormFilter, FormModel

ResultT = TypeVar("ResultT")
WidgetT = TypeVar("WidgetT", bound="Widget")


class EditorHost(Protocol):
    """The editor app as its controllers see it: its state and the Textual services they call."""

    session: EditSession
    settings: Settings | None
    journal: Journal | None
    label: str
    model: FormModel
    form_filter: FormFilter
    sub_title: str

    @property
    def layer_of(self) -> str | None: ...

    @property
    def size(self) -> Size: ...

    @property
    def focused(self) -> Widget | None: ...

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    def notify(  # the app's: never markup
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None
    ) -> None: ...

    def push_screen(self, *args: Any, **kwargs: Any) -> Any: ...

    def clear_notifications(self) -> None: ...

    async def push_screen_wait(self, screen: Screen[ResultT], *, mode: str | None = None) -> ResultT: ...

    def query_one(self, selector: type[WidgetT]) -> WidgetT: ...

    def run_worker(self, work: Awaitable[ResultT], name: str | None = "", group: str = "default", description: str = "",
                   exit_on_error: bool = True, start: bool = True, exclusive: bool = False,
                   thread: bool = False) -> Worker[ResultT]: ...

    def set_timer(
        self, delay: float, callback: Callable[[], Any] | None = None, *, name: str | None = None, pause: bool = False
    ) -> Timer: ...

    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool: ...

    def call_from_thread(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> Any: ...

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None: ...

    def refresh_bindings(self) -> None: ...

    async def go_to(self, path: str, *, quiet: bool = False) -> bool: ...

    async def settle(self) -> None:
        """Let the keys typed so far reach their fields (see ``fwk_tui.tui.settle``)."""

    def release_keys(self) -> None:
        """Type the keys held since a go-to was chosen where the focus is now (see ``fwk_tui.tui.held_keys``)."""

    def exit(self, result: None = None, return_code: int = 0, message: Any = None) -> None: ...
