"""`tiengow` subcommands of vision: one module each."""
