"""Build hook for the optional C accelerator only; all metadata lives in pyproject.toml.

``optional=True``: without a working compiler the build prints a warning and the
install goes on; ``majiang.hand`` then uses its pure-Python path (docs/hand.md).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "majiang.hand._speedups",
            sources=["majiang/hand/_speedups.c"],
            optional=True,
        )
    ]
)
