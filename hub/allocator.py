"""The C allocator's handling of the frame-sized arrays a reading makes and frees.

A reading makes hundreds of arrays of a frame's size or a half's (a 640 x 360 float picture
is 2.7 MB), each freed within a stage. glibc's malloc gives blocks that large their own
mapping (``mmap``) and unmaps them when freed, or, once it has raised its threshold, hands
the memory back from the top of its heap as soon as 2 x that threshold lies free there. Either
way the next array's pages are new to the process, and the kernel faults each of them in,
zeroed: on the bench's held-out scenes read plainly from files, 4900 pages a reading, about
half its time (21.8 ms a frame on average, 12.7 with the memory kept; docs/vision.md,
session 47). ``keep_freed_memory`` keeps such blocks in the heap and the
heap's freed top in the process, so a freed array's pages serve the next. The memory the
process holds at its peak is the same; it keeps up to ``TRIM`` of it free between frames.
"""

from __future__ import annotations

import ctypes
import sys

# mallopt's parameters (glibc's malloc.h)
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3

MMAP = 32 * 1024 * 1024  # blocks this large or larger are mapped alone (glibc's largest)
TRIM = 2 * MMAP  # free memory at the heap's top kept (glibc keeps twice the mmap threshold)


def keep_freed_memory() -> bool:
    """Have the process keep freed frame-sized blocks for the next (see the module's
    docstring); False where the C library is not glibc (nothing is changed there)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (AttributeError, OSError):  # (no mallopt: not glibc)
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    # (mallopt answers 1 where it took the value; musl's answers 0 and does nothing)
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP)) and bool(mallopt(_M_TRIM_THRESHOLD, TRIM))
