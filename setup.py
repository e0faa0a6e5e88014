"""Build hook for the optional C accelerators only; all metadata lives in pyproject.toml.

``optional=True``: without a working compiler the build prints a warning and the
install goes on; ``majiang.hand`` and ``majiang.env`` then use their pure-Python paths
(docs/hand.md, docs/env.md).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "majiang.hand._speedups",
            sources=["majiang/hand/_speedups.c"],
            optional=True,
        ),
        Extension(
            "majiang.env._envfast",
            sources=["majiang/env/_envfast.c"],
            optional=True,
        ),
    ]
)
