"""``beans serve --https``: the certificate the server shows the phones.

- **Its own** (``own_certificate``): a LAN address cannot get a certificate a phone
  trusts by itself, so the server makes a self-signed one, once per data directory
  (``DATA/tls/cert.pem``, its key ``DATA/tls/key.pem`` with mode 0600), valid for this
  machine's LAN addresses and host name (``machine_names``) for ``VALID_DAYS``. Each
  phone accepts it once. It is kept across starts; renewed ``RENEW_DAYS`` before it
  expires, and made anew when this machine has an address or name it does not list.
  The key stays the same across renewals. A kept pair that cannot be used (damaged, or
  the key not the certificate's) is set aside (``NAME.corrupt-TIMESTAMP``), never
  deleted, and the terminal says so.
- **A real one** (``given_certificate``, ``--cert FILE --key FILE``: a club's server with
  a domain name): checked before the server starts; an unreadable file or a key that is
  not the certificate's is bad input (``CertificateError``, one line).

Either way the server hands the two files to uvicorn's own ``ssl_certfile`` and
``ssl_keyfile``, and shows the certificate's SHA-256 fingerprint (``Served.short``), so
the host can compare it with what a phone shows before accepting it.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
import ssl
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.types import CertificateIssuerPrivateKeyTypes
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from companion.storage.atomic import CorruptFileError, fsync_dir, read_bounded, set_aside

FOLDER = "tls"  # in the data directory
CERT_FILE = "cert.pem"
KEY_FILE = "key.pem"
# Apple's devices refuse a server certificate valid for more than 825 days; browsers
# hold public ones to 398. A year and a month, renewed a month before its end.
VALID_DAYS = 397
RENEW_DAYS = 30
PEM_MAX_BYTES = 1_000_000  # a certificate's chain or a key is some kilobytes
SHORT_BYTES = 8  # of the fingerprint, shown to compare with a phone's certificate details
_LABEL = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$")


class CertificateError(ValueError):
    """A certificate or key given on the command line that cannot serve (exit 2)."""


@dataclass(frozen=True)
class Served:
    """The certificate the server shows: its files, for whom it is valid, until when,
    and what the terminal says about it (``said``: why a new one was made, or a warning)."""

    certfile: Path
    keyfile: Path
    fingerprint: str  # SHA-256 of the certificate, "3F A2 ..." as a phone's details show it
    names: tuple[str, ...]  # the host names and addresses it is valid for
    not_after: datetime
    said: str | None = None

    @property
    def short(self) -> str:
        """The fingerprint's first bytes: enough to compare at a glance."""
        return " ".join(self.fingerprint.split()[:SHORT_BYTES])

    def host_for(self, host: str) -> str:
        """The name phones use to reach ``host``: ``host`` itself when the certificate
        lists it, else the certificate's first host name (a real certificate names the
        server's domain, not the address it listens on)."""
        if host in self.names:
            return host
        named = [n for n in self.names if not _is_address(n) and not n.startswith("*")]
        return named[0] if named else host


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on the local network: the one its traffic leaves
    by (no packet is sent) and those its host name resolves to; loopback and
    link-local ones left out. (IPv6 addresses are left out too: a phone's QR code gives
    the IPv4 one, and a temporary IPv6 address changes daily, which would make a new
    certificate each evening.)"""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            found.append(str(probe.getsockname()[0]))
    except OSError:
        pass
    try:
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    lan: list[str] = []
    for text in found:
        address = ipaddress.ip_address(text)
        if not (address.is_loopback or address.is_link_local or address.is_unspecified) and text not in lan:
            lan.append(text)
    return lan


def _host_name(name: str) -> bool:
    labels = name.rstrip(".").split(".")
    return bool(name) and len(name) <= 253 and all(_LABEL.match(label) for label in labels)


def machine_names(listen_host: str | None = None) -> tuple[str, ...]:
    """What a phone (or this machine) may use to reach the server: the host name, also
    as ``NAME.local`` (how phones find a machine on the Wi-Fi by name), ``localhost``,
    the loopback addresses, the LAN addresses, and the address or name the server
    listens on when it is none of these. Names first, then addresses; none repeated.
    (No reverse lookup of a full name: without a name server at the table it can wait
    for seconds.)"""
    names: list[str] = []
    host = socket.gethostname()
    for name in (host, f"{host}.local" if "." not in host else "", "localhost"):
        if name and _host_name(name) and name.lower() not in names:
            names.append(name.lower())
    addresses = ["127.0.0.1", "::1", *lan_addresses()]
    if listen_host and listen_host not in ("0.0.0.0", "::", ""):
        if _is_address(listen_host):
            addresses.append(listen_host)
        elif _host_name(listen_host) and listen_host.lower() not in names:
            names.append(listen_host.lower())
    return (*names, *dict.fromkeys(addresses))


def _fingerprint(cert: x509.Certificate) -> str:
    return " ".join(f"{b:02X}" for b in cert.fingerprint(hashes.SHA256()))


def _names_of(cert: x509.Certificate) -> tuple[str, ...]:
    try:
        alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return ()
    return (*alt.get_values_for_type(x509.DNSName), *(str(ip) for ip in alt.get_values_for_type(x509.IPAddress)))


def _public(key: object) -> bytes:
    public = getattr(key, "public_key")()
    raw: bytes = public.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return raw


def _served(cert: x509.Certificate, certfile: Path, keyfile: Path, said: str | None = None) -> Served:
    return Served(certfile=certfile, keyfile=keyfile, fingerprint=_fingerprint(cert), names=_names_of(cert),
                  not_after=cert.not_valid_after_utc, said=said)


def _write_private(path: Path, data: bytes) -> None:
    """``data`` as ``path``, all or nothing, readable by this user only (mode 0600)."""
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:  # mkstemp creates it with mode 0600
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


def _private(keyfile: Path) -> None:
    """The key readable by this user only (mode 0600), whatever its mode was."""
    if sys.platform != "win32" and keyfile.stat().st_mode & 0o077:
        os.chmod(keyfile, 0o600)


def _make(key: ec.EllipticCurvePrivateKey, names: Sequence[str], now: datetime) -> x509.Certificate:
    """A self-signed server certificate for ``names``, valid from an hour ago (a phone's
    clock may be behind) for VALID_DAYS."""
    host = socket.gethostname()[:40] or "this machine"
    subject = x509.Name([
        x509.NameAttribute(NameOID.COMMON_NAME, f"Bean Counter on {host}"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Bean Counter"),
    ])
    alt: list[x509.GeneralName] = [
        x509.IPAddress(ipaddress.ip_address(n)) if _is_address(n) else x509.DNSName(n) for n in names]
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(hours=1))
        .not_valid_after(now + timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                     crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )


def _kept_pair(certfile: Path, keyfile: Path) -> tuple[x509.Certificate | None, ec.EllipticCurvePrivateKey | None, str | None]:
    """The certificate and key kept in the data directory, or why they cannot be used."""
    if not certfile.exists() and not keyfile.exists():
        return None, None, None
    try:
        key = serialization.load_pem_private_key(read_bounded(keyfile, PEM_MAX_BYTES), password=None)
        cert = x509.load_pem_x509_certificate(read_bounded(certfile, PEM_MAX_BYTES))
    except FileNotFoundError as exc:
        return None, None, f"{Path(str(exc.filename)).name} is missing"
    except CorruptFileError as exc:
        return None, None, f"{exc.path.name}: {exc.why}"
    except (OSError, ValueError, TypeError, UnsupportedAlgorithm) as exc:
        return None, None, f"not readable: {exc}"
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        return None, None, "the key is not one Bean Counter made"
    if _public(key) != _public(cert):
        return None, None, "the key is not the certificate's"
    return cert, key, None


def own_certificate(data_dir: Path, names: Sequence[str], now: datetime | None = None) -> Served:
    """This data directory's self-signed certificate, valid for ``names``
    (``machine_names()``): the kept one while it lists every name and has more than
    RENEW_DAYS left, else a new one (``said`` tells why). Call it while holding the data
    directory (``open_repository``): one server writes it at a time."""
    now = now or datetime.now(timezone.utc)
    folder = Path(data_dir) / FOLDER
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    certfile, keyfile = folder / CERT_FILE, folder / KEY_FILE
    cert, key, problem = _kept_pair(certfile, keyfile)
    if problem is not None:
        kept = [set_aside(p).name for p in (certfile, keyfile) if p.exists()]
        why = f"the kept one could not be used ({problem}; set aside as {' and '.join(kept)})"
    elif cert is None:
        why = "the first start with --https"
    elif cert.not_valid_after_utc - now < timedelta(days=RENEW_DAYS):
        why = f"renewed: the old one expires on {cert.not_valid_after_utc:%Y-%m-%d}"
    elif missing := [n for n in names if n not in _names_of(cert)]:
        why = f"this machine's addresses changed: {', '.join(missing)} not in the old one"
    else:
        _private(keyfile)
        return _served(cert, certfile, keyfile)
    if key is None:
        key = ec.generate_private_key(ec.SECP256R1())
        _write_private(keyfile, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                  serialization.NoEncryption()))
    _private(keyfile)  # a kept key loosened by hand is made 0600 again when its certificate is renewed
    cert = _make(key, names, now)
    _write_private(certfile, cert.public_bytes(serialization.Encoding.PEM))
    os.chmod(certfile, 0o644)  # a certificate is public; its key is not
    return _served(cert, certfile, keyfile, said=(
        f"A new certificate ({why}), valid until {cert.not_valid_after_utc:%Y-%m-%d} for {', '.join(names)}: "
        "each phone accepts it once"))


def _read(option: str, path: Path) -> bytes:
    """A certificate's or key's file, bounded like every door: a plain file of at most
    PEM_MAX_BYTES (``/dev/zero``, a pipe or a directory is refused before it is read)."""
    try:
        return read_bounded(path, PEM_MAX_BYTES)
    except CorruptFileError as exc:
        raise CertificateError(f"{option} {path}: {exc.why}") from None
    except OSError as exc:
        raise CertificateError(f"{option} {path}: cannot read: {exc.strerror or exc}") from None


def given_certificate(certfile: Path, keyfile: Path, now: datetime | None = None) -> Served:
    """A certificate of the host's own (``--cert``, PEM, the server's first and its
    chain after it) and its key (``--key``, PEM, not password-protected), checked the
    way the server will load them. CertificateError (one line) when a file cannot be
    read or the key is not the certificate's; an expired certificate serves, and
    ``said`` warns."""
    now = now or datetime.now(timezone.utc)
    cert_data, key_data = _read("--cert", certfile), _read("--key", keyfile)
    try:
        cert = x509.load_pem_x509_certificates(cert_data)[0]
    except ValueError:
        raise CertificateError(f"--cert {certfile}: not a PEM certificate (-----BEGIN CERTIFICATE-----)") from None
    try:
        key: CertificateIssuerPrivateKeyTypes | object = serialization.load_pem_private_key(key_data, password=None)
    except TypeError:
        raise CertificateError(f"--key {keyfile}: the key is protected by a password; give it without one") from None
    except (ValueError, UnsupportedAlgorithm):
        raise CertificateError(f"--key {keyfile}: not a PEM private key (-----BEGIN PRIVATE KEY-----)") from None
    if _public(key) != _public(cert):
        raise CertificateError(f"--key {keyfile} is not the key of the certificate in --cert {certfile}")
    try:
        ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_cert_chain(certfile, keyfile)  # as uvicorn will
    except (ssl.SSLError, OSError) as exc:
        raise CertificateError(f"--cert {certfile} with --key {keyfile}: cannot serve: {exc}") from None
    said = None
    if cert.not_valid_after_utc < now:
        said = f"warning: the certificate in --cert {certfile} expired on {cert.not_valid_after_utc:%Y-%m-%d}"
    elif cert.not_valid_before_utc > now:
        said = f"warning: the certificate in --cert {certfile} is valid only from {cert.not_valid_before_utc:%Y-%m-%d}"
    return _served(cert, certfile, keyfile, said=said)
