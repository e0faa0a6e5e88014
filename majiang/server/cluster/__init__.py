"""Several server nodes sharing PostgreSQL (the log, fencing epochs) and Redis (leases, the node
directory): one owner per table, every other node a router (docs/server.md, "Several nodes")."""
