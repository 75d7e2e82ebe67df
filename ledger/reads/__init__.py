"""Read models and queries the pages use: they never write."""
