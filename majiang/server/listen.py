"""The server's listening socket, bound by us rather than by uvicorn: ``--port 0`` then has a real
port to print, ``--workers`` can check the port once for all its nodes, and a failure to bind is
one line saying what to do."""

from __future__ import annotations

import errno
import socket


def listening_socket(host: str, port: int, reuse_port: bool) -> socket.socket:
    """The server's socket, bound (so --port 0 gives a real port to print); OSError says what to do."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:  # one of --workers nodes: the kernel spreads connections over them
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        where = f"{host}:{port}"
        if e.errno == errno.EADDRINUSE:
            raise OSError(f"cannot listen on {where}: the address is in use (another server there?): "
                          "stop it, or pass another --port") from None
        if e.errno == errno.EADDRNOTAVAIL:
            raise OSError(f"cannot listen on {where}: this machine has no such address (check --host)") from None
        if e.errno == errno.EACCES:
            raise OSError(f"cannot listen on {where}: permission denied (ports below 1024 need root; "
                          "pass --port 8000)") from None
        raise OSError(f"cannot listen on {where}: {e.strerror or e}") from None
    return sock
