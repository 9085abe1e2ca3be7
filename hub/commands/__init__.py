"""`tiengow` subcommands of the hub: one module each."""
