// SPDX-License-Identifier: GPL-3.0-or-later
// What records.h derives from a record: needed by the encoder and by every
// reader alike, so neither half of the library owns it.
#include "records.h"

#include <cstdio>

namespace inlinetune::log {

// 64-bit FNV-1a: a short, stable digest for ids; not for security.  (md5 would
// do too but lives in libiberty, which the CLI need not link for this.)
static std::string fnv1a(const std::string &s) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[17];
  snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

const char *pass_name(Pass pass) {
  return pass == Pass::einline ? "einline" : "inline";
}

std::string object_symbol(const std::string &symbol) {
  return !symbol.empty() && symbol[0] == '*' ? symbol.substr(1) : symbol;
}

std::string site_id(const Site &site) {
  return fnv1a(site.lexical_caller.symbol + '\n' + site.callee.symbol + '\n' + site.location);
}

} // namespace inlinetune::log
