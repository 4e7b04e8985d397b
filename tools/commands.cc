// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"

#include <fmt/format.h>

namespace inlinetune {

const std::vector<Command> &commands() {
  static const std::vector<Command> table = {
      {"extract",
       "Collect the logs in objects, archives, directories and .jsonl files into one "
       "JSON Lines stream",
       setup_extract},
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
