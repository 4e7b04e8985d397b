// SPDX-License-Identifier: GPL-3.0-or-later
// The one error type of the inlinetune command and its libraries.  Code deep
// inside throws it with a message that names the file it is about; the
// command reports it once, as "inlinetune: error: MESSAGE" (tools/commands/main.cc), or
// the log reader turns it into a diagnostic and goes on with the next file.
#pragma once

#include <fmt/format.h>

#include <stdexcept>
#include <string>
#include <utility>

namespace inlinetune {

class Error : public std::runtime_error {
public:
  explicit Error(const std::string &message) : std::runtime_error(message) {}
  template <typename... Args>
  Error(fmt::format_string<Args...> format, Args &&...args)
      : std::runtime_error(fmt::format(format, std::forward<Args>(args)...)) {}
};

// A mistake on the command line that only the subcommand can see (a --format
// it does not know, say): main.cc reports it as it reports CLI11's own, and
// exits 2.
class UsageError : public Error {
public:
  using Error::Error;
};

} // namespace inlinetune
