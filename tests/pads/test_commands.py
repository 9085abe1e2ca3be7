"""`tiengow broker-config` (against a real mosquitto), `tiengow pad-sim` and `tiengow flash`."""

from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from hub.cli import main
from hub.commands.broker_config import check_password, hash_password
from hub.pads.intake import PadIntake
from hub.pads.mqtt_pads import MqttPads

from .conftest import TIMEOUT, Mosquitto, Recorder, free_port


def test_hash_format_and_check() -> None:
    entry = hash_password("s3cret", salt=b"0123456789ab")
    assert entry.startswith("$7$101$MDEyMzQ1Njc4OWFi$") and len(entry.split("$")[4]) == 88
    assert check_password("s3cret", entry) and not check_password("other", entry)
    with pytest.raises(ValueError, match=r"\$7\$ hash"):
        check_password("x", "$6$abc")


class Client:
    """A raw paho client that records what it receives."""

    def __init__(self, port: int, user: str, password: str) -> None:
        self.got: list[tuple[str, bytes]] = []
        self.cond = threading.Condition()
        self.result: list[object] = []
        self.c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=user + "-test")
        self.c.username_pw_set(user, password)
        self.c.on_connect = self._on_connect
        self.c.on_message = self._on_message
        self.c.connect("127.0.0.1", port)
        self.c.loop_start()

    def _on_connect(self, c: object, u: object, f: object, reason: object, p: object) -> None:
        with self.cond:
            self.result.append(reason)
            self.cond.notify_all()

    def _on_message(self, c: object, u: object, msg: mqtt.MQTTMessage) -> None:
        with self.cond:
            self.got.append((msg.topic, bytes(msg.payload)))
            self.cond.notify_all()

    def connected(self) -> bool:
        with self.cond:
            assert self.cond.wait_for(lambda: self.result, TIMEOUT)
            return not self.result[0].is_failure  # type: ignore[attr-defined]

    def wait_topic(self, topic: str) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: any(t == topic for t, _ in self.got), TIMEOUT)

    def stop(self) -> None:
        self.c.disconnect()
        self.c.loop_stop()


def test_broker_config_passwords_and_acl_work_in_mosquitto(
    tmp_path: Path, recorder: Recorder
) -> None:
    out = tmp_path / "broker"
    port = free_port()
    args = ["broker-config", "--out", str(out), "--table", "t9", "--port", str(port)]
    assert main([*args, "--bind", "127.0.0.1", "--run-as", "root"]) == 0
    creds = json.loads((out / "credentials.json").read_text())["users"]
    assert sorted(creds) == ["hub-t9", "pad-t9-0", "pad-t9-1", "pad-t9-2", "pad-t9-3"]
    assert oct((out / "credentials.json").stat().st_mode & 0o777) == "0o600"
    # a second run keeps the passwords
    assert main([*args, "--bind", "127.0.0.1", "--run-as", "root"]) == 0
    assert json.loads((out / "credentials.json").read_text())["users"] == creds

    broker = Mosquitto(tmp_path, port=port, conf=out / "mosquitto.conf")
    try:
        wrong = Client(port, "pad-t9-0", "not-the-password")
        assert not wrong.connected()
        wrong.stop()

        hub = Client(port, "hub-t9", creds["hub-t9"])
        pad0 = Client(port, "pad-t9-0", creds["pad-t9-0"])
        assert hub.connected() and pad0.connected()
        hub.c.subscribe("tiengow/t9/#", qos=1)
        pad0.c.subscribe([("tiengow/t9/seat/0/down", 1), ("tiengow/t9/seat/1/down", 1)])
        # the hub sees its own publish once its subscription is live: a fence
        hub.c.publish("tiengow/t9/state", b"{}", qos=1)
        assert hub.wait_topic("tiengow/t9/state")
        # pad 0 may not speak for seat 1, nor hear seat 1's screen; each forbidden message is
        # followed by an allowed one, so its absence is observed, not waited for
        pad0.c.publish("tiengow/t9/seat/1/up", b"forged", qos=1)
        pad0.c.publish("tiengow/t9/seat/0/up", b"mine", qos=1)
        assert hub.wait_topic("tiengow/t9/seat/0/up")
        hub.c.publish("tiengow/t9/seat/1/down", b"secret", qos=1)
        hub.c.publish("tiengow/t9/seat/0/down", b"yours", qos=1)
        assert pad0.wait_topic("tiengow/t9/seat/0/down")
        hub.stop()
        pad0.stop()
        assert ("tiengow/t9/seat/1/up", b"forged") not in hub.got
        assert [t for t, _ in pad0.got] == ["tiengow/t9/seat/0/down"]

        # and the hub adapter connects with its URL
        intake = PadIntake(recorder, table="t9")
        pads = MqttPads(intake, f"mqtt://hub-t9:{creds['hub-t9']}@127.0.0.1:{port}").start()
        assert pads.connected.wait(TIMEOUT)
        pads.stop()
    finally:
        broker.stop()


