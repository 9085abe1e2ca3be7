# A fake umqtt.simple with an in-memory broker and a hub that acks every pad message.
#
# The client uses its socket as micropython-lib's umqtt.simple does: connect(timeout) sets the
# socket's timeout, publish (QoS 1) and subscribe wait for the broker's answer with a blocking
# read, and every read of an answer (wait_msg) puts the socket back into blocking mode, with no
# timeout, while check_msg reads without blocking. BROKER["up"] False is a broker that went
# away with a reset (OSError); BROKER["silent"] True is one that vanished without a word (power,
# Wi-Fi): writes go nowhere and a blocking read waits for the socket's timeout, or for ever,
# which the fake records in BROKER["hung"] and raises as Hang (not an OSError).
import json

BROKER = {
    "up": True,
    "silent": False,
    "log": [],
    "pending": [],
    "connects": 0,
    "waited": [],  # the timeout (s) of each blocking read the silent broker let run out
    "hung": False,
}


class Hang(Exception):
    pass


class FakeSock:
    def __init__(self):
        self.timeout = None  # None: blocking; 0: non-blocking; > 0: seconds

    def settimeout(self, timeout):
        self.timeout = timeout

    def setblocking(self, flag):
        self.timeout = None if flag else 0

    def close(self):
        pass

    def write(self, buf, n=None):
        if not BROKER["up"]:
            raise OSError(104)  # ECONNRESET
        return len(buf) if n is None else n

    def read(self, n):
        if not BROKER["up"]:
            raise OSError(104)
        if BROKER["silent"]:
            if self.timeout == 0:
                return None
            if self.timeout is None:
                BROKER["hung"] = True
                raise Hang("a blocking read with no timeout on a broker that vanished")
            BROKER["waited"].append(self.timeout)
            raise OSError(110)  # ETIMEDOUT
        return b"\x00" * n


class MQTTClient:
    def __init__(self, client_id, server, port=0, user=None, password=None, keepalive=0):
        self.client_id = client_id
        self.server = server
        self.user = user
        self.will = None
        self.cb = None
        self.subs = []
        self.sock = None

    def set_last_will(self, topic, msg, retain=False, qos=0):
        self.will = (topic, msg, retain, qos)
        BROKER["will"] = self.will

    def set_callback(self, cb):
        self.cb = cb

    def _wait_msg(self):
        res = self.sock.read(1)
        self.sock.setblocking(True)  # as umqtt.simple does after every read
        return res

    def connect(self, clean_session=True, timeout=None):
        self.sock = FakeSock()
        self.sock.settimeout(timeout)
        self.sock.write(b"\x10")
        self.sock.read(4)  # CONNACK
        BROKER["connects"] += 1

    def subscribe(self, topic, qos=0):
        self.sock.write(b"\x82")
        self._wait_msg()  # SUBACK
        self.subs.append(topic)

    def publish(self, topic, msg, retain=False, qos=0):
        self.sock.write(msg)
        if not BROKER["silent"]:
            BROKER["log"].append((topic, bytes(msg), retain, qos))
            if topic.endswith("/up"):
                m = json.loads(msg)
                ack = {"v": 1, "seat": m["seat"], "t": "ack", "ack": m["seq"], "boot": m["boot"]}
                down = topic[: -len("up")] + "down"
                BROKER["pending"].append((down.encode(), json.dumps(ack).encode()))
        if qos:
            self._wait_msg()  # PUBACK

    def check_msg(self):
        self.sock.setblocking(False)
        if self._wait_msg() is None:
            return None
        while BROKER["pending"]:
            topic, payload = BROKER["pending"].pop(0)
            if topic in self.subs:
                self.cb(topic, payload)

    def ping(self):
        self.sock.write(b"\xc0\x00")
