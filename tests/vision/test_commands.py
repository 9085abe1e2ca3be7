"""The vision subcommands through the real `tiengow` entry point."""

from __future__ import annotations

import json
import re
from pathlib import Path

import cv2
import numpy as np
import pytest

from hub.cli import main
from vision.synth import render_scene, render_table


def test_recognize_json_one_line_per_image_and_errors_at_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "table.png"
    cv2.imwrite(str(good), render_scene(101)[0])
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"not a jpeg")
    code = main(["recognize", "--json", str(good), str(bad), str(good)])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code != 0
    assert [line["image"] for line in lines] == [str(good), str(bad), str(good)]
    assert set(lines[1]) == {"image", "error"}
    first = lines[0]
    assert {"image", "tiles", "face_down", "ms"} <= set(first)
    for tile in first["tiles"]:
        assert {"face", "confidence", "center", "corners"} <= set(tile)
        assert len(tile["corners"]) == 4 and len(tile["center"]) == 2
    assert lines[0]["tiles"] == lines[2]["tiles"]


def test_recognize_on_the_mat_adds_zones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mat.png"
    layout = {"centre": ["5-5", "6-1"], "seat2.won": [None] * 3}
    cv2.imwrite(str(path), render_table(layout, seed=3)[0])
    assert main(["recognize", "--json", str(path)]) == 0
    line = json.loads(capsys.readouterr().out)
    assert [t["zone"] for t in line["tiles"]] == ["centre", "centre"]
    assert line["face_down"] == 3 and line["face_down_zones"] == {"seat2.won": 3}


def test_mat_writes_an_a1_page_and_a4_sheets(tmp_path: Path) -> None:
    out = tmp_path / "mat.pdf"
    assert main(["mat", "--out", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") >= 2


def test_the_a4_sheets_mark_where_the_next_sheet_lies(tmp_path: Path) -> None:
    """README: the A4 sheets tile the mat with printed overlap marks: each sheet with a
    sheet to its right or below shows where that sheet's edge goes."""
    from tests.web.test_exports import pdf_text
    from vision.matpdf import write_mat

    out = tmp_path / "mat.pdf"
    pages = write_mat(out)
    text = pdf_text(out.read_bytes())
    sheets = re.findall(r"sheet row (\d+)/(\d+) column (\d+)/(\d+)", text)
    assert len(sheets) == pages - 1
    rows, cols = int(sheets[0][1]), int(sheets[0][3])
    assert text.count("next sheet's left edge here") == rows * (cols - 1)
    assert text.count("next sheet's top edge here") == (rows - 1) * cols


def test_calibrate_saves_and_previews_or_says_why_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frame = tmp_path / "frame.png"
    cv2.imwrite(str(frame), render_table({}, seed=6)[0])
    preview, saved = tmp_path / "p.png", tmp_path / "c.json"
    args = ["calibrate", "--image", str(frame), "--preview", str(preview), "--save", str(saved)]
    assert main(args) == 0
    assert cv2.imread(str(preview)) is not None and "to_mat" in json.loads(saved.read_text())
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), render_scene(0, faces=[])[0])
    assert main(["calibrate", "--image", str(blank)]) == 1
    assert "mat markers missing" in capsys.readouterr().err


def _empty_mat(path: Path, seed: int) -> Path:
    """A rendered frame of the mat with no tiles, written to ``path``."""
    cv2.imwrite(str(path), render_table({}, seed=seed)[0])
    return path


