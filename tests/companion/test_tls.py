"""`beans serve --https` (issue 34): the certificate a phone accepts once per data
directory, a certificate of the host's own (--cert/--key), and the two ways the server
cannot start (bad input: exit 2; a port in use: exit 1), each in one line."""

from __future__ import annotations

import socket
import ssl
import stat
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID

from companion import tls
from companion.cli import main
from companion.server import lan_address
from companion.ui.hooks import secure_page
from testkit.browser import Server, free_port

NAMES = ("bohnen-laptop", "bohnen-laptop.local", "localhost", "127.0.0.1", "::1", "192.168.1.20")
NOW = datetime(2026, 12, 2, 19, 0, tzinfo=timezone.utc)


def cert_of(served: tls.Served) -> x509.Certificate:
    return x509.load_pem_x509_certificate(served.certfile.read_bytes())


def key_id(path: Path) -> bytes:
    key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    return key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def sans(cert: x509.Certificate) -> set[str]:
    alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return {*alt.get_values_for_type(x509.DNSName), *(str(ip) for ip in alt.get_values_for_type(x509.IPAddress))}


def real_certificate(directory: Path, name: str = "beans.club.example", key=None) -> tuple[Path, Path]:
    """A certificate as a club's server has one: for its domain name, with its key."""
    key = key or ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(datetime.now(timezone.utc) - timedelta(days=1))
            .not_valid_after(datetime.now(timezone.utc) + timedelta(days=90))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
            .sign(key, hashes.SHA256()))
    certfile, keyfile = directory / "club.crt", directory / "club.key"
    certfile.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    keyfile.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
    return certfile, keyfile


# The data directory's own certificate

def test_the_certificate_is_made_once_per_data_directory(tmp_path):
    """A phone accepts it once, not every evening: the next start shows the same one."""
    first = tls.own_certificate(tmp_path, NAMES, now=NOW)
    assert first.said is not None and "each phone accepts it once" in first.said
    again = tls.own_certificate(tmp_path, NAMES, now=NOW + timedelta(days=200))
    assert again.said is None
    assert again.fingerprint == first.fingerprint
    assert again.certfile == tmp_path / "tls" / "cert.pem" and again.keyfile == tmp_path / "tls" / "key.pem"
    other = tls.own_certificate(tmp_path / "other", NAMES, now=NOW)
    assert other.fingerprint != first.fingerprint


@pytest.mark.skipif(sys.platform == "win32", reason="file modes are POSIX")
def test_the_key_file_is_readable_by_this_user_only(tmp_path):
    served = tls.own_certificate(tmp_path, NAMES, now=NOW)
    assert stat.S_IMODE(served.keyfile.stat().st_mode) == 0o600
    assert stat.S_IMODE(served.keyfile.parent.stat().st_mode) == 0o700


def test_it_is_valid_for_this_machines_lan_addresses_and_host_name(tmp_path, monkeypatch):
    monkeypatch.setattr(socket, "gethostname", lambda: "Bohnen-Laptop")
    monkeypatch.setattr(tls, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    names = tls.machine_names("127.0.0.1")
    assert names == ("bohnen-laptop", "bohnen-laptop.local", "localhost", "127.0.0.1", "::1", "192.168.1.20",
                     "10.0.0.5")
    served = tls.own_certificate(tmp_path, names, now=NOW)
    assert sans(cert_of(served)) == set(names)
    assert set(served.names) == set(names)
    assert served.host_for("192.168.1.20") == "192.168.1.20"  # the phones get the address they were shown


def test_this_machines_names_hold_the_address_the_invite_shows(tmp_path):
    """No monkeypatching: the real host name and the address `beans serve --lan` prints."""
    names = tls.machine_names(lan_address())
    assert socket.gethostname().lower() in names and "127.0.0.1" in names and lan_address() in names
    assert sans(cert_of(tls.own_certificate(tmp_path, names))) == set(names)


def test_it_is_renewed_a_month_before_it_expires_with_the_same_key(tmp_path):
    first = tls.own_certificate(tmp_path, NAMES, now=NOW)
    key_before = key_id(first.keyfile)
    still = tls.own_certificate(tmp_path, NAMES, now=first.not_after - timedelta(days=tls.RENEW_DAYS + 1))
    assert still.fingerprint == first.fingerprint
    renewed = tls.own_certificate(tmp_path, NAMES, now=first.not_after - timedelta(days=tls.RENEW_DAYS - 1))
    assert renewed.fingerprint != first.fingerprint
    assert renewed.said is not None and "renewed" in renewed.said
    assert renewed.not_after > first.not_after + timedelta(days=300)
    assert key_id(renewed.keyfile) == key_before


def test_a_new_one_when_the_addresses_change(tmp_path):
    first = tls.own_certificate(tmp_path, NAMES, now=NOW)
    moved = (*NAMES[:-1], "10.0.0.7")  # the laptop at the club's Wi-Fi
    new = tls.own_certificate(tmp_path, moved, now=NOW + timedelta(days=1))
    assert new.fingerprint != first.fingerprint
    assert new.said is not None and "10.0.0.7" in new.said
    assert sans(cert_of(new)) == set(moved)
    # An address it lists but the machine no longer has changes nothing.
    assert tls.own_certificate(tmp_path, moved[:-1], now=NOW + timedelta(days=2)).fingerprint == new.fingerprint


def test_a_damaged_kept_certificate_is_set_aside_and_said(tmp_path):
    """Data is sacred: the files are moved aside, never deleted, and the terminal says why."""
    first = tls.own_certificate(tmp_path, NAMES, now=NOW)
    first.certfile.write_text("-----BEGIN CERTIFICATE-----\nbroken\n")
    new = tls.own_certificate(tmp_path, NAMES, now=NOW)
    assert new.said is not None and "could not be used" in new.said and "set aside" in new.said
    assert sans(cert_of(new)) == set(NAMES)
    assert len(list((tmp_path / "tls").glob("cert.pem.corrupt-*"))) == 1
    assert len(list((tmp_path / "tls").glob("key.pem.corrupt-*"))) == 1


def test_the_short_fingerprint_is_the_start_of_what_a_phone_shows(tmp_path):
    served = tls.own_certificate(tmp_path, NAMES, now=NOW)
    full = cert_of(served).fingerprint(hashes.SHA256()).hex(" ").upper()
    assert served.fingerprint == full
    assert served.short == full[:8 * 3 - 1]


# A certificate of the host's own

def test_a_given_certificate_and_key_are_loaded(tmp_path):
    certfile, keyfile = real_certificate(tmp_path)
    served = tls.given_certificate(certfile, keyfile)
    assert served.said is None and served.names == ("beans.club.example",)
    # The phones are sent to the name the certificate is valid for, not the bare address.
    assert served.host_for("192.168.1.20") == "beans.club.example"


def beans_serve(tmp_path: Path, capsys, *options: str) -> tuple[int, str]:
    code = main(["serve", "--data-dir", str(tmp_path / "data"), "--port", str(free_port()), *options])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("case", ["missing cert", "missing key", "not pem", "other key", "password", "cert alone"])
def test_an_unreadable_or_mismatched_certificate_or_key_is_bad_input(tmp_path, capsys, case):
    certfile, keyfile = real_certificate(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    if case == "missing cert":
        certfile = tmp_path / "nowhere.crt"
    elif case == "missing key":
        keyfile = tmp_path / "nowhere.key"
    elif case == "not pem":
        certfile.write_text("a certificate, surely\n")
    elif case == "other key":
        keyfile = real_certificate(other)[1]
    elif case == "password":
        key = serialization.load_pem_private_key(keyfile.read_bytes(), password=None)
        keyfile.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                              serialization.BestAvailableEncryption(b"beans")))
    options = ["--cert", str(certfile)] if case == "cert alone" else ["--cert", str(certfile), "--key", str(keyfile)]
    code, err = beans_serve(tmp_path, capsys, *options)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("beans: ") and "Traceback" not in err, err
    expected = {"missing cert": "cannot read", "missing key": "cannot read", "not pem": "not a PEM certificate",
                "other key": "is not the key of the certificate", "password": "protected by a password",
                "cert alone": "--cert and --key go together"}[case]
    assert expected in err
    assert not (tmp_path / "data").exists()  # nothing made or touched for a refused start


