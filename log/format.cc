// SPDX-License-Identifier: GPL-3.0-or-later
#include "format.h"

namespace inlinetune::log {

std::string log_file_name(const std::string &object) {
  std::string name = object;
  for (char &c : name)
    if (c == '/')
      c = '%';
  return name + ".jsonl";
}

} // namespace inlinetune::log
