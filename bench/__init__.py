"""Benchmarks: what `make bench` measures, kept out of the app.

A Django app only under ``bench.settings`` (which `make bench` uses): its
commands (``bench``, ``bench_pages``, ``bench_settle``) and the two floor views
the app is measured against never exist in a deployed Tonk Tracker.
"""
