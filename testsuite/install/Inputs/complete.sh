#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# complete.sh COMPLETION WORD...: what bash completes for the command line
# WORD... (the last word is the one being completed; "" for a new word), with
# bash-completion loaded and COMPLETION sourced, as an interactive shell would:
# COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set, _inlinetune called.
# Prints COMPREPLY, one a line, sorted.
set -u
completion=$1
shift
# shellcheck disable=SC1091
. /usr/share/bash-completion/bash_completion
# shellcheck disable=SC1090
. "$completion"
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
COMP_LINE="$*"
COMP_POINT=${#COMP_LINE}
COMPREPLY=()
_inlinetune inlinetune "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
printf '%s\n' "${COMPREPLY[@]}" | sort
