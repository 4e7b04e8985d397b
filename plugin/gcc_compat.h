// SPDX-License-Identifier: GPL-3.0-or-later
// The one place that includes GCC's plugin headers and knows GCC versions.
// Everything else in plugin/ reads as if there were one GCC (11 to 16).
//
// The include order is the one that builds with 11 to 16; several of these
// headers are not self-contained.  Every difference between those versions
// that the plugin meets is listed in docs/toolchains.md.
#pragma once

// The order matters (above): `make format` must keep it.
// clang-format off
#include "gcc-plugin.h"
#include "plugin-version.h"

#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "cgraph.h"
#include "options.h"
#include "opts.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#include "stringpool.h"
#include "attribs.h"
#include "tree-inline.h"
#include "builtins.h"
#include "alloc-pool.h"
#include "symbol-summary.h"
#include "tree-vrp.h"
#if GCCPLUGIN_VERSION_MAJOR >= 14
// ipa-prop.h names ipcp_param_lattices, which GCC 14 moved into its own
// header (ipa-cp.h, itself using sreal); GCC 11 to 13 declare it in ipa-prop.h.
#include "sreal.h"
#include "ipa-cp.h"
#endif
#include "ipa-prop.h"
#include "ipa-fnsummary.h"
#include "ipa-inline.h"
#include "toplev.h"
#include "langhooks.h"
#include "rtl.h"
#include "output.h"
#include "md5.h"
#include "target.h"
#include "trans-mem.h"
#include "gimple-ssa.h"
#include "asan.h"
// clang-format on

#if GCCPLUGIN_VERSION_MAJOR < 11 || GCCPLUGIN_VERSION_MAJOR > 16
#error "inlinetune supports GCC 11 to 16; this GCC's internals were not checked"
#endif

// GCC 16 made diagnostic kinds an enum class (diagnostics::kind, in
// diagnostics/kinds.def); set_option() still takes the kind as an int, and
// "unspecified" (use the option's own) is still 0.
#if GCCPLUGIN_VERSION_MAJOR >= 16
#define DK_UNSPECIFIED (static_cast<int>(diagnostics::kind::unspecified))
#endif

namespace inlinetune::gcc {

// The GCC these headers belong to (plugin-version.h defines it per file).
inline plugin_gcc_version *built_for() { return &gcc_version; }

// Records an option as if it had come from the command line, so that
// `optimize` attributes and `#pragma GCC optimize`, which re-read the command
// line's optimization options, keep it (GCC 12 replays save_opt_decoded_options;
// GCC 11 has no such list and copies the current global options instead).
inline void remember_as_command_line_option(const cl_decoded_option &decoded) {
#if GCCPLUGIN_VERSION_MAJOR >= 12
  if (save_opt_decoded_options)
    save_opt_decoded_options->safe_push(decoded);
#else
  (void)decoded;
#endif
}

} // namespace inlinetune::gcc
