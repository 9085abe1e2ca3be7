# A fake umqtt.simple with an in-memory broker and a hub that acks every pad message.
import json

BROKER = {"up": True, "log": [], "pending": [], "connects": 0}


class MQTTClient:
    def __init__(self, client_id, server, port=0, user=None, password=None, keepalive=0):
        self.client_id = client_id
        self.server = server
        self.user = user
        self.will = None
        self.cb = None
        self.subs = []
        self.sock = self

    def close(self):
        pass

    def set_last_will(self, topic, msg, retain=False, qos=0):
        self.will = (topic, msg, retain, qos)
        BROKER["will"] = self.will

    def set_callback(self, cb):
        self.cb = cb

    def _check(self):
        if not BROKER["up"]:
            raise OSError(104)  # ECONNRESET

    def connect(self):
        self._check()
        BROKER["connects"] += 1

    def subscribe(self, topic, qos=0):
        self._check()
        self.subs.append(topic)

    def publish(self, topic, msg, retain=False, qos=0):
        self._check()
        BROKER["log"].append((topic, bytes(msg), retain, qos))
        if topic.endswith("/up"):
            m = json.loads(msg)
            ack = {"v": 1, "seat": m["seat"], "t": "ack", "ack": m["seq"], "boot": m["boot"]}
            down = topic[: -len("up")] + "down"
            BROKER["pending"].append((down.encode(), json.dumps(ack).encode()))

    def check_msg(self):
        self._check()
        while BROKER["pending"]:
            topic, payload = BROKER["pending"].pop(0)
            if topic in self.subs:
                self.cb(topic, payload)

    def ping(self):
        self._check()
