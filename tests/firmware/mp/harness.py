# A tiny test runner for the MicroPython unix port (no pytest there): every function whose
# name starts with test_ runs; the last line is "N passed, M failed"; exit status 1 on failure.
import sys


def run(names):
    passed = 0
    failed = 0
    for name in sorted(names):
        if not name.startswith("test_"):
            continue
        try:
            names[name]()
            passed += 1
        except Exception as exc:
            failed += 1
            print("FAIL", name)
            sys.print_exception(exc)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def raises(exc_type, fn, *args):
    try:
        fn(*args)
    except exc_type as exc:
        return exc
    raise AssertionError("%r did not raise %r" % (fn, exc_type))