def test_mat_to_an_unwritable_path_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no-such-folder" / "mat.pdf"
    assert main(["mat", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert str(out) in err and "--out takes a writable PDF path" in err


def test_calibrate_that_cannot_write_its_files_fails_and_says_which(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frame = _empty_mat(tmp_path / "frame.png", seed=6)
    missing = tmp_path / "no-such-folder"
    for preview, saved, bad in [
        (missing / "p.png", tmp_path / "c.json", missing / "p.png"),
        (tmp_path / "p.xyz", tmp_path / "c.json", tmp_path / "p.xyz"),
        (tmp_path / "p.png", missing / "c.json", missing / "c.json"),
    ]:
        args = ["calibrate", "--image", str(frame), "--preview", str(preview), "--save", str(saved)]
        assert main(args) == 1
        out = capsys.readouterr()
        assert "mat found" not in out.out
        assert f"calibration failed: cannot write {str(bad)!r}" in out.err


def test_recognize_with_a_bad_calibration_file_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = _empty_mat(tmp_path / "mat.png", seed=3)
    broken = tmp_path / "broken.json"
    broken.write_text('{"to_mat": 1}')
    for calibration in [tmp_path / "missing.json", broken]:
        assert main(["recognize", "--json", "--calibration", str(calibration), str(image)]) == 2
        err = capsys.readouterr().err
        assert f"unreadable calibration: {str(calibration)!r}" in err


def test_recognize_refuses_a_calibration_made_at_another_resolution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frame = render_table({"centre": ["5-5"]}, seed=3)[0]
    saved, small = tmp_path / "c.json", tmp_path / "small.png"
    cv2.imwrite(str(tmp_path / "frame.png"), frame)
    args = ["calibrate", "--image", str(tmp_path / "frame.png"), "--save", str(saved)]
    assert main([*args, "--preview", str(tmp_path / "p.png")]) == 0
    cv2.imwrite(str(small), cv2.resize(frame, (640, 360)))
    capsys.readouterr()
    assert main(["recognize", "--json", "--calibration", str(saved), str(small)]) == 1
    line = json.loads(capsys.readouterr().out)
    assert set(line) == {"image", "error"}
    assert "'640x360'" in line["error"] and "1280x720" in line["error"]


def _png_claiming(path: Path, width: int, height: int) -> Path:
    """A valid 1x1 PNG whose header claims ``width`` x ``height`` pixels (a decompression
    bomb's header: a few bytes on disk, more pixels than OpenCV will decode)."""
    import struct
    import zlib

    _, png = cv2.imencode(".png", np.zeros((1, 1, 3), np.uint8))
    data = bytearray(png.tobytes())
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    path.write_bytes(bytes(data))
    return path


def test_a_huge_image_is_an_error_that_says_so_and_the_others_are_still_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """interfaces.md: an image that cannot be read gives {"image", "error"} on its line, the
    other images are still processed and the exit is non-zero. One over OpenCV's pixel limit
    raised cv2.error out of the command: a traceback, and the images after it unread."""
    huge = _png_claiming(tmp_path / "huge.png", 50000, 50000)
    good = tmp_path / "table.png"
    cv2.imwrite(str(good), render_scene(101)[0])
    assert main(["recognize", "--json", str(huge), str(good)]) == 1
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert set(first) == {"image", "error"} and first["image"] == str(huge)
    assert "too large" in first["error"] and "50000x50000" in first["error"]
    assert "pixels" in first["error"].split("expected")[1]  # what would have been accepted
    assert second["image"] == str(good) and second["tiles"]
    assert main(["calibrate", "--image", str(huge), "--save", str(tmp_path / "c.json")]) == 1
    err = capsys.readouterr().err
    assert "too large" in err and str(huge) in err


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("missing", "no such file"),
        ("folder", "a folder, not an image"),
        ("empty", "empty file"),
        ("text", "not an image"),
        ("cut short", "damaged image"),
    ],
)
def test_an_unreadable_image_says_what_is_wrong_with_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, said: str
) -> None:
    """Every unreadable image said the same 'cannot read the image': a missing path, a folder,
    an empty file, a text file and a PNG cut short were not told apart, so the user could not
    tell a typo in the name from a damaged file. Each now says which, with the path and what is
    accepted, on its line and from calibrate --image alike."""
    path = tmp_path / "table.png"
    if kind == "folder":
        path.mkdir()
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "text":
        path.write_text("name,score\nE,10\n")
    elif kind == "cut short":
        _, png = cv2.imencode(".png", render_scene(101)[0])
        path.write_bytes(png.tobytes()[:2000])
    assert main(["recognize", "--json", str(path)]) == 1
    line = json.loads(capsys.readouterr().out)
    assert set(line) == {"image", "error"}
    assert line["error"].startswith(said), line["error"]
    assert f"{str(path)!r}; expected a PNG or JPEG" in line["error"]
    assert main(["calibrate", "--image", str(path), "--save", str(tmp_path / "c.json")]) == 1
    assert f"calibration failed: {line['error']}" in capsys.readouterr().err


