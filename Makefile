# The two commands: `make demo` (a whole simulated table) and `make test`.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: setup system-deps demo test lint typecheck pytest bench clean

setup: system-deps $(STAMP)

system-deps:
	@sh tools/system-deps.sh

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: setup
	$(VENV)/bin/tiengow demo --hands 3

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

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
