// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune.so: GCC's inliner thresholds per translation unit, function and
// call site, and never-inline lists, without editing sources or Makefiles.
//
// Options (-fplugin-arg-inlinetune-KEY[=VALUE]; see README.md):
//   profile=NAME   built-in profile for every TU: gcc (nothing) or rfc
//   policy=FILE    policy file: profiles, TU/function rules, never-inline lists,
//                  forbidden and forced call sites (docs/policy.md)
//   noinline=A,B   never inline these functions
//   srctree=DIR    the root TU globs are relative to
//   tag=STRING     a free label recorded with each TU
//   log=obj|off|DIR  the decision log: inside the object (default), nowhere,
//                  or one file per TU in DIR (docs/log-format.md)
//   replay=PATH    replay a recorded log's decisions (docs/replay.md), with
//                  replay-fallback=gcc|never|always, replay-tus=GLOB,...
//                  and replay-functions=GLOB,...
//   verbose        one summary line per TU on stderr
// The plugin prints nothing else unless something is wrong: kbuild probes
// compiler flags with -Werror, so a stray warning would change a kernel's flags.
//
// Debugging: -fplugin-arg-inlinetune-verbose shows what each TU got;
// -fopt-info-inline-optimized-missed shows GCC's own decisions, and
// -fdump-ipa-inline-details the IPA inliner's reasoning.
//
// Known limits: a call through a function pointer that GCC turns into a direct
// call during IPA inlining gets a new call graph edge that no forbidden-site
// rule has seen; under -flto the decisions are made in lto1, where this plugin
// is not loaded unless it is passed at link time too; GCC passes an option
// value holding '=' cut short, so such a value is refused (names with '=',
// C++ operator==, go in a policy file).  Every bad input: docs/bad-input.md.

#include "gcc_compat.h"

#include "call_sites.h"
#include "encode.h"
#include "forced_sites.h"
#include "functions.h"
#include "inline_observer.h"
#include "log_sink.h"
#include "never_inline.h"
#include "options.h"
#include "params.h"
#include "policy.h"
#include "project_version.h"
#include "replayed_sites.h"
#include "source_path.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

__attribute__((visibility("default"))) int plugin_is_GPL_compatible;

