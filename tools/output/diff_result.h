// SPDX-License-Identifier: GPL-3.0-or-later
// What `inlinetune diff` prints, as a Result (table.h): the summary line,
// the summary object and the tables for one --by, from a BuildDiff
// (build_diff.h).  Made in diff_result.cc; `diff` prints it and `report` draws its charts and
// tables from the same Result, so the page and the command never disagree.
#pragma once

#include "model/build_diff.h"
#include "output/table.h"

#include <cstddef>

namespace inlinetune {

// BY: function (tables functions, vanished, appeared, subsystems), reason
// (reasons, subsystems), subsystem (subsystems), dir or file (dirs / files,
// subsystems).  TOP: rows kept per table, 0 for all.  Throws Error when the
// functions' deltas do not add up to the total.
Result diff_result(const BuildDiff &d, GroupBy by, size_t top);

// A flip as diff's flips column has it (JSON: to, side, copy, caller,
// callee, id, location, reasons, limits, copies), for the other results
// that list flips (correlate's attribution groups).
Cell flip_cell(const Flip &f, FlipSide side);

} // namespace inlinetune
