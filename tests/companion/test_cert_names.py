"""`beans serve --cert FILE --key FILE` answers as its certificate's names (issue 46, item
3): the names a given certificate is valid for (its subject alternative names) are among
the names the server answers as, and what the terminal and the QR code show is one of
them; a page under any other name is still refused (DNS rebinding)."""

from __future__ import annotations

import socket
import ssl
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from companion import tls
from companion.server import answers_as, host_name, where_served
from testkit.browser import Server


def certificate(directory: Path, *names: str) -> tuple[Path, Path]:
    """A club's certificate for ``names`` (DNS names), with its key."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0])])
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(datetime.now(timezone.utc) - timedelta(days=1))
            .not_valid_after(datetime.now(timezone.utc) + timedelta(days=90))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(n) for n in names]), critical=False)
            .sign(key, hashes.SHA256()))
    certfile, keyfile = directory / "club.crt", directory / "club.key"
    certfile.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    keyfile.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
    return certfile, keyfile


@pytest.mark.parametrize("host, lan", [("127.0.0.1", False), ("0.0.0.0", True), ("192.0.2.7", True)])
def test_the_shown_address_is_a_name_the_server_answers_as(tmp_path, host, lan):
    served = tls.given_certificate(*certificate(tmp_path, "Bean.Example", "*.club.example"))
    url, hosts = where_served(host, 8550, lan, served)
    assert url == "https://Bean.Example:8550"
    assert answers_as(hosts, host_name("Bean.Example:8550")) and answers_as(hosts, "bean.example.")
    assert answers_as(hosts, "table.club.example")  # a wildcard: one label under it
    assert not answers_as(hosts, "a.table.club.example") and not answers_as(hosts, "club.example")
    assert not answers_as(hosts, "evil.example")


def status(port: int, host: str) -> int:
    """The HTTP status of GET / over https with this Host header."""
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw, \
            context.wrap_socket(raw, server_hostname=host.split(":")[0]) as sock:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        return int(sock.recv(1024).split(b" ")[1])


def test_beans_serve_with_cert_answers_as_its_name_and_says_it(tmp_path):
    certfile, keyfile = certificate(tmp_path, "bean.example")
    server = Server(tmp_path / "data", "--lan", "--cert", str(certfile), "--key", str(keyfile)).start()
    try:
        assert f"Open https://bean.example:{server.port} on the phones" in server.log_text()
        assert status(server.port, f"bean.example:{server.port}") == 200
        assert status(server.port, f"evil.example:{server.port}") == 421
    finally:
        server.stop()
