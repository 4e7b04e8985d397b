// SPDX-License-Identifier: GPL-3.0-or-later
// log/encode.h: records as JSON Lines, and a TU's log as one zstd frame:
// what the plugin writes (docs/log-format.md).  GCC-free; log/decode.h
// reads it back, and testsuite/unit/log_roundtrip_test.cc checks that every
// record kind survives the trip.
#pragma once

#include "records.h"

#include <string>
#include <vector>

namespace inlinetune::log {

// One JSON object per line, '\n'-terminated; keys in a fixed order, so equal
// input gives equal bytes.  A value that is not known is left out rather than
// written as null, and so is what a reader can infer: a symbol equal to its
// name, a lexical caller equal to the caller, a chain of just the caller.
// A site's "id" is site_id(SITE), whatever SITE.id holds.
std::string encode(const TuHeader &header);
std::string encode(const Site &site);
std::string encode(const Function &function);

// A TU's whole log: HEADER, with "reasons" filled from SITES, then SITES,
// then FUNCTIONS.
std::string encode_log(TuHeader header, const std::vector<Site> &sites,
                       const std::vector<Function> &functions);

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
// "" when zstd fails.
std::string zstd_frame(const std::string &text, int level = 5);

} // namespace inlinetune::log
