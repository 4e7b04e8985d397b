// SPDX-License-Identifier: GPL-3.0-or-later
// Where a TU's decision log goes with log=DIR: one file per TU in a
// directory (the object form, an ELF note, is emitted by inlinetune.cc).
// GCC-free.  The names and framing are log/format.h's.
#pragma once

#include <string>

namespace inlinetune {

// Writes TEXT as DIR/log::log_file_name(OBJECT), creating DIR if needed,
// through a temporary file renamed into place (common/atomic_file.h): readers
// never see half a log, and a failure leaves nothing behind.  On failure
// returns false and sets *error.
bool write_log_file(const std::string &dir, const std::string &object, const std::string &text,
                    std::string *error);

} // namespace inlinetune
