"""majiang/core imports msgspec with typing_extensions hidden (issue 28, start-up: ≈ 15 ms of CPU):
msgspec then reads type hints through ``typing``, which on Python 3.11+ is what typing_extensions
gave it, and typing_extensions stays importable for everyone else."""

from __future__ import annotations

import subprocess
import sys


def test_msgspec_is_imported_without_typing_extensions_and_reads_the_same_hints() -> None:
    code = (
        "import sys, typing; import majiang.env; import msgspec._utils as u; "
        "print('typing_extensions' in sys.modules, u._get_type_hints is typing.get_type_hints, "
        "u.NotRequired is typing.NotRequired, u.Required is typing.Required); "
        "import typing_extensions; print(typing_extensions.get_type_hints is not None)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True", "True", "True", "True"]


def test_structs_with_extras_decode_as_before() -> None:
    """What typing_extensions' get_type_hints would have added (Annotated kept, Literal, optional
    fields, a TypedDict's NotRequired) msgspec still reads."""
    code = (
        "import majiang.core, msgspec, typing\n"
        "class T(typing.TypedDict):\n    a: int\n    b: typing.NotRequired[str]\n"
        "class S(msgspec.Struct):\n    x: typing.Annotated[int, msgspec.Meta(ge=0)]\n"
        "    y: typing.Literal['A', 'B'] = 'A'\n    t: T | None = None\n"
        "print(msgspec.json.decode(b'{\"x\": 1, \"y\": \"B\", \"t\": {\"a\": 2}}', type=S))\n"
        "try:\n    msgspec.json.decode(b'{\"x\": -1}', type=S)\nexcept msgspec.ValidationError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["S(x=1, y='B', t={'a': 2})", "Expected `int` >= 0 - at `$.x`"]
