// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands/commands.h"

#include <fmt/format.h>

namespace inlinetune {

const std::vector<Command> &commands() {
  static const std::vector<Command> table = {
      {"extract",
       "Collect the logs in objects, archives, directories and .jsonl files into one "
       "JSON Lines stream",
       setup_extract},
      {"summary",
       "Call sites, inlined and refused, estimated growth and real bytes per directory, "
       "subsystem, file, function or reason",
       setup_summary},
      {"diff",
       "Compare two builds: flipped decisions, vanished functions, byte deltas and their causes",
       setup_diff},
      {"explain", "Every call site into or out of a function, with reasons and flip thresholds",
       setup_explain},
      {"annotate",
       "The source of a file with the decisions at each call line: callee, decision per "
       "inliner, reason, growth, limit and flip point; with two builds, what changed",
       setup_annotate},
      {"report",
       "One self-contained HTML page with plots of a diff: bytes by subsystem, flips by reason, "
       "top functions, flip thresholds, correlation with results",
       setup_report},
      {"db", "The logs (and symbol sizes, and results) as a SQLite database for SQL or pandas",
       setup_db},
      {"correlate",
       "Join a diff with measured workload results and an execution profile: the hot functions "
       "whose "
       "inlining changed, and how much of each change they can account for",
       setup_correlate},
  };
  return table;
}

void report(const Diagnostic &d) {
  const char *level = d.level == Diagnostic::Level::error     ? "error"
                      : d.level == Diagnostic::Level::warning ? "warning"
                                                              : "note";
  fmt::print(stderr, "inlinetune: {}: {}: {}\n", level, d.file, d.message);
}

} // namespace inlinetune
