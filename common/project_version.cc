// SPDX-License-Identifier: GPL-3.0-or-later
#include "project_version.h"

// The Makefile defines both (from VERSION and git); a build without them is
// a build system mistake, not a version to guess.
#if !defined(INLINETUNE_VERSION) || !defined(INLINETUNE_COMMIT)
#error "INLINETUNE_VERSION and INLINETUNE_COMMIT come from the Makefile (VERSION, git describe)"
#endif

namespace inlinetune {

const char kVersion[] = INLINETUNE_VERSION;
const char kCommit[] = INLINETUNE_COMMIT;
const char kVersionLine[] = "inlinetune " INLINETUNE_VERSION " (commit " INLINETUNE_COMMIT ")";

} // namespace inlinetune
