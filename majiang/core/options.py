"""How an option of a ruleset is described to people, next to its declaration.

Each option is one field of a ruleset's options struct (msgspec), declared once: its type and default
as usual, and in its ``Annotated`` metadata a label and a one-line explanation in Chinese and English,
and a name for each value of a ``Literal`` (:func:`described`)::

    mode: Annotated[Literal["A", "B"], described(
        "玩法", "Mode", "不打缺可吃上家；…", "A: chi from the left player allowed; …",
        choices={"A": ("不打缺", "A: all suits"), "B": ("打缺", "B: two suits at most")})] = "A"

The scoring packages declare the options that change a score this way, and a ruleset's options
struct extends its scoring package's with the options of the table flow. :func:`option_infos` reads
the descriptions back for the lobby (``GET /api/rulesets``) and the rules pages.
"""

from __future__ import annotations

import typing
from typing import Any, TypeVar

import msgspec

S = TypeVar("S", bound=msgspec.Struct)


class Text(msgspec.Struct, frozen=True):
    zh: str
    en: str


class OptionInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    key: str
    label: Text
    help: Text
    choices: dict[str, Text] | None = None  # for an option with named values (a Literal)


def described(label_zh: str, label_en: str, help_zh: str, help_en: str,
              choices: dict[str, tuple[str, str]] | None = None) -> msgspec.Meta:
    """The metadata of one option: put it in the field's ``Annotated`` type."""
    return msgspec.Meta(extra={"option": {
        "label": (label_zh, label_en),
        "help": (help_zh, help_en),
        "choices": choices,
    }})


def option_infos(options_type: type[msgspec.Struct], first: str | None = None) -> tuple[OptionInfo, ...]:
    """Every option of ``options_type`` with its description, in declaration order (a base struct's
    fields first), ``first`` (the mode) moved to the front. ``ValueError`` names an option declared
    without :func:`described`, or a ``Literal`` whose values and choice names differ."""
    hints = typing.get_type_hints(options_type, include_extras=True)
    out = []
    for key in options_type.__struct_fields__:
        hint = hints[key]
        meta = next((m for m in getattr(hint, "__metadata__", ()) if isinstance(m, msgspec.Meta)), None)
        described_as = (meta.extra or {}).get("option") if meta is not None else None
        if described_as is None:
            raise ValueError(f"{options_type.__name__}.{key} has no description (majiang.core.options.described)")
        choices = described_as["choices"]
        literal = typing.get_args(typing.get_args(hint)[0]) if typing.get_origin(typing.get_args(hint)[0]) \
            is typing.Literal else None
        if list(choices or ()) != list(literal or ()):
            raise ValueError(f"{options_type.__name__}.{key}: choices {list(choices or ())} "
                             f"do not name its values {list(literal or ())}")
        out.append(OptionInfo(
            key=key,
            label=Text(*described_as["label"]),
            help=Text(*described_as["help"]),
            choices={k: Text(*v) for k, v in choices.items()} if choices else None,
        ))
    if first is not None:
        out.sort(key=lambda info: info.key != first)  # (stable: the others keep their order)
    return tuple(out)


def option_info_json(options_type: type[msgspec.Struct], first: str | None = None) -> list[dict[str, Any]]:
    """:func:`option_infos` as JSON-ready dicts."""
    return msgspec.to_builtins(list(option_infos(options_type, first)))  # type: ignore[no-any-return]


def narrowed(options: msgspec.Struct, to_type: type[S], **changes: Any) -> S:
    """The fields of ``options`` that ``to_type`` declares, as a ``to_type`` (a ruleset's options →
    its scoring package's, which they extend), with ``changes`` applied."""
    values = {f: getattr(options, f) for f in to_type.__struct_fields__}
    values.update(changes)
    return to_type(**values)
