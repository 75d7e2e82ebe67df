"""The doorbell: tells the phones watching a night that it changed.

A small ASGI process beside the app (``app.py``, served by uvicorn). Each phone on a live
night holds one Server-Sent Events stream to it, opened with a signed, expiring token the
page gave it (``tokens.py``). When a transaction that changes a night commits, the app
rings (``ledger/services/rings.py``): a datagram to each doorbell, or one Redis message all of them hear
(``bus.py``). The doorbell passes on only the night's new version (``hub.py``); the phone
then draws the change through the page's own authenticated conditional GET, so access is
checked where it always was and the shared board cache answers it.

No Django request stack and no ORM here: one stream is one small coroutine, not a thread.
"""
