# The two commands: `make demo` (a whole simulated table) and `make test`.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: setup system-deps demo test lint typecheck pytest bench enclosure clean

STUBS  := $(VENV)/stubs/.installed

setup: system-deps $(STAMP) $(STUBS)

system-deps:
	@sh tools/system-deps.sh

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# MicroPython stubs, one folder per board: both packages ship machine.pyi & co., so they cannot
# share one site-packages; tests/firmware runs mypy once per folder.
$(STUBS): $(STAMP)
	$(PY) -m pip install --quiet --upgrade --target $(VENV)/stubs/esp32 'micropython-esp32-stubs==1.29.*'
	$(PY) -m pip install --quiet --upgrade --target $(VENV)/stubs/rp2 'micropython-rp2-stubs==1.29.*'
	touch $(STUBS)

demo: setup
	$(VENV)/bin/tiengow demo

lint: setup
	$(VENV)/bin/ruff check hub vision tests bench
	$(VENV)/bin/ruff format --check hub vision tests bench

typecheck: setup
	$(VENV)/bin/mypy

pytest: setup
	$(VENV)/bin/pytest

test: lint typecheck pytest

bench: setup
	$(PY) bench/run.py

enclosure: system-deps
	$(MAKE) -C hardware/pad

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