namespace inlinetune {
namespace {

struct TranslationUnit {
  bool started = false;
  std::string path; // relative to the source tree
  std::vector<GccParam> params;
  int function_overrides = 0;
  std::vector<NeverInlineOutcome> never_inline;
  ForbiddenSites forbidden;
  ForcedSites forced;
  ReplayedSites replay;
  // Whether the work before the IPA inliner (the sites marks, the log's
  // snapshot) is done: by our force pass when it runs, else at its start.
  bool ipa_begun = false;
  std::vector<ParamValue> param_values; // GCC's inliner params for the TU, after ours
  std::vector<log::FunctionParams> function_params;
  InlineObserver observer;
};

struct PluginState {
  const char *name = nullptr;
  std::string gcc_version, gcc_target;
  Options options;
  Policy policy;
  std::string policy_md5; // of the policy files' contents, in order
  TranslationUnit tu;
};

PluginState *state;

// No exception may unwind into cc1: every callback body runs in here.
template <typename F> void guarded(const char *callback, F &&body) {
  try {
    body();
  } catch (const std::exception &e) {
    error("inlinetune: internal error in %s: %s", callback, e.what());
  } catch (...) {
    error("inlinetune: internal error in %s", callback);
  }
}

// Whether the compile has failed: an error, or a warning made one by -Werror
// or -Werror=..., which seen_error() does not count (GCC still fails the
// compile and writes no object).
bool compile_failed() {
  return seen_error() || werrorcount;
}

// Whether this compile records decisions: log=off, -O0 (nothing to decide),
// kbuild's "-x c /dev/null" flag probes and failed compiles record nothing.
// In lto1 (a link with -flto that loads the plugin too) call statements are not
// in memory and no source TU is at hand: nothing is logged there.
bool logging() {
  return state->options.log != "off" && optimize && !flag_syntax_only && !compile_failed() &&
         !in_lto_p && state->tu.path != "/dev/null";
}

std::vector<GccParam> checked(const EffectiveParams &params) {
  std::vector<GccParam> out;
  for (const auto &[name, setting] : params) {
    GccParam p;
    std::string why;
    if (check_param(setting, &p, &why)) // checked at plugin_init already
      out.push_back(p);
    else
      error("inlinetune: %s: %s", setting.origin.describe().c_str(), why.c_str());
  }
  return out;
}

std::map<std::string, std::string> values_of(const EffectiveParams &params) {
  std::map<std::string, std::string> v;
  for (const auto &[name, setting] : params)
    v[name] = setting.value;
  return v;
}

// The directory that relative paths in line markers (the TU's own name among
// them) and a relative srctree are taken from: where the source was
// preprocessed.  GCC's get_src_pwd() is the directory of the preprocessed
// input's -fworking-directory line marker when it has one (on by default with
// -g), else the current directory.  It matters when cc1 compiles a .i made
// elsewhere: distcc preprocesses in the build directory and compiles the .i in
// distccd's temporary directory, where the current directory says nothing
// about the build (docs/log-format.md, "Parallel, cached and distributed
// builds").
std::string source_directory() {
  const char *pwd = get_src_pwd();
  return pwd && *pwd ? pwd : ".";
}

// A source tree that is not a directory (a typo in srctree=, a stale $srctree)
// would make every TU a file outside the tree, named by its absolute path:
// no `tu` glob would match, and the policy would silently do nothing.
void check_source_tree(const std::string &srctree, const char *from) {
  std::string dir =
      srctree.empty() || srctree[0] == '/' ? srctree : source_directory() + "/" + srctree;
  struct stat st;
  if (stat(dir.c_str(), &st) != 0)
    error("inlinetune: source tree %qs (from %s): %m", srctree.c_str(), from);
  else if (!S_ISDIR(st.st_mode))
    error("inlinetune: source tree %qs (from %s) is not a directory", srctree.c_str(), from);
}

// ---- callbacks ---------------------------------------------------------------

void on_node_removal(cgraph_node *node, void *) {
  guarded("node removal", [node] {
    if (!node->inlined_to)
      return;
    if (logging())
      state->tu.observer.early_inline_done(node);
    // Only an always_inline body's calls are looked at in the same einline
    // run (inline_always_inline_functions: DECL_DISREGARD_INLINE_LIMITS).
    if (DECL_DISREGARD_INLINE_LIMITS(node->decl))
      state->tu.replay.calls_appeared(node->inlined_to);
  });
}

std::string object_path();

void on_edge_duplication(cgraph_edge *src, cgraph_edge *dst, void *) {
  guarded("edge duplication", [src, dst] { state->tu.replay.edge_duplicated(src, dst); });
}

void on_start_unit(void *, void *) {
  guarded("start of unit", [] {
    TranslationUnit &tu = state->tu;
    tu = TranslationUnit();
    tu.started = true;
    const std::string srctree = source_tree_root(state->options.srctree);
    check_source_tree(srctree,
                      state->options.srctree ? "-fplugin-arg-inlinetune-srctree" : "$srctree");
    tu.path = relative_source_path(main_input_filename ? main_input_filename : "", srctree,
                                   source_directory());
    tu.params = checked(effective(state->policy.tu_params(tu.path)));
    apply_tu_params(tu.params);
    tu.param_values = inliner_param_values();
    tu.forbidden.reset(state->policy.forbidden_calls(tu.path));
    tu.forced.reset(state->policy.forced_calls(tu.path));
    tu.observer.set_forced(&tu.forced);
    // Replay reads this TU's log now: a log that cannot be read stops the
    // compile here, with the file and line.  Not for kbuild's flag probes.
    if (optimize && tu.path != "/dev/null") {
      try {
        tu.replay.reset(state->options, tu.path, object_path());
      } catch (const std::exception &e) {
        error("inlinetune: %s", e.what());
      }
    }
    tu.forced.set_replay(&tu.replay);
    tu.observer.set_replay(&tu.replay);
    set_source_root(srctree, source_directory());
    // Early inlining removes each inline clone once its body is copied in
    // (the log's records of it; replay's calls that the body brought).
    static bool hooked = false;
    if (!hooked && (state->options.log != "off" || state->options.replay)) {
      symtab->add_cgraph_removal_hook(on_node_removal, nullptr);
      hooked = true;
    }
    // Replay decides the calls of each inline copy as it is made.
    static bool replay_hooked = false;
    if (!replay_hooked && state->options.replay) {
      symtab->add_edge_duplication_hook(on_edge_duplication, nullptr);
      replay_hooked = true;
    }
  });
}

void apply_function_rules(TranslationUnit &tu) {
  if (!state->policy.has_function_rules(tu.path))
    return;
  std::map<std::string, std::string> tu_values =
      values_of(effective(state->policy.tu_params(tu.path)));
  cgraph_node *node;
  FOR_EACH_FUNCTION(node) {
    if (!node->definition || node->alias || node->thunk)
      continue;
    EffectiveParams fn =
        effective(state->policy.function_params(tu.path, function_names(node->decl)));
    if (values_of(fn) == tu_values)
      continue;
    apply_function_params(node->decl, checked(fn));
    tu.function_overrides++;
    log::FunctionParams fp;
    fp.function = {display_name(node->decl), function_names(node->decl).front()};
    for (const auto &[name, setting] : fn)
      if (!tu_values.count(name) || tu_values[name] != setting.value)
        fp.params.push_back({name, setting.value});
    tu.function_params.push_back(fp);
  }
}

void on_all_ipa_passes_start(void *, void *) {
  guarded("start of IPA passes", [] {
    TranslationUnit &tu = state->tu;
    if (!optimize || compile_failed())
      return;
    tu.never_inline = apply_never_inline(state->policy.never_inline(tu.path));
    apply_function_rules(tu);
    tu.replay.set_params(tu.param_values, tu.function_params);
    if (logging()) {
      std::set<tree> marked;
      for (const NeverInlineOutcome &n : tu.never_inline)
        marked.insert(n.decls.begin(), n.decls.end());
      tu.observer.set_never_inline(marked);
      tu.observer.note_all_functions();
    }
  });
}

// Before the early inliner runs on FN: forbidden sites marked, the log's
// snapshot taken (the early force pass runs after it).
void begin_early_inline(cgraph_node *fn) {
  TranslationUnit &tu = state->tu;
  tu.forbidden.before_early_inline(fn);
  tu.replay.before_early_inline(fn);
  if (logging())
    tu.observer.before_early_inline(fn);
}

void begin_ipa_inline() {
  TranslationUnit &tu = state->tu;
  if (tu.ipa_begun)
    return;
  tu.ipa_begun = true;
  tu.forbidden.before_ipa_inline();
  if (logging())
    tu.observer.before_ipa_inline();
}

void on_pass_execution(void *gcc_data, void *) {
  guarded("pass execution", [gcc_data] {
    const opt_pass *pass = static_cast<const opt_pass *>(gcc_data);
    if (!pass->name || !optimize)
      return;
    if (strcmp(pass->name, "einline") == 0 && cfun)
      begin_early_inline(cgraph_node::get(cfun->decl));
    else if (strcmp(pass->name, "inline") == 0)
      begin_ipa_inline();
    else if (strcmp(pass->name, "fnsplit") == 0 && cfun)
      state->tu.replay.before_split(cgraph_node::get(cfun->decl));
  });
}

// The plugin's own passes: GCC's pass classes around a gate and a body, the
// body run guarded (no exception reaches GCC).  opt_pass copies its
// pass_data, so a temporary serves.
struct PluginGimplePass : gimple_opt_pass {
  PluginGimplePass(::gcc::context *ctx, const char *name, unsigned properties_required,
                   const char *what, bool (*on)(), unsigned (*body)(function *))
      : gimple_opt_pass(
            {GIMPLE_PASS, name, OPTGROUP_NONE, TV_NONE, properties_required, 0, 0, 0, 0}, ctx),
        what_(what), on_(on), body_(body) {}
  bool gate(function *) override { return on_(); }
  unsigned int execute(function *fn) override {
    unsigned todo = 0;
    guarded(what_, [this, fn, &todo] { todo = body_(fn); });
    return todo;
  }
  const char *what_;
  bool (*on_)();
  unsigned (*body_)(function *);
};

struct PluginIpaPass : ipa_opt_pass_d {
  PluginIpaPass(::gcc::context *ctx, const char *name, const char *what, bool (*on)(),
                unsigned (*body)())
      : ipa_opt_pass_d({IPA_PASS, name, OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0}, ctx, nullptr,
                       nullptr, nullptr, nullptr, nullptr, nullptr, 0, nullptr, nullptr),
        what_(what), on_(on), body_(body) {}
  bool gate(function *) override { return on_(); }
  unsigned int execute(function *) override {
    unsigned todo = 0;
    guarded(what_, [this, &todo] { todo = body_(); });
    return todo;
  }
  const char *what_;
  bool (*on_)();
  unsigned (*body_)();
};

// Forced call sites, at each inliner (plugin/forced_sites.h); replay's
// inlinings after the IPA inliner.
bool forcing_now() {
  return optimize && !compile_failed() && !state->tu.forced.empty();
}
unsigned force_early_calls(function *fn) {
  state->tu.replay.after_early_inline();
  return state->tu.forced.early(cgraph_node::get(fn->decl), state->tu.forbidden);
}
bool forcing_ipa_now() {
  return forcing_now() && !in_lto_p;
}
unsigned force_ipa_calls() {
  begin_ipa_inline();
  state->tu.forced.ipa(state->tu.forbidden);
  return 0;
}
bool replaying_ipa_now() {
  return optimize && !compile_failed() && !in_lto_p && state->tu.replay.active();
}
// A function whose last call replay inlined goes, as GCC's IPA inliner
// drops one whose last call it inlined (its TODO_remove_functions): kept,
// its body would be emitted out of line where the recorded build has none.
unsigned replay_ipa_calls() {
  return state->tu.forced.after_ipa(state->tu.forbidden) ? TODO_remove_functions : 0;
}
// Right after "fnsplit": the recorded params ipa-split ran at put back.
bool split_at_recorded_params() {
  return state->tu.replay.splitting();
}
unsigned end_split_at_recorded_params(function *) {
  state->tu.replay.after_split();
  return 0;
}

// ---- the decision log ---------------------------------------------------------

// The object file kbuild (or the driver) will make of this compile: the driver
// derives -dumpdir and -dumpbase from -o, and cc1 has joined them into
// dump_base_name ("fs/open.c" for -o fs/open.o) by now.
std::string object_path() {
  std::string base = dump_base_name ? dump_base_name : "";
  std::string ext = dump_base_ext ? dump_base_ext : "";
  if (!ext.empty() && base.size() > ext.size() &&
      base.compare(base.size() - ext.size(), ext.size(), ext) == 0)
    base.resize(base.size() - ext.size());
  return base + ".o";
}

std::string log_text() {
  TranslationUnit &tu = state->tu;
  log::TuHeader h;
  h.gcc_version = state->gcc_version;
  h.gcc_target = state->gcc_target;
  h.source = tu.path;
  h.object = object_path();
  h.tag = state->options.tag;
  if (!state->policy_md5.empty())
    h.policy_md5 = state->policy_md5;
  h.params = tu.param_values;
  h.function_params = tu.function_params;
  for (const NeverInlineOutcome &n : tu.never_inline)
    h.never_inline.push_back({n.entry->name.pattern(), n.entry->origin.describe(),
                              n.conflict             ? "conflict"
                              : n.applied_to.empty() ? "not defined in this TU"
                                                     : "applied",
                              n.applied_to});
  h.forbidden_sites.assign(tu.forbidden.sites().begin(), tu.forbidden.sites().end());
  h.forced_sites.assign(tu.forced.inlined().begin(), tu.forced.inlined().end());
  h.forced_refused.assign(tu.forced.refused().begin(), tu.forced.refused().end());
  h.replay = tu.replay.summary();
  // With -flto the IPA inliner runs at link time in lto1, without this plugin:
  // the log then holds the early inliner's decisions only.
  h.lto = flag_generate_lto;
  return log::encode_log(std::move(h), tu.observer.sites(), tu.observer.functions());
}

// The log as one ELF note in the non-allocated, excluded (flag "e") section
// kLogSection, the way annobin records its build notes: final links
// (vmlinux, vdso.so) drop it; ld -r (vmlinux.o, modules) concatenates the
// notes of its inputs, which stay a valid note list since every note is
// padded to 4 bytes.  SHT_NOTE, not SHT_PROGBITS: modpost warns about each
// non-allocated PROGBITS section whose name is not on its list
// (check_section() in scripts/mod/modpost.c).  GCC's section flags cannot
// ask for @note outside ".note*" names, so the section is pushed and popped
// around the note: GCC's idea of the current section stays true.
void emit_log_note(const std::string &frame) {
  FILE *out = asm_out_file;
  fprintf(out, "\t.pushsection\t%s,\"e\",%%note\n", log::kLogSection);
  ASM_OUTPUT_ALIGN(out, 2);
  const size_t owner_size = std::strlen(log::kLogNoteOwner) + 1;
  assemble_integer(GEN_INT(owner_size), 4, BITS_PER_UNIT, 1);
  assemble_integer(GEN_INT(frame.size()), 4, BITS_PER_UNIT, 1);
  assemble_integer(GEN_INT(log::kLogNoteType), 4, BITS_PER_UNIT, 1);
  assemble_string(log::kLogNoteOwner, owner_size);
  ASM_OUTPUT_ALIGN(out, 2);
  assemble_string(frame.data(), frame.size());
  ASM_OUTPUT_ALIGN(out, 2);
  fprintf(out, "\t.popsection\n");
}

void write_log() {
  std::string text = log_text();
  if (state->options.log == "obj") {
    std::string frame = log::zstd_frame(text);
    if (frame.empty()) {
      error("inlinetune: cannot compress the decision log");
      return;
    }
    if (frame.size() > UINT32_MAX) { // a note's descriptor size is 32 bits
      error("inlinetune: the decision log is too large for an ELF note (%lu bytes compressed)",
            (unsigned long)frame.size());
      return;
    }
    emit_log_note(frame);
    return;
  }
  std::string why;
  if (!write_log_file(state->options.log, object_path(), text, &why))
    error("inlinetune: %s", why.c_str());
}

void on_finish_unit(void *, void *) {
  guarded("finish of unit", [] {
    if (logging())
      write_log();
  });
}

// The early inliner's decisions for one function, right after it ran; the
// IPA inliner's inline trees, right after it decided them (before the
// bodies are copied: an IPA_PASS, as GCC refuses a SIMPLE_IPA_PASS after
// "inline").
unsigned log_early_inline(function *fn) {
  state->tu.observer.after_early_inline(cgraph_node::get(fn->decl));
  return 0;
}
unsigned log_ipa_inline() {
  state->tu.observer.after_ipa_inline();
  return 0;
}

void print_summary() {
  const TranslationUnit &tu = state->tu;
  std::string line = "inlinetune: " + tu.path + ":";
  line += " params";
  if (tu.params.empty())
    line += " (gcc's)";
  for (const GccParam &p : tu.params)
    line += " " + p.setting.name + "=" + p.setting.value;
  line += "; per-function overrides " + std::to_string(tu.function_overrides);
  line += "; never-inline";
  if (tu.never_inline.empty())
    line += " (none)";
  for (const NeverInlineOutcome &n : tu.never_inline) {
    line += " " + n.entry->name.pattern();
    line += n.conflict             ? " (conflict)"
            : n.applied_to.empty() ? " (not defined here)"
                                   : " (applied to " + std::to_string(n.applied_to.size()) + ")";
  }
  line += "; forbidden call sites " + std::to_string(tu.forbidden.sites().size());
  if (tu.forced.has_rules()) // only when a policy forces calls here, as in the log
    line += "; forced call sites " + std::to_string(tu.forced.inlined().size()) + " inlined, " +
            std::to_string(tu.forced.refused().size()) + " refused";
  if (std::optional<log::ReplaySummary> r = tu.replay.summary())
    line += "; replay " + (r->found ? "of " + r->log : "found no log in " + r->log) + ": " +
            std::to_string(r->replayed) + " sites replayed, " + std::to_string(r->not_found) +
            " not in the log (" + r->fallback + "), " + std::to_string(r->refused) + " refused";
  if (!state->options.tag.empty())
    line += "; tag '" + state->options.tag + "'";
  if (!state->policy_md5.empty())
    line += "; policy md5 " + state->policy_md5;
  line += std::string("; ") + kVersionLine;
  fprintf(stderr, "%s\n", line.c_str());
}

void on_finish(void *, void *) {
  guarded("finish", [] {
    if (state->options.verbose && state->tu.started)
      print_summary();
    state->tu.observer.clear();
    forget_function_names();
  });
}

// ---- initialisation ----------------------------------------------------------

std::string configured_target(const char *configuration_arguments) {
  std::string args = configuration_arguments ? configuration_arguments : "";
  size_t at = args.find("--target=");
  if (at == std::string::npos)
    return "?";
  at += strlen("--target=");
  return args.substr(at, args.find(' ', at) - at);
}

bool version_matches(plugin_gcc_version *version) {
  const plugin_gcc_version *built = gcc::built_for();
  if (plugin_default_version_check(version, gcc::built_for()))
    return true;
  error("inlinetune: this %<inlinetune.so%> was built for %s (GCC %s %s, target %s) but is "
        "loaded by GCC %s %s, target %s; build it for this compiler with %<make plugin "
        "TARGET_CC=COMPILER%> and load %<build/COMPILER/inlinetune.so%>",
        INLINETUNE_TARGET_CC, built->basever, built->datestamp,
        configured_target(built->configuration_arguments).c_str(), version->basever,
        version->datestamp, configured_target(version->configuration_arguments).c_str());
  return false;
}

std::string md5_of_policy_files(const Policy &policy) {
  if (policy.files().empty())
    return {};
  md5_ctx ctx;
  md5_init_ctx(&ctx);
  for (const auto &[path, contents] : policy.files())
    md5_process_bytes(contents.data(), contents.size(), &ctx);
  unsigned char digest[16];
  md5_finish_ctx(&ctx, digest);
  std::string hex;
  for (unsigned char b : digest) {
    char buf[3];
    snprintf(buf, sizeof buf, "%02x", b);
    hex += buf;
  }
  return hex;
}

// GCC hands a plugin a value that holds a second '=' cut short:
// parse_plugin_arg_opt() takes the first '=' as the separator, counts the
// value's length without the other '=' signs and copies that many bytes, so
// noinline=operator== arrives as "operator" and tag=a=b as "a=".  cc1's own
// copy of its command line still holds the whole option: each such option is
// an error here, instead of a never-inline entry or a tag silently wrong.
// Returns, per plugin argument, whether it is one of them.
std::vector<bool> values_cut_by_gcc(const plugin_name_args *info) {
  std::vector<bool> cut(info->argc, false);
  const std::string prefix = std::string(info->base_name) + "-";
  int index = 0; // the plugin's arguments, in command-line order
  for (unsigned i = 0; i < save_decoded_options_count; i++) {
    const cl_decoded_option &d = save_decoded_options[i];
    if (d.opt_index != OPT_fplugin_arg_ || !d.arg || strncmp(d.arg, prefix.c_str(), prefix.size()))
      continue;
    int at = index++;
    std::string option = d.arg + prefix.size(); // KEY=VALUE
    size_t eq = option.find('=');
    if (eq == std::string::npos || option.find('=', eq + 1) == std::string::npos)
      continue;
    std::string key = option.substr(0, eq);
    // (An option given before -fplugin= is not the plugin's: GCC refuses it.)
    bool ours = at < info->argc && key == info->argv[at].key && info->argv[at].value;
    const char *arrives = ours ? info->argv[at].value : "?";
    error("inlinetune: option %<-fplugin-arg-%s%> has %<=%> in its value, which GCC cuts short "
          "(to %qs): %s",
          d.arg, arrives,
          key == "noinline" ? "name such functions in a policy file (docs/policy.md)"
                            : "a value cannot hold '='");
    if (ours)
      cut[at] = true;
  }
  return cut;
}

// Reads options and policies; reports every problem as a GCC error.
bool configure(const plugin_name_args *info) {
  std::vector<bool> cut = values_cut_by_gcc(info);
  bool any_cut = std::find(cut.begin(), cut.end(), true) != cut.end();
  std::vector<PluginArg> args;
  for (int i = 0; i < info->argc; i++) {
    if (cut[i])
      continue;
    PluginArg a;
    a.key = info->argv[i].key;
    if (info->argv[i].value)
      a.value = info->argv[i].value;
    args.push_back(a);
  }
  std::vector<std::string> option_errors;
  bool ok = parse_options(args, &state->options, &option_errors) && !any_cut;
  for (const std::string &e : option_errors)
    error("inlinetune: %s", e.c_str());

  // Order: profile= options, then policy files, each in command-line order
  // (later overrides earlier); never-inline names add up.
  std::vector<PolicyDiagnostic> diags;
  Origin command_line;
  for (const std::string &p : state->options.profiles)
    ok &= state->policy.add_profile_rule(p, command_line, &diags);
  for (const std::string &f : state->options.policy_files)
    ok &= state->policy.load_file(f, &diags);
  for (const std::string &l : state->options.noinline_lists)
    ok &= state->policy.add_never_inline_list(l, command_line, &diags);
  for (const PolicyDiagnostic &d : diags)
    error("inlinetune: %s", d.describe().c_str());

  // Every param anywhere, checked against this GCC now, so that a typo fails
  // every TU, not only the ones a rule happens to match.
  // Reported once per line (a profile's settings recur in the rules that use
  // it), in file order.
  std::set<std::tuple<std::string, int, std::string>> param_errors;
  for (const ParamSetting *s : state->policy.all_params()) {
    GccParam p;
    std::string why;
    if (!check_param(*s, &p, &why))
      param_errors.insert({s->origin.file, s->origin.line, s->origin.describe() + ": " + why});
  }
  for (const auto &e : param_errors)
    error("inlinetune: %s", std::get<2>(e).c_str());
  ok &= param_errors.empty();
  state->policy_md5 = md5_of_policy_files(state->policy);
  return ok;
}

bool has_forbidden_calls(const Policy &policy) {
  for (const Rule &r : policy.rules())
    if (!r.forbidden_calls.empty())
      return true;
  return false;
}

bool has_forced_calls(const Policy &policy) {
  for (const Rule &r : policy.rules())
    if (!r.forced_calls.empty())
      return true;
  return false;
}

} // namespace
} // namespace inlinetune

