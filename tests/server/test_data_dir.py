"""An existing data directory is made private at start (it holds the database and the signing key),
and one the server must not close (shared like /tmp, or another user's) is refused in one line."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from tests.server.harness import ServerProcess


def test_an_open_data_directory_is_made_private(tmp_path: Path) -> None:
    data = tmp_path / "open"
    data.mkdir()
    os.chmod(data, 0o755)
    srv = ServerProcess(data, log_path=tmp_path / "open.log").start()
    try:
        assert stat.S_IMODE(data.stat().st_mode) == 0o700
        assert stat.S_IMODE((data / "secret.key").stat().st_mode) == 0o600
    finally:
        srv.stop()


def test_a_shared_data_directory_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "shared"
    data.mkdir()
    os.chmod(data, 0o1777)
    res = subprocess.run([sys.executable, "-m", "majiang", "serve", "--port", "0", "--data-dir", str(data)],
                         capture_output=True, text=True, timeout=60, env={**os.environ, "MAJIANG_TEST_HOOKS": ""})
    assert res.returncode != 0 and res.stdout == ""
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and str(data) in lines[0] and "1777" in lines[0] and "own" in lines[0], res.stderr
    assert stat.S_IMODE(data.stat().st_mode) == 0o1777 and not (data / "secret.key").exists()
