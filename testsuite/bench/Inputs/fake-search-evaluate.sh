#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# search/run-jobs.sh runs its evaluator with bash: this one is
# Inputs/fake-search.py's (testsuite/bench/search.test).
exec python3 "$(dirname "${BASH_SOURCE[0]}")/fake-search.py" evaluate "$1"
