"""The translation catalogs (``<lang>/LC_MESSAGES/messages.po``) and the developers'
tool that keeps them up to date with the source (``messages.py``, ``make messages``)."""
