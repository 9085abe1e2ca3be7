"""`tiengow hub` settings: a club's table.toml is checked before anything starts, and every
problem is said with the setting, the value and what would be accepted."""

from __future__ import annotations

from pathlib import Path

import pytest

from hub.config import ConfigError, load


def test_a_config_file_that_is_not_utf8_is_refused_saying_so(tmp_path: Path) -> None:
    """A table.toml saved in Latin-1 or Big5 by a club's editor: the hub says which file and
    that TOML is UTF-8, as it does for a file that is not TOML, not a Python traceback."""
    cfg = tmp_path / "table.toml"
    cfg.write_bytes('admin_token = "caf\u00e9"\n'.encode("latin-1"))
    with pytest.raises(ConfigError) as e:
        load({"config": str(cfg)})
    message = str(e.value)
    assert str(cfg) in message and "UTF-8" in message and "byte 0xe9" in message


def test_serial_written_as_one_string_is_refused_with_the_whole_value(tmp_path: Path) -> None:
    """``serial = "0=/dev/ttyACM0"`` (the flag's form) in a table.toml: the hub names the value
    the file holds and the table it wants, not a '0' that appears nowhere in the file."""
    cfg = tmp_path / "table.toml"
    cfg.write_text('serial = "0=/dev/ttyACM0"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load({"config": str(cfg)})
    message = str(e.value)
    assert "'0=/dev/ttyACM0'" in message and '0 = "/dev/ttyACM0"' in message
    assert "'0' is not" not in message