def test_a_jpeg_cut_short_is_an_error_not_a_table_read_half_grey(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """interfaces.md: an image that cannot be read gives {"image", "error"} on its line and a
    non-zero exit. A JPEG cut short (a copy interrupted, a frame still being written) was
    decoded by OpenCV with its missing rows grey, libjpeg's 'Premature end of JPEG file' on
    stderr, and reported as a table with the tiles of its top part only, exit 0; a PNG cut
    short was already refused. The good images are still read."""
    scene = render_scene(101)[0]
    good, cut = tmp_path / "table.jpg", tmp_path / "cut.jpg"
    cv2.imwrite(str(good), scene)
    data = good.read_bytes()
    cut.write_bytes(data[: len(data) * 2 // 3])
    assert main(["recognize", "--json", str(cut), str(good)]) == 1
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert set(first) == {"image", "error"} and first["image"] == str(cut)
    assert first["error"].startswith("damaged image"), first["error"]
    assert f"{str(cut)!r}; expected a PNG or JPEG" in first["error"]
    assert second["image"] == str(good) and second["tiles"]


def test_an_image_the_recogniser_fails_on_is_an_error_line_and_the_others_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """interfaces.md: an image that cannot be processed gives {"image", "error"} on its line and
    the other images are still processed. OpenCV failing inside the recogniser on a readable
    image (a strip 1 pixel tall did, shrunk to no rows, until the recogniser kept a row; here
    a failure made to happen on the strip) raised cv2.error out of the command: a traceback,
    and the images after it unread."""
    import vision.commands.recognize as command

    strip, good = tmp_path / "strip.png", tmp_path / "table.png"
    cv2.imwrite(str(strip), np.full((1, 3000, 3), 128, np.uint8))
    cv2.imwrite(str(good), render_scene(101)[0])
    real = command.recognize

    def failing_on_strips(image: np.ndarray, *args: object) -> object:
        if image.shape[0] == 1:
            raise cv2.error("a made failure")
        return real(image, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(command, "recognize", failing_on_strips)
    assert main(["recognize", "--json", str(strip), str(good)]) == 1
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert set(first) == {"image", "error"} and first["image"] == str(strip)
    assert "3000x1" in first["error"]
    assert second["image"] == str(good) and second["tiles"]


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("to_mat", [[0, 0, 0], [0, 0, 0], [0, 0, 0]], "to_mat"),
        ("to_mat", [[float("nan"), 0, 0], [0, 1, 0], [0, 0, 1]], "to_mat"),
        ("image_size", [0, 720], "image_size"),
        ("px_per_mm", -1.0, "px_per_mm"),
    ],
)
def test_a_calibration_file_with_impossible_values_is_refused_saying_which(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: object, reason: str
) -> None:
    """A calibration file edited or damaged into values no camera gives: a matrix with no
    inverse went out of 'tiengow recognize' as numpy's LinAlgError (a traceback), one with NaN
    found no tile and said nothing. It is refused like any unreadable calibration, naming the
    field (exit 2, as for a missing or unparsable file)."""
    image = _empty_mat(tmp_path / "mat.png", seed=3)
    saved = tmp_path / "c.json"
    assert main(["calibrate", "--image", str(image), "--save", str(saved),
                 "--preview", str(tmp_path / "p.png")]) == 0  # fmt: skip
    data = json.loads(saved.read_text())
    data[field] = value
    saved.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["recognize", "--json", "--calibration", str(saved), str(image)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert f"unreadable calibration: {str(saved)!r}" in out.err and reason in out.err


@pytest.mark.parametrize(
    ("broken", "said"),
    [
        ("[zones\ncentre = [1, 2, 3, 4]\n", "line 1"),  # not TOML
        ("", "'zones'"),  # TOML, but no zones
        ('[zones]\ncentre = [1, 2, "x", 4]\n', "'centre'"),  # a zone that is no rectangle
    ],
)
def test_a_broken_mat_layout_is_said_naming_the_file_not_a_traceback(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    broken: str,
    said: str,
) -> None:
    """vision/config/mat.toml is the one mat layout (the PDF, calibration and zones); a club
    adapting it to its table may break it. tomllib's TOMLDecodeError, or a KeyError for a
    missing table, went out of 'tiengow mat', 'calibrate' and 'recognize' as a traceback. Each
    now says the file, what is wrong in it and what is expected."""
    import shutil

    import vision.config

    frame = _empty_mat(tmp_path / "frame.png", seed=6)
    config = tmp_path / "config"
    shutil.copytree(vision.config.CONFIG_DIR, config, ignore=shutil.ignore_patterns("*.py*"))
    mat = config / "mat.toml"
    text = mat.read_text()
    if broken.startswith("[zones]"):
        head, _, tail = text.partition("[zones]")
        text = head + broken + "[print]" + tail.partition("[print]")[2]
    elif broken:
        text = broken + text
    else:
        head, _, tail = text.partition("[zones]")
        text = head + "[print]" + tail.partition("[print]")[2]
    mat.write_text(text)
    monkeypatch.setattr(vision.config, "CONFIG_DIR", config)
    for args, code in [
        (["mat", "--out", str(tmp_path / "mat.pdf")], 2),
        (["calibrate", "--image", str(frame), "--save", str(tmp_path / "c.json")], 1),
        (["recognize", "--json", str(frame)], 2),
    ]:
        assert main(args) == code, args
        err = capsys.readouterr().err
        assert str(mat) in err and said in err, (args, err)
        assert "expected" in err


def test_a_grey_image_is_read_with_a_warning_that_colour_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A greyscale PNG is readable (OpenCV gives it three equal channels) but the recogniser
    tells the mat's ground, the tiles and red pips by colour: on a grey frame of the mat with
    two tiles it found none, and said nothing, so 'tiles': [] looked like an empty table. The
    line is still given (the image was read), with a warning on stderr naming the file."""
    frame = render_table({"centre": ["6-6", "5-4"]}, seed=3)[0]
    grey, colour = tmp_path / "grey.png", tmp_path / "colour.png"
    cv2.imwrite(str(grey), cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY))
    cv2.imwrite(str(colour), frame)
    assert main(["recognize", "--json", str(grey), str(colour)]) == 0
    out = capsys.readouterr()
    lines = [json.loads(line) for line in out.out.splitlines()]
    assert [line["image"] for line in lines] == [str(grey), str(colour)]
    assert {"tiles", "face_down", "ms"} <= set(lines[0])
    assert f"{grey}: warning: no colour in the image" in out.err
    assert "expected a colour" in out.err and str(colour) not in out.err


def test_calibrate_waits_out_a_cameras_dark_first_frames(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real camera's first frames are often dark or grey while its exposure settles;
    calibrate looked at the first frame only and said 'too dark to find the mat' on a good
    setup. It now looks at the frames of the first seconds (mat.toml [calibrate] warm_up_s)
    and takes the first in which the mat is found; when none has it, it says why for the last."""
    frames = tmp_path / "frames"
    frames.mkdir()
    for i in range(3):
        cv2.imwrite(str(frames / f"{i:03}.png"), np.full((720, 1280, 3), 8 * i, np.uint8))
    _empty_mat(frames / "003.png", seed=6)
    saved = tmp_path / "c.json"
    args = ["calibrate", "--camera", str(frames), "--save", str(saved)]
    assert main([*args, "--preview", str(tmp_path / "p.png")]) == 0
    assert "mat found" in capsys.readouterr().out and saved.is_file()
    (frames / "003.png").unlink()
    assert main([*args, "--preview", str(tmp_path / "p.png")]) == 1
    assert "too dark to find the mat: 16.0" in capsys.readouterr().err


def test_calibrate_passes_over_an_unreadable_frame_of_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """calibrate --camera FOLDER looks for the mat in the frames of its first seconds, as the
    hub reads a folder of frames, which passes over one that cannot be read (237ef4d). A
    damaged frame first (frame2, before frame10) ended calibrate with 'unreadable frame',
    though the next frame showed the mat; it is now passed over as a frame without the mat
    is, and said only when no frame shows the mat."""
    import os

    frames = tmp_path / "frames"
    frames.mkdir()
    (frames / "frame2.png").write_text("not a picture")
    os.utime(frames / "frame2.png", (1e9, 1e9))  # (not a frame still being written)
    _empty_mat(frames / "frame10.png", seed=6)
    args = ["calibrate", "--camera", str(frames), "--save", str(tmp_path / "c.json")]
    assert main([*args, "--preview", str(tmp_path / "p.png")]) == 0
    assert "mat found" in capsys.readouterr().out
    (frames / "frame10.png").unlink()
    assert main([*args, "--preview", str(tmp_path / "p.png")]) == 1
    err = capsys.readouterr().err
    assert (
        f"calibration failed: unreadable frame (not an image): {str(frames / 'frame2.png')!r}"
        in err
    )


def test_calibrate_keeps_the_camera_frame_for_recognize_as_camera_md_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """hardware/camera.md's check of a setup: calibrate with the camera, lay tiles, then
    'tiengow recognize --json frame.png on a saved frame'; but no command saved a frame of
    the camera (the preview has the zones drawn over the tiles). calibrate --frame writes the
    frame it found the mat in, as the camera gave it, which recognize reads with the
    calibration saved beside it: each tile with its zone."""
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "000.png"), np.full((720, 1280, 3), 8, np.uint8))
    laid = render_table({"seat0.play": ["5-5", "6-1"]}, seed=3)[0]
    cv2.imwrite(str(frames / "001.png"), laid)
    frame, saved = tmp_path / "frame.png", tmp_path / "c.json"
    args = ["calibrate", "--camera", str(frames), "--save", str(saved), "--frame", str(frame)]
    assert main([*args, "--preview", str(tmp_path / "p.png")]) == 0
    assert f"frame {frame}" in capsys.readouterr().out
    assert np.array_equal(cv2.imread(str(frame)), laid)
    assert main(["recognize", "--json", "--calibration", str(saved), str(frame)]) == 0
    line = json.loads(capsys.readouterr().out)
    assert sorted((t["face"], t["zone"]) for t in line["tiles"]) == [
        ("5-5", "seat0.play"),
        ("6-1", "seat0.play"),
    ]


def test_an_image_whose_name_is_not_utf8_is_read_not_a_crash(tmp_path: Path) -> None:
    """interfaces.md: each image gives its line, the others are still processed. A file name
    that is not UTF-8 (a camera card's or an old Windows disk's Latin-1 or Shift-JIS name)
    reaches Python as a str with lone surrogates, which OpenCV's bindings cannot convert: the
    command died of a segmentation fault, with no line for it or for the images after it.
    (Run in a child process: the crash would take pytest down.)"""
    import os
    import subprocess
    import sys

    good = tmp_path / "table.png"
    cv2.imwrite(str(good), render_scene(101)[0])
    odd = os.fsdecode(bytes(tmp_path) + b"/caf\xe9.png")  # Latin-1 'café.png'
    Path(odd).write_bytes(good.read_bytes())
    code = "import sys; from hub.cli import main; sys.exit(main(sys.argv[1:]))"
    run = [sys.executable, "-c", code, "recognize"]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([*run, "--json", odd, str(good)], capture_output=True, env=env)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    first, second = (json.loads(line) for line in done.stdout.decode().splitlines())
    assert first["image"] == odd and first["tiles"] == second["tiles"] != []
    # plain text: the name as it was given, whatever the locale's stdout does with surrogates
    # (a UTF-8 locale's other than C.UTF-8 refuses them: a UnicodeEncodeError traceback)
    env["PYTHONIOENCODING"] = "utf-8:strict"
    done = subprocess.run([*run, odd], capture_output=True, env=env)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert done.stdout.startswith(os.fsencode(odd) + b": ")
