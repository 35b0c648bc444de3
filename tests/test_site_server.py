"""The development and test server of build_site.py: a download the browser cuts off is quiet.

Every browser test closes its page, often while the page still downloads the runtime; the server
must not print a traceback for each such connection (they buried real failures in the test log).
"""

from __future__ import annotations

import socket
import struct
import threading
from pathlib import Path

import pytest

import build_site


def test_a_download_cut_off_by_the_browser_prints_no_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "big.bin").write_bytes(bytes(32 * 1024 * 1024))
    server, _ = build_site.serve_in_thread(tmp_path)
    before = set(threading.enumerate())
    try:
        port = server.server_address[1]
        with socket.create_connection(("127.0.0.1", port)) as client:
            client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert client.recv(4096).startswith(b"HTTP/1.0 200")
            # Close with a reset, as a browser dropping a page does: the server's next write fails.
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        handlers = [t for t in threading.enumerate() if t not in before]
        for handler in handlers:
            handler.join(timeout=10)
    finally:
        server.shutdown()
        server.server_close()
    assert capsys.readouterr().err == ""
