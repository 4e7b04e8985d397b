// SPDX-License-Identifier: GPL-3.0-or-later
// Where a TU's decision log goes: compressed into the object file, or one file
// per TU in a directory.  GCC-free.
#pragma once

#include <string>

namespace inlinetune {

// The object section that carries the log; SHF_EXCLUDE, so final links drop it.
constexpr const char *kLogSection = ".inlinetune.log";

// One zstd frame holding TEXT (with its content size, so readers can check it).
std::string zstd_compress(const std::string &text, int level = 3);

// The file name for OBJECT's log inside a log directory: the object path with
// '/' turned into '%', plus ".jsonl" ("fs/open.o" -> "fs%open.o.jsonl").
std::string log_file_name(const std::string &object);

// Writes TEXT as DIR/log_file_name(OBJECT), creating DIR if needed, through a
// temporary file renamed into place: readers never see half a log, and a
// failure leaves nothing behind.  On failure returns false and sets *error.
bool write_log_file(const std::string &dir, const std::string &object, const std::string &text,
                    std::string *error);

} // namespace inlinetune
