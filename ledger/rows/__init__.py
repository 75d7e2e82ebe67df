"""Between the stored rows and the rules engine, below both the services and the reads.

``details`` turns a stored hand and its seats into the engine's values and back, and
builds the rows a hand writes; the services write them, the reads re-score with them.
``raw`` builds model instances from a hand-written statement's rows, for the save's path.
"""