__attribute__((visibility("default"))) int plugin_init(plugin_name_args *info,
                                                       plugin_gcc_version *version) {
  using namespace inlinetune;
  if (!version_matches(version))
    return 1;
  bool ok = false;
  guarded("plugin_init", [&] {
    state = new PluginState();
    state->name = info->base_name;
    state->gcc_version = version->basever;
    state->gcc_target = configured_target(version->configuration_arguments);
    ok = configure(info);
  });
  if (!ok)
    return 1;

  static std::string help = option_help_text();
  // GCC prints the version with its own (cc1 -version, an internal compiler error).
  static std::string plugin_version = std::string(kVersion) + " (commit " + kCommit + ")";
  static plugin_info plugin_info = {plugin_version.c_str(), help.c_str()};
  register_callback(info->base_name, PLUGIN_INFO, nullptr, &plugin_info);
  // The TU's path is known once the front end has read the first line marker.
  register_callback(info->base_name, PLUGIN_START_UNIT, on_start_unit, nullptr);
  // After parsing (every body, C++ template instances too), before either inliner.
  register_callback(info->base_name, PLUGIN_ALL_IPA_PASSES_START, on_all_ipa_passes_start, nullptr);
  // Call graph edges are rebuilt between the inliners: mark forbidden sites
  // before each; the decision log snapshots both inliners' input there too.
  const bool forcing = has_forced_calls(state->policy) || state->options.replay;
  if (has_forbidden_calls(state->policy) || forcing || state->options.log != "off")
    register_callback(info->base_name, PLUGIN_PASS_EXECUTION, on_pass_execution, nullptr);
  if (state->options.log != "off") {
    static register_pass_info einline_log = {new PluginGimplePass(g, "inlinetune-einline-log",
                                                                  PROP_cfg, "early inliner log",
                                                                  logging, log_early_inline),
                                             "einline", 1, PASS_POS_INSERT_AFTER};
    static register_pass_info ipa_log = {
        new PluginIpaPass(g, "inlinetune-ipa-log", "IPA inliner log", logging, log_ipa_inline),
        "inline", 1, PASS_POS_INSERT_AFTER};
    register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &einline_log);
    register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &ipa_log);
    // Written while the assembler output is still open.
    register_callback(info->base_name, PLUGIN_FINISH_UNIT, on_finish_unit, nullptr);
  }
  // Forced call sites: a pass of ours right after "einline" (registered
  // after the log's pass, so it comes between the two: each is inserted
  // right after "einline") and one just before the IPA "inline"; replay's
  // inlinings go through them too.
  if (forcing) {
    static register_pass_info force_early = {
        new PluginGimplePass(g, "inlinetune-force-einline", PROP_ssa,
                             "forced call sites (early inliner)", forcing_now, force_early_calls),
        "einline", 1, PASS_POS_INSERT_AFTER};
    static register_pass_info force_ipa = {new PluginIpaPass(g, "inlinetune-force-inline",
                                                             "forced call sites (IPA inliner)",
                                                             forcing_ipa_now, force_ipa_calls),
                                           "inline", 1, PASS_POS_INSERT_BEFORE};
    register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &force_early);
    register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &force_ipa);
  }
  // Replay's IPA inlinings, right after "inline" (registered after the
  // log's pass: it runs before it).
  if (state->options.replay) {
    static register_pass_info replay_ipa = {new PluginIpaPass(g, "inlinetune-replay-inline",
                                                              "replay (after the IPA inliner)",
                                                              replaying_ipa_now, replay_ipa_calls),
                                            "inline", 1, PASS_POS_INSERT_AFTER};
    register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &replay_ipa);
    static register_pass_info replay_split = {
        new PluginGimplePass(g, "inlinetune-replay-split-end", PROP_cfg,
                             "replay (after ipa-split)", split_at_recorded_params,
                             end_split_at_recorded_params),
        "fnsplit", 1, PASS_POS_INSERT_AFTER};
    register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &replay_split);
  }
  register_callback(info->base_name, PLUGIN_FINISH, on_finish, nullptr);
  return 0;
}
