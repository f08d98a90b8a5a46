"""Type expressions: the type of an option, precise enough to validate a value
and to pick a widget.

The catalogue writes them as text, close to TypeScript::

    boolean
    integer(1..65535)
    'automatic' | 'automatic-immediate' | 'manual' | false
    array<string | regex>
    record<string>
    {src: path, mode?: 'client' | 'server'}
    boolean | {server?: boolean | 'hidden', client?: boolean | 'hidden'}
    [string, object]                    (a tuple)
    {id?: string, ...}                  (an object that accepts other keys)

Names: ``boolean string number integer date url path glob regex source code
function any object array<T> record<T>``. ``object`` alone is an object whose
fields are not listed. ``source`` is a layer source (``github:``, ``gh:``,
``gitlab:``, ``bitbucket:``, ``https:`` or a local path). Scalars and
``number``/``integer`` take an optional range ``(min..max)``.
"""

from fwk_tui.catalog.types.nodes import *  # noqa: F403 (the type model: its own __all__)
from fwk_tui.catalog.types.parse import TypeSyntaxError as TypeSyntaxError
from fwk_tui.catalog.types.parse import parse_type as parse_type

