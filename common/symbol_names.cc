// SPDX-License-Identifier: GPL-3.0-or-later
#include "symbol_names.h"

#include <libiberty/demangle.h>

#include <algorithm>
#include <cstdlib>

namespace inlinetune {

static void add_unique(std::vector<std::string> *names, std::string name) {
  if (!name.empty() && std::find(names->begin(), names->end(), name) == names->end())
    names->push_back(std::move(name));
}

static std::string demangle(const std::string &symbol, int options) {
  char *d = cplus_demangle(symbol.c_str(), options);
  if (!d)
    return {};
  std::string s(d);
  free(d);
  return s;
}

std::vector<std::string> symbol_names(const std::string &assembler_name,
                                      const std::string &source_name) {
  std::vector<std::string> names;
  // GCC marks verbatim asm labels with a leading '*'.
  std::string symbol = assembler_name.rfind('*', 0) == 0 ? assembler_name.substr(1) : assembler_name;
  add_unique(&names, symbol);
  if (symbol.rfind("_Z", 0) == 0) {
    add_unique(&names, demangle(symbol, DMGL_PARAMS | DMGL_ANSI));
    add_unique(&names, demangle(symbol, DMGL_ANSI));
  }
  add_unique(&names, source_name);
  return names;
}

} // namespace inlinetune
