// SPDX-License-Identifier: GPL-3.0-or-later
// What `inlinetune correlate` prints, as a Result (table.h): the summary
// line, the summary object and the tables functions and workloads, from a
// Correlation (correlation.h).  Made in correlation_result.cc; `correlate` prints it and `report`
// shows the same Result, so the page and the command never disagree.
#pragma once

#include "inputs/results_reader.h"
#include "model/build_diff.h"
#include "model/correlation.h"
#include "output/table.h"

#include <cstddef>

namespace inlinetune {

// C joins D with RESULTS; ERRORS (the problems reported while reading them
// all) goes into the summary.  TOP: rows kept of the functions table, 0
// for all; the workloads table always has every result row.
Result correlation_result(const BuildDiff &d, const Results &results, const Correlation &c,
                          size_t errors, size_t top);

} // namespace inlinetune
