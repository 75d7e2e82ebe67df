"""Forms, by subject: they parse and validate input; the services decide and write."""
