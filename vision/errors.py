"""The one error type of vision, under the project's error tree when the hub provides it."""

from __future__ import annotations


class RecognitionError(ValueError):
    """Something vision was given, or found, cannot be used.

    The message says what failed, the offending value's repr and what would have been accepted,
    e.g. ``unreadable image 'x.png': cv2.imread returned None; expected a PNG or JPEG file``.
    """

    def __init__(self, what: str, value: object, accepted: str) -> None:
        self.what = what
        self.value = value
        self.accepted = accepted
        super().__init__(f"{what}: {value!r}; expected {accepted}")
