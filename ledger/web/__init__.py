"""The web layer: URLs, views, forms and request parsing, access checks, words for numbers and errors."""
