"""Who is listening to which night, and how many streams one process and one visitor hold.

A ring reaches every stream listening to its topic (``n<night>`` or ``l<league>``) as one
small SSE event put in the stream's queue; the stream's coroutine writes it out. A stream
whose queue is full is a phone that stopped reading: it is closed, and reconnects later.
"""

import asyncio
from collections import Counter, defaultdict
from dataclasses import dataclass, field

QUEUE = 32  # events a stream may fall behind by before it is dropped
CLOSE = b""  # put in a queue: the stream ends


@dataclass(eq=False)
class Stream:
    topics: tuple[str, ...]
    visitor: str
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(QUEUE))

    def put(self, event: bytes) -> bool:
        try:
            self.queue.put_nowait(event)
            return True
        except asyncio.QueueFull:
            return False

    def close(self) -> None:
        """End the stream after what it is writing now, however far behind it is."""
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(CLOSE)


class Full(Exception):
    """Refused: ``status`` 503 when the process holds its most, 429 when the visitor does."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


def event(topic: str, version: int) -> bytes:
    """The SSE event a ring becomes: its id is what changed, so a log says which version."""
    return f"id: {topic}.{version}\nevent: change\ndata: {topic} {version}\n\n".encode()


HEARTBEAT = b"event: hb\ndata:\n\n"  # an event, not a comment: the page's watchdog sees it


@dataclass
class Hub:
    max_streams: int
    max_per_visitor: int
    by_topic: dict[str, set[Stream]] = field(default_factory=lambda: defaultdict(set))
    by_visitor: Counter = field(default_factory=Counter)
    everyone: set[Stream] = field(default_factory=set)
    delivered: int = 0
    dropped: int = 0

    @property
    def streams(self) -> int:
        return len(self.everyone)

    def join(self, topics: tuple[str, ...], visitor: str) -> Stream:
        if self.streams >= self.max_streams:
            raise Full(503)
        if self.by_visitor[visitor] >= self.max_per_visitor:
            raise Full(429)
        stream = Stream(topics, visitor)
        self.by_visitor[visitor] += 1
        self.everyone.add(stream)
        for topic in topics:
            self.by_topic[topic].add(stream)
        return stream

    def leave(self, stream: Stream) -> None:
        if stream not in self.everyone:
            return
        self.everyone.discard(stream)
        self.by_visitor[stream.visitor] -= 1
        if not self.by_visitor[stream.visitor]:
            del self.by_visitor[stream.visitor]
        for topic in stream.topics:
            listeners = self.by_topic.get(topic)
            if listeners is not None:
                listeners.discard(stream)
                if not listeners:
                    del self.by_topic[topic]

    def ring(self, topic: str, version: int) -> int:
        """Tell everyone listening to ``topic``; how many were told."""
        return self._send(list(self.by_topic.get(topic, ())), event(topic, version))

    def ring_all(self) -> int:
        """Tell every stream to look again: after the bus was away, a ring may be lost."""
        return self._send(list(self.everyone), event("all", 0))

    def beat(self) -> int:
        return self._send(list(self.everyone), HEARTBEAT)

    def _send(self, streams: list[Stream], payload: bytes) -> int:
        told = 0
        for stream in streams:
            if stream.put(payload):
                told += 1
            else:  # it stopped reading: let it go, it reconnects and catches up
                self.dropped += 1
                self.hang_up(stream)
        self.delivered += told
        return told

    def hang_up(self, stream: Stream) -> None:
        self.leave(stream)
        stream.close()

    def hang_up_all(self) -> None:
        """The server is stopping: every stream ends, and its phone reconnects."""
        for stream in list(self.everyone):
            self.hang_up(stream)
