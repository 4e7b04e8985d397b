// SPDX-License-Identifier: GPL-3.0-or-later
// Where a TU's decision log goes: compressed into the object file, or one file
// per TU in a directory.  GCC-free.
#pragma once

#include <string>

namespace inlinetune {

// The object section that carries the log; SHF_EXCLUDE, so final links drop
// it.  SHT_NOTE: one ELF note per TU, owner kLogNoteOwner, type kLogNoteType,
// its descriptor one zstd frame (docs/log-format.md).
// (The type is arbitrary, but outside the generic note types that readelf
// names when it does not know the owner: "ILOG".)  The CLI reads these too.
inline constexpr const char *kLogSection = ".inlinetune.log";
inline constexpr const char *kLogNoteOwner = "inlinetune";
inline constexpr unsigned kLogNoteType = 0x494c4f47;

// One zstd frame holding TEXT (with its content size, so readers can check it).
// The level is a trade measured by `make bench-log` on 20 kernel TUs, against
// log=off (compile CPU time, peak memory, log size as a part of GCC's
// -fsave-optimization-record), with log schema 1: level 3 +1.1%, +1.6%,
// 1/6.8; level 6 +1.6%, +3.9%, 1/9.2; level 9 +2.2%, +6.8%, 1/9.7.  The
// compile's cost comes first.  Level 5, with schema 2's compact records:
// measured from level 3 to 5, the log shrank by ~14% (fs/open.c: 34,787 ->
// 29,968 B; bench-log's five size TUs: 117,724 -> 100,321 B, 1/10.9 of GCC's
// JSON) for negligible CPU: a TU's few hundred KB of text are compressed once
// (fs/open.c's 421 KB: ~7 ms at level 5 against ~2 ms at 3, of a 1.8 s compile).
std::string zstd_compress(const std::string &text, int level = 5);

// The file name for OBJECT's log inside a log directory: the object path with
// '/' turned into '%', plus ".jsonl" ("fs/open.o" -> "fs%open.o.jsonl").
std::string log_file_name(const std::string &object);

// Writes TEXT as DIR/log_file_name(OBJECT), creating DIR if needed, through a
// temporary file renamed into place: readers never see half a log, and a
// failure leaves nothing behind.  On failure returns false and sets *error.
bool write_log_file(const std::string &dir, const std::string &object, const std::string &text,
                    std::string *error);

} // namespace inlinetune
