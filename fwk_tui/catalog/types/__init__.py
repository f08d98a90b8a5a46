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

from fwk_tui.catalog.types.nodes import (
    SCALAR_NAMES,
    AnyType,
    ArrayType,
    BoolType,
    CodeType,
    Field_,
    LiteralType,
    NumType,
    ObjectType,
    RecordType,
    StrFormat,
    StrType,
    TupleType,
    TypeExpr,
    UnionType,
    literal_values,
    render,
)
from fwk_tui.catalog.types.parse import TypeSyntaxError, parse_type
from fwk_tui.catalog.types.serial import from_json, to_json
from fwk_tui.catalog.types.text import describe

__all__ = [
    "SCALAR_NAMES",
    "AnyType",
    "ArrayType",
    "BoolType",
    "CodeType",
    "Field_",
    "LiteralType",
    "NumType",
    "ObjectType",
    "RecordType",
    "StrFormat",
    "StrType",
    "TupleType",
    "TypeExpr",
    "TypeSyntaxError",
    "UnionType",
    "describe",
    "from_json",
    "literal_values",
    "parse_type",
    "render",
    "to_json",
]
