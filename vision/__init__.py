"""Tien Gow Table vision: finds and reads Chinese dominoes seen from above.

Vision knows dominoes (pips), not the game: it reports faces such as ``"6-5"`` (high-low),
face-down counts and, on the printed mat, the zone each tile lies in.

- ``recognize(image)`` / ``Recognizer``: any photo of tiles seen from above;
- ``find_mat(frame)`` -> ``Calibration``; ``TableRecognizer(calibration).observe(frame)``;
- ``Stabiliser``: reports a zone's contents once they have settled;
- ``frames(source)``: a device index, video file or folder of frames;
- ``vision.synth.render_table(tiles_by_zone, seed)``: rendered camera frames with truth.
"""

from .calibrate import Calibration, find_mat
from .errors import RecognitionError
from .recognizer import Recognizer, recognize
from .sources import frames
from .stabilise import Stabiliser, ZoneReport
from .table import TableRecognizer
from .types import Observation, Tile

__all__ = [
    "Calibration",
    "Observation",
    "RecognitionError",
    "Recognizer",
    "Stabiliser",
    "TableRecognizer",
    "Tile",
    "ZoneReport",
    "find_mat",
    "frames",
    "recognize",
]
