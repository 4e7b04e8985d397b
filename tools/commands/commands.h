// SPDX-License-Identifier: GPL-3.0-or-later
// The subcommands of the inlinetune command, registered in one table
// (commands.cc), one file each (extract.cc, ...).  A subcommand declares its
// arguments through Args and returns what runs it; it reports problems with
// report() and throws Error for the one that ends it (main.cc prints that).
//
// Args hides CLI11 from the subcommands: CLI11 2.1 is header-only and costs
// some 20 s of -O2 compile time in each file that includes it; only main.cc
// does.
#pragma once

#include "read/log_reader.h"

#include <functional>
#include <string>
#include <vector>

namespace inlinetune {

// The arguments of one subcommand, declared before parsing; the values are
// stored through the pointers.
class Args {
public:
  virtual ~Args() = default;
  // NAME...: one or more (REQUIRED) or any number of words.
  virtual void positionals(const char *name, std::vector<std::string> *values, bool required,
                           const char *help) = 0;
  // FLAGS ("-o,--output") taking a value shown as VALUE_NAME in --help.
  virtual void option(const char *flags, const char *value_name, std::string *value,
                      const char *help) = 0;
  // FLAGS taking one value each time it is given, any number of times.
  virtual void multi_option(const char *flags, const char *value_name,
                            std::vector<std::string> *values, const char *help) = 0;
  // FLAGS taking two values at once ("--guest-profiles BASE NEW"), shown as
  // VALUE_NAMES; the caller checks that VALUES got two (CLI11 takes one or
  // two, so that --help needs no "x 2").
  virtual void option_pair(const char *flags, const char *value_names,
                           std::vector<std::string> *values, const char *help) = 0;
  virtual void flag(const char *flags, bool *value, const char *help) = 0;
};

struct Command {
  const char *name;
  const char *summary; // one line, for --help
  // Declares the arguments; returns what runs the command once they are
  // parsed, answering the exit status (0 or 1; usage errors are main's, 2).
  std::function<int()> (*setup)(Args &args);
};

const std::vector<Command> &commands();

// Prints D on standard error as "inlinetune: LEVEL: FILE: MESSAGE".
void report(const Diagnostic &d);

// VALUE, moved to where it stays until the process ends, never freed: a
// kernel build's model and diff are millions of small objects, and freeing
// them at the end took half a second of `inlinetune diff` for nothing (as
// clang's -disable-free).  Still reachable, so not a leak to LeakSanitizer.
// The reference outlives VALUE, a temporary: g++ 14 and later would warn
// -Wdangling-reference at every call but for GCC's no_dangling attribute,
// which says so (GCC 13 and older do not have the attribute, nor the warning).
#if defined(__has_cpp_attribute) && __has_cpp_attribute(gnu::no_dangling)
#define INLINETUNE_NO_DANGLING [[gnu::no_dangling]]
#else
#define INLINETUNE_NO_DANGLING
#endif
template <typename T> INLINETUNE_NO_DANGLING T &keep_until_exit(T &&value) {
  static auto *const kept = new std::vector<const void *>; // never destroyed either
  T *p = new T(std::move(value));
  kept->push_back(p);
  return *p;
}

// One per subcommand file:
std::function<int()> setup_extract(Args &args);
std::function<int()> setup_summary(Args &args);
std::function<int()> setup_diff(Args &args);
std::function<int()> setup_explain(Args &args);
std::function<int()> setup_annotate(Args &args);
std::function<int()> setup_report(Args &args);
std::function<int()> setup_db(Args &args);
std::function<int()> setup_correlate(Args &args);

} // namespace inlinetune
