// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune diff BASE NEW            [--by function|dir|subsystem|file|reason]
// inlinetune diff --base P... --new P...  [--top N] [--format table|csv|json] [-o FILE]
//
// Two builds of the same sources (baseline and RFC params, say), compared TU
// by TU (TUs are matched by source file): the call sites whose decision
// flipped (matched by site id), and per function the real bytes of its
// symbols and GCC's estimated size before and after, each row with the
// flipped decisions that explain it, like scripts/bloat-o-meter with causes.
// The first line sums it up; rows are sorted by real-byte delta.  Functions
// that vanished (out of line in BASE, not in NEW: inlined everywhere) and
// appeared get their own lists too, and per-subsystem totals close the table
// output.  docs/cli.md describes every column.  The comparison itself is
// model/build_diff.h, and what is printed of it output/diff_result.h (which
// report draws from too); this file reads the builds and prints it.
#include "commands/commands.h"
#include "commands/option_groups.h"
#include "error.h"
#include "model/build_diff.h"
#include "output/diff_result.h"
#include "output/output_file.h"
#include "output/table.h"
#include "support/parallel.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>

namespace inlinetune {

namespace {

struct Options {
  TwoBuildsOptions builds;
  std::string by = "function";
  RowOptions rows;
  TableOutputOptions table;
};

int run(const Options &options) {
  const GroupBy by =
      parse_group_by(options.by, {GroupBy::function, GroupBy::dir, GroupBy::subsystem,
                                  GroupBy::file, GroupBy::reason});
  const size_t top = parse_top(options.table.top);
  const Format format = parse_format(options.table.format);
  const auto [base_paths, new_paths] = options.builds.paths();
  const RowShaping shaping = options.rows.shaping(top);
  LoadOptions load;
  load.keep_tu = options.rows.keep_tu();
  Output out(options.table.output); // before reading: a bad -o fails at once

  // The tables need the comparison only: never the two models (a kernel's
  // take some 600 MB, bench/tools.sh).
  BuildDiff &d = keep_until_exit(stream_diff(base_paths, new_paths, report, load));
  if (std::string warning = tu_mismatch_warning(d); !warning.empty())
    fmt::print(stderr, "inlinetune: warning: {}\n", warning);
  // Cut early where nothing re-sorts or filters the rows: the flips cells
  // of rows not shown are never made.
  Result &res = keep_until_exit(diff_result(d, by, shaping.cut_early() ? top : 0));
  shape(res, shaping);
  out.write(render(res, format));
  out.commit();
  return d.errors() ? 1 : 0;
}

} // namespace

std::function<int()> setup_diff(Args &args) {
  auto options = std::make_shared<Options>();
  options->builds.declare(args);
  args.option("--by", "GROUP", &options->by,
              "Rows per function (the default), dir, subsystem, file or reason");
  options->rows.declare(args, "Sort rows by these columns (default: delta, largest growth first, "
                              "as bloat-o-meter; then est_delta)");
  options->table.declare(args);
  return [options] { return run(*options); };
}

} // namespace inlinetune
