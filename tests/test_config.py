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


def test_a_recorded_camera_is_paced_unless_asked_to_read_it_fast(tmp_path: Path) -> None:
    """`camera_fast` (--camera-fast) reads a video or folder of frames as fast as it decodes;
    `camera_fps` (--camera-fps) is the rate of a folder of frames or a bare MJPEG stream."""
    assert load({}).camera_fast is False and load({}).camera_fps == 10.0
    config = load({"camera_fast": True, "camera_fps": 25})
    assert config.camera_fast is True and config.camera_fps == 25.0
    cfg = tmp_path / "table.toml"
    cfg.write_text('camera_fast = "yes"\ncamera_fps = 0\n', encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load({"config": str(cfg)})
    message = str(e.value)
    assert "camera_fast: 'yes' is not true or false" in message
    assert "camera_fps: 0 is not" in message and "frames per second" in message


def test_a_calibration_that_cannot_be_read_is_refused_before_the_hub_starts(
    tmp_path: Path,
) -> None:
    """`calibration` (--calibration) names a file saved by `tiengow calibrate`: one that is
    missing or not a calibration is said with its path and what would do, at the start."""
    import numpy as np

    from vision.calibrate import Calibration

    good = tmp_path / "calibration.json"
    Calibration(np.eye(3), (1280, 720), (0, 1, 2, 3), 1.5).save(good)
    assert load({"calibration": str(good)}).calibration == str(good)
    assert load({}).calibration is None
    broken = tmp_path / "broken.json"
    broken.write_text('{"to_mat": 3}', encoding="utf-8")
    for path in (broken, tmp_path / "missing.json"):
        with pytest.raises(ConfigError) as e:
            load({"calibration": str(path)})
        message = str(e.value)
        assert "calibration:" in message and str(path) in message
        assert "tiengow calibrate --save" in message