def test_broker_config_refuses_a_bad_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["broker-config", "--out", str(tmp_path), "--table", "t 1"]) == 2
    assert "letters, digits and '-', got 't 1'" in capsys.readouterr().err


def test_broker_config_run_as_prints_the_commands_that_start_mosquitto(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --run-as USER the configuration's `user` line only takes effect for a mosquitto
    started as root, which drops to USER before it opens the password file (mode 0600): the
    hint said 'run:  mosquitto -c .../mosquitto.conf', which as oneself ignores the user line
    and as root (once the files are root's, written with sudo) stops at 'Unable to open pwfile'.
    It now says to hand the password file to USER and start mosquitto with sudo (docs/mqtt.md);
    without --run-as the plain command is right (one's own files, one's own rights)."""
    out = tmp_path / "broker"
    assert main(["broker-config", "--out", str(out), "--run-as", "mosquitto"]) == 0
    run = [line for line in capsys.readouterr().out.splitlines() if line.startswith("run:")]
    assert run == [
        f"run:  sudo chown mosquitto: {out}/passwd && sudo mosquitto -c {out}/mosquitto.conf"
    ]
    assert main(["broker-config", "--out", str(out)]) == 0
    run = [line for line in capsys.readouterr().out.splitlines() if line.startswith("run:")]
    assert run == [f"run:  mosquitto -c {out}/mosquitto.conf"]


@pytest.mark.parametrize("text", ["{}", '{"users": ["hub-t1"]}', '{"users": {"hub-t1": 7}}'])
def test_broker_config_over_a_credentials_file_it_cannot_use_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    """Run again over a credentials.json edited by hand (no "users", or not user -> password):
    exit 2 naming the file and what it must hold, not a KeyError/AttributeError traceback,
    and the file is left as it was."""
    cred = tmp_path / "credentials.json"
    cred.write_text(text, encoding="utf-8")
    assert main(["broker-config", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert str(cred) in err and '"users"' in err
    assert cred.read_text(encoding="utf-8") == text


def test_pad_sim_script_over_mqtt(
    mosquitto: Mosquitto, recorder: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    intake = PadIntake(recorder, table="t1")
    pads = MqttPads(intake, mosquitto.url).start()
    try:
        assert pads.connected.wait(TIMEOUT)
        argv = ["pad-sim", "--seat", "2", "--mqtt", mosquitto.url, "--script", "play,tile:04a1,ok"]
        assert main(argv) == 0
    finally:
        pads.stop()
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["acked"] is True and report["sent"] == 3
    assert recorder.buttons(2) == ["play", "04a1", "ok"]


def test_pad_sim_reports_a_missing_hub_and_bad_scripts(capsys: pytest.CaptureFixture[str]) -> None:
    url = f"mqtt://127.0.0.1:{free_port()}"  # nobody listens here
    assert (
        main(["pad-sim", "--seat", "0", "--mqtt", url, "--script", "ok", "--timeout", "0.5"]) == 1
    )
    assert json.loads(capsys.readouterr().out.strip())["acked"] is False
    assert main(["pad-sim", "--seat", "0", "--mqtt", url, "--script", "pass"]) == 2
    assert "'pass' is not a button" in capsys.readouterr().err


def test_the_pad_config_examples_log_in_as_broker_config_names_the_pad() -> None:
    """firmware/config.py's docstring showed an MQTT pad logging in as "pad2", a user
    broker-config never writes (its pads are pad-<table>-<seat>, the only ones its ACL lets
    publish): a config copied from it is refused by the broker. Every example (the docstring's,
    config.example.json) names the user broker-config gives that table's seat."""
    import ast

    from hub.commands.broker_config import pad_user

    firmware = Path(__file__).parents[2] / "firmware"
    doc = ast.get_docstring(ast.parse((firmware / "config.py").read_text(encoding="utf-8")))
    assert doc is not None
    rest = " ".join(line for line in doc.splitlines() if line.startswith("    ")).strip()
    examples = []
    while rest:  # (the indented block: JSON objects one after another)
        cfg, end = json.JSONDecoder().raw_decode(rest)
        examples.append(cfg)
        rest = rest[end:].strip()
    examples.append(json.loads((firmware / "config.example.json").read_text(encoding="utf-8")))
    mqtt = [cfg for cfg in examples if cfg.get("transport") == "mqtt"]
    assert len(mqtt) == 2, examples
    for cfg in mqtt:
        assert cfg["broker"]["user"] == pad_user(cfg["table"], cfg["seat"]), cfg


def test_flash_dry_run_lists_mpremote_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    creds = tmp_path / "credentials.json"
    creds.write_text(json.dumps({"table": "t1", "port": 1884, "users": {"pad-t1-3": "pw"}}))
    argv = ["flash", "--seat", "3", "--board", "picow", "--port", "/dev/ttyACM3"]
    argv += ["--transport", "mqtt", "--wifi-ssid", "club", "--broker-host", "10.1.1.2"]
    assert main([*argv, "--credentials", str(creds), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "mip install umqtt.simple" in out
    assert "board_picow.py :board_picow.py" in out and "board_esp32s3" not in out
    assert "hub/pads/protocol.py :protocol.py" in out and ":config.json" in out
    assert out.strip().endswith("reset")


def test_flash_runs_mpremote_and_writes_the_config(tmp_path: Path) -> None:
    log = tmp_path / "calls.txt"
    fake = tmp_path / "mpremote"
    fake.write_text(
        f"#!{sys.executable}\nimport sys, shutil\n"
        f"open({str(log)!r}, 'a').write(' '.join(sys.argv[1:]) + '\\n')\n"
        "if sys.argv[-1] == ':config.json':\n"
        f"    shutil.copy(sys.argv[-2], {str(tmp_path / 'config.json')!r})\n"
    )
    fake.chmod(0o755)
    argv = ["flash", "--seat", "1", "--board", "esp32s3", "--mpremote", str(fake), "--nfc"]
    assert main(argv) == 0
    calls = log.read_text().splitlines()
    assert all(c.startswith("connect auto ") for c in calls)
    assert not any("mip" in c for c in calls)  # serial pads need no umqtt
    assert json.loads((tmp_path / "config.json").read_text()) == {
        "seat": 1,
        "transport": "serial",
        "nfc": True,
    }


def test_flash_says_what_is_missing(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["flash", "--seat", "0", "--board", "picow", "--transport", "mqtt", "--dry-run"]
    assert main(argv) == 2
    assert "--wifi-ssid" in capsys.readouterr().err
    assert os.path.exists(Path(__file__).parents[2] / "firmware" / "main.py")


def test_flash_refuses_a_config_the_pad_would_refuse(capsys: pytest.CaptureFixture[str]) -> None:
    """firmware/config.py refuses an SSID over 32 bytes: flash says so before copying."""
    argv = ["flash", "--seat", "0", "--board", "picow", "--transport", "mqtt", "--dry-run"]
    argv += ["--broker-host", "10.1.1.2", "--wifi-ssid", "x" * 33]
    assert main(argv) == 2
    assert "--wifi-ssid must be 1..32 bytes" in capsys.readouterr().err
    argv[-1] = "x" * 32
    assert main(argv) == 0


def test_pad_sim_over_a_pty_with_the_serial_hub(recorder: Recorder) -> None:
    import subprocess

    argv = [sys.executable, "-m", "hub.cli", "pad-sim", "--seat", "3", "--pty"]
    proc = subprocess.Popen(
        [*argv, "--script", "discard,menu", "--timeout", str(TIMEOUT)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()  # "pad on /dev/pts/N: run `tiengow hub --serial 3=...`"
    device = first.split()[2].rstrip(":")
    assert f"--serial 3={device}" in first
    intake = PadIntake(recorder)
    from hub.pads.serial_pads import SerialPad

    port = SerialPad(intake, 3, device).start()
    try:
        assert proc.wait(TIMEOUT + 5) == 0
        report = json.loads(proc.stdout.read().strip().splitlines()[-1])
    finally:
        port.stop()
        proc.stdout.close()
    assert report["acked"] is True
    assert recorder.buttons(3) == ["discard", "menu"]
