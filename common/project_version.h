// SPDX-License-Identifier: GPL-3.0-or-later
// The project's version, one definition for the plugin (its `verbose` line,
// GCC's plugin info) and the CLI (`inlinetune --version`): the root VERSION
// file and the git commit the build was made from (`git describe --always
// --dirty`, "unknown" outside a git checkout), passed by the Makefile as
// INLINETUNE_VERSION and INLINETUNE_COMMIT to project_version.cc alone, so that a new
// commit recompiles that one file.
#pragma once

namespace inlinetune {

extern const char kVersion[];     // "0.1.0"
extern const char kCommit[];      // "04a1565", "04a1565-dirty" or "unknown"
extern const char kVersionLine[]; // "inlinetune 0.1.0 (commit 04a1565)", "... (commit unknown)"

} // namespace inlinetune
