"""Tooling: demo leagues, import and export, planner statistics. Not on any request path."""
