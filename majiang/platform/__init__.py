"""The platform around the table: accounts, profiles, 战绩 and replay codes (docs/server.md).

Services over the store that the REST layer (majiang/server/platform_routes.py) calls. The live
table knows only player ids and seats; it reports each ended hand through one hook
(:mod:`majiang.platform.records`), and everything else here is ordinary rows in the same database."""
