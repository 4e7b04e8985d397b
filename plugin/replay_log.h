// SPDX-License-Identifier: GPL-3.0-or-later
// The decisions a recorded decision log holds for one TU, as replay
// (-fplugin-arg-inlinetune-replay=PATH, docs/replay.md) asks for them.
// GCC-free: the log is found and read by the CLI's own reader
// (tools/read/log_reader.h: objects, archives, .jsonl files, log
// directories), so the plugin reads exactly what `inlinetune` reads.
//
// Only the TU being compiled is read: under a directory, its log file
// (log=DIR's name for the object) or its object at the same path as the
// compile's -o (a build tree); a named file is read whole, and the TU picked
// from it by its header's source and object.
//
// A decision is keyed by what the plugin can compute for a call graph edge
// before either inliner decides: the inliner, the out-of-line function the
// call's code is in (the log's "caller"), the inline chain down to the call
// and the site id.  Several records of one key (one call written in a body
// that was inlined twice into the same function) replay only when they
// agree, or when the ids of the calls that made the copies ("chain_sites")
// tell them apart; else the key is ambiguous and left to the fallback.
#pragma once

#include "glob.h"
#include "records.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace inlinetune {

// One TU's recorded log, as found under a replay PATH.
struct RecordedTu {
  std::string origin; // where it was found ("fs/open.o", "logs/fs%open.o.jsonl")
  size_t index = 0;   // 1-based position among the origin's TUs
  std::string text;   // its JSONL lines, the header first
};

// The recorded log of the TU of SOURCE and OBJECT (as the TU header writes
// them) under PATH, as replay picks it (ReplayLog::load, and inlinetune-cc
// for the slice it hands the plugin); nullopt when PATH holds none.  Throws
// Error when PATH cannot be read, its log is damaged, or it holds several
// logs of SOURCE and none of OBJECT.
std::optional<RecordedTu> find_recorded_tu(const std::string &path, const std::string &source,
                                           const std::string &object);

// Reads TU's log: its header, returned, and each of its site and function
// records, handed to ON_SITE and ON_FUNCTION (when given) in the log's
// order.  Throws Error naming TU's origin and line for a damaged record.
log::TuHeader read_recorded_tu(const RecordedTu &tu,
                               const std::function<void(const log::Site &)> &on_site,
                               const std::function<void(const log::Function &)> &on_function = {});

// The names under which replay-functions= matches the function whose
// symbol is SYMBOL: the spellings of the symbol the log records as a
// site's "caller" (symbol_names.h), not a C source name that asm("...")
// renamed, which the log does not keep.  The one rule for the plugin's
// scope (replayed_sites.cc) and inlinetune-cc's cut of the list to a TU's
// functions (launcher/replay_slice.h), so the two agree on every function.
std::vector<std::string> replay_function_names(const std::string &symbol);

class ReplayLog {
public:
  // This TU's decisions (SOURCE and OBJECT as the TU header writes them)
  // from PATH.  Throws Error when PATH cannot be read or its log is
  // damaged (the message names the file and, for a bad record, its line);
  // a PATH that holds no log of this TU is not an error (found() is false).
  static ReplayLog load(const std::string &path, const std::string &source,
                        const std::string &object);

  bool found() const { return found_; }
  // Where the TU's log was found ("fs/open.o", "logs/fs%open.o.jsonl"), or
  // the PATH given when it was not.
  const std::string &origin() const { return origin_; }

  // The recorded outcome of the call (true: inlined), or nullopt when the
  // log has no record of it or its records disagree.  CHAIN_SITES (the ids
  // of the calls that made CHAIN's copies; empty: not known) picks one copy
  // of a call whose copies' records disagree, where the log records them
  // too.  Each key asked for is remembered, for unmatched().
  std::optional<bool> decision(log::Pass pass, std::string_view caller,
                               const std::vector<std::string> &chain,
                               const std::vector<std::string> &chain_sites, std::string_view id);

  // Whether the log has records of that key (agreeing or not).
  bool knows(log::Pass pass, std::string_view caller, const std::vector<std::string> &chain,
             std::string_view id) const {
    return decisions_.count(key(pass, caller, chain, id)) != 0;
  }

  // The same for a call in an inline copy the IPA inliner is making, whose
  // place in the inline tree is not known yet: by the out-of-line caller,
  // the function whose copy the call is in (the last of the chain) and the
  // id; nullopt unless every such record agrees.
  std::optional<bool> copy_decision(std::string_view caller, std::string_view copy_of,
                                    std::string_view id) const;
  // The IPA inliner's decision on a call in BODY_OF's body wherever the log
  // has that body (its own out-of-line copy, or inline copies of it in any
  // caller): for a call the log has no record of where it is asked, as in
  // a function the recorded build inlined everywhere and removed before
  // its own calls were logged.  nullopt unless every such record agrees.
  std::optional<bool> body_decision(std::string_view body_of, std::string_view id) const;
  // The IPA inliner's decision on every call written at LOCATION in
  // BODY_OF's body, whatever it calls: for an indirect call, whose callee
  // is known only once the IPA inliner has made it direct.  nullopt unless
  // every such record agrees.
  std::optional<bool> location_decision(std::string_view body_of, std::string_view location) const;
  // Whether the log has that call in BODY_OF's body with records that
  // disagree (inlined in some copies, refused in others).
  bool body_disagrees(std::string_view body_of, std::string_view id) const;

  // The value of param NAME the recorded build compiled FUNCTION (a
  // symbol) with: a per-function rule's (the header's function_params),
  // else the TU's; nullopt when the log does not record it.
  std::optional<std::string> recorded_param(std::string_view function, std::string_view name) const;
  // Whether this compile's inliner params are the recorded build's: the
  // TU's values (TU) and every function's own (FUNCTIONS), as the header
  // records them, equal the log's, name for name.
  bool same_params(const std::vector<log::ParamValue> &tu,
                   const std::vector<log::FunctionParams> &functions) const;

  size_t keys() const { return decisions_.size(); }
  // Keys whose records disagree and whose "chain_sites" do not tell them
  // apart (absent, or the same for records that disagree).
  size_t ambiguous() const;
  // Keys of the log that no decision() asked for: sites the compile did
  // not have where the log had them.
  size_t unmatched() const;

  // The key of a site: exposed for the unit tests.
  static std::string key(log::Pass pass, std::string_view caller,
                         const std::vector<std::string> &chain, std::string_view id);
  // ... and of one copy of it (with the log's "chain_sites").
  static std::string precise_key(log::Pass pass, std::string_view caller,
                                 const std::vector<std::string> &chain,
                                 const std::vector<std::string> &chain_sites, std::string_view id);

private:
  struct Recorded {
    bool inlined = false;
    bool ambiguous = false;
    bool asked = false;
    // A record without "chain_sites", or two that disagree with the same.
    bool imprecise = false;
  };
  void add(const log::Site &site);

  bool found_ = false;
  std::string origin_;
  std::unordered_map<std::string, Recorded> decisions_;
  std::unordered_map<std::string, Recorded> precise_;   // by precise_key, where recorded
  std::unordered_map<std::string, Recorded> copies_;    // IPA, by copy_decision's key
  std::unordered_map<std::string, Recorded> locations_; // IPA, by location_decision's key
  std::unordered_map<std::string, Recorded> bodies_;    // IPA, by body_decision's key
  std::vector<log::ParamValue> params_;
  std::unordered_map<std::string, std::vector<log::ParamValue>> function_params_;
};

} // namespace inlinetune