def test_an_rsa_certificate_of_the_hosts_own_is_loaded_too(tmp_path):
    certfile, keyfile = real_certificate(tmp_path, key=rsa.generate_private_key(public_exponent=65537, key_size=2048))
    assert tls.given_certificate(certfile, keyfile).names == ("beans.club.example",)


def test_a_port_in_use_is_one_line_and_exit_1(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--https", "--data-dir", str(tmp_path / "data"), "--port", str(port)])
    err = capsys.readouterr().err
    assert code == 1
    assert err == f"beans: port {port} on 127.0.0.1 is in use (another beans serve, or another program): " \
                  "stop it, or choose another --port\n"


# The server speaks https with it

def served_certificate(port: int) -> x509.Certificate:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw, \
            context.wrap_socket(raw, server_hostname="127.0.0.1") as wrapped:
        der = wrapped.getpeercert(binary_form=True)
    assert der is not None
    return x509.load_der_x509_certificate(der)


def test_beans_serve_https_serves_its_own_certificate_and_says_its_fingerprint(tmp_path):
    server = Server(tmp_path / "data", "--https").start()
    try:
        kept = x509.load_pem_x509_certificate((tmp_path / "data" / "tls" / "cert.pem").read_bytes())
        assert served_certificate(server.port) == kept
        short = " ".join(f"{b:02X}" for b in kept.fingerprint(hashes.SHA256())[:8])
        log = server.log_text()
        assert (f"Open https://127.0.0.1:{server.port} in this machine's browser; "
                "for the phones at the table, start it with beans serve --lan") in log  # 127.0.0.1: no phone reaches it
        assert f"Certificate fingerprint (SHA-256) begins {short} (" in log
    finally:
        server.stop()


def test_beans_serve_with_cert_and_key_serves_them_at_the_domain_name(tmp_path):
    certfile, keyfile = real_certificate(tmp_path)
    server = Server(tmp_path / "data", "--lan", "--cert", str(certfile), "--key", str(keyfile)).start()
    try:
        assert served_certificate(server.port) == x509.load_pem_x509_certificate(certfile.read_bytes())
        assert f"Open https://beans.club.example:{server.port} on the phones" in server.log_text()
        assert not (tmp_path / "data" / "tls").exists()  # no certificate of its own made
    finally:
        server.stop()


def test_over_https_the_phone_is_not_told_to_keep_its_screen_on_itself():
    """Flet's page.url is the page's websocket address: wss:// over https. Only plain
    http at another machine's address gets the hint (README, "The screen stays on")."""
    assert secure_page("wss://table.lan:8550") and secure_page("https://192.168.1.20:8550")
    assert secure_page("ws://127.0.0.1:8550") and secure_page("ws://localhost:8550")
    assert not secure_page("ws://table.lan:8550") and not secure_page("http://192.168.1.20:8550")
