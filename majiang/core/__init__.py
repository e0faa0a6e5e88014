"""The shared vocabulary every layer above speaks: actions, events, the settlement, melds and seat
state, what the deal fixes (:class:`~majiang.core.deal.TableInfo`), and :class:`TableView`, the
protocol through which the rules see a table. It imports nothing of majiang's but ``tiles``, so the
rules (below the engine) and the engine (above them) share it without importing each other.

Import from the modules (``majiang.core.actions`` …); this package re-exports nothing.
"""
