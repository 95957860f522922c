"""Tracebacks never reach a browser; errors show a plain message (table-mode issue)."""

from companion.ui.flet_compat import PLAIN_ERROR, Session, hide_tracebacks


def test_a_failed_handler_sends_the_browser_a_plain_line_not_the_traceback(caplog):
    hide_tracebacks()
    hide_tracebacks()  # idempotent: one app per process, but never wrapped twice
    session = Session.__new__(Session)
    sent = []
    session._Session__send_message = sent.append
    session.error('boom\nTraceback (most recent call last):\n  File "secret.py"')
    assert len(sent) == 1
    body = sent[0].body
    text = getattr(body, "message", str(body))
    assert text == PLAIN_ERROR and "Traceback" not in str(sent[0])
    assert "Traceback" in caplog.text  # kept for whoever runs the server
