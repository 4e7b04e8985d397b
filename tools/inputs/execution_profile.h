// SPDX-License-Identifier: GPL-3.0-or-later
// Execution profiles as weights per symbol, for `inlinetune correlate` and
// `report`.  Three formats:
//
//   perf-report  `perf report --stdio` (with or without --children):
//                "  12.34%  cmd  [kernel.kallsyms]  [k] func"; the weight is
//                the last percentage before the command (Self); '#' lines,
//                blank lines and call-graph lines ("|", "---") are skipped
//   perf-script  `perf script`: a sample header line, then (with call graphs)
//                one indented frame per line, "ADDR func+0xOFF (DSO)"; each
//                sample weighs 1 and goes to its leaf (first) frame; without
//                call graphs the frame follows the header on its line
//   csv          a header with "symbol" and "weight" columns
//
// Symbols are kept as the profile names them (func.constprop.0,
// func.cold); correlation.cc maps them to functions.  A line that does not
// parse is reported as "FILE:LINE: ..." and skipped.
#pragma once

#include "read/log_reader.h"

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace inlinetune {

enum class ExecutionProfileFormat { auto_, perf_report, perf_script, csv };
const char *profile_format_name(ExecutionProfileFormat format); // "perf-report", ...
// Throws UsageError unless NAME is auto, perf-report, perf-script or csv.
ExecutionProfileFormat parse_profile_format(const std::string &name);
// The format of TEXT, by its first line that is not blank or a '#' comment:
// a CSV header with "symbol" and "weight", a perf report percentage line,
// else perf script.
ExecutionProfileFormat detect_profile_format(std::string_view text);

// Which build the profile was recorded on.
enum class ExecutionProfileBuild { base, next };

struct ExecutionProfile {
  std::string path;
  ExecutionProfileFormat format = ExecutionProfileFormat::perf_report;
  ExecutionProfileBuild build = ExecutionProfileBuild::next;
  std::string unit;                      // "%" (perf-report), "samples" (perf-script), "" (csv)
  std::map<std::string, double> weights; // symbol -> weight (summed over lines)
  // The weight of everything profiled: 100 for perf report (its percentages
  // are of all samples, those below perf's cut-off included), the samples
  // for perf script (those without a symbol included), the sum of the
  // weights for csv.
  double total = 0;
  double unknown = 0; // weight without a symbol ("[unknown]", bare addresses)
  size_t errors = 0;  // lines reported and skipped
};

// FORMAT auto_: detect_profile_format.
ExecutionProfile parse_execution_profile(std::string_view text, const std::string &path,
                                         ExecutionProfileFormat format, const DiagnosticSink &sink);
ExecutionProfile read_execution_profile(const std::string &path, ExecutionProfileFormat format,
                                        const DiagnosticSink &sink);

} // namespace inlinetune
