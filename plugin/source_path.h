// SPDX-License-Identifier: GPL-3.0-or-later
// Turning the path cc1 was given into the path relative to the source tree that
// policy globs match.  GCC-free.
//
// Kbuild compiles "fs/open.c" from the source tree, "../fs/open.c" for O=sub,
// and "/abs/src/fs/open.c" for other O= trees; it exports $srctree (relative to
// the current directory) to every command, so that is the default root.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace inlinetune {

// Lexically normalises PATH: drops "." segments and doubled '/', resolves ".."
// against earlier segments where it can.
std::string normalize_path(std::string_view path);

// FILE relative to SRCTREE.  Relative FILE and SRCTREE are taken from CWD.  Both
// are canonicalised (symlinks resolved) where they exist, so a symlinked tree
// still matches.  A FILE outside SRCTREE comes back normalised and absolute;
// FILE equal to SRCTREE comes back as ".".  An empty CWD means the process's.
std::string relative_source_path(std::string_view file, std::string_view srctree,
                                 std::string_view cwd);

// The source tree TU paths are relative to: srctree= when given (OPTION),
// else $srctree (which kbuild exports), else ".".  The plugin's rule, and
// inlinetune-cc's, which must name each TU as the plugin will.
std::string source_tree_root(const std::optional<std::string> &option);

} // namespace inlinetune
