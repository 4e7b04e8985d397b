// SPDX-License-Identifier: GPL-3.0-or-later
// Prints the plugin's option table (plugin/options.h, the table plugin_init
// parses options with) as man(7) paragraphs, for inlinetune-plugin(7): the page
// lists exactly the options the plugin knows, with the help text it gives GCC.
// Built and run by the Makefile (build/man/plugin-options); GCC-free, like
// options.cc.
#include "options.h"

#include <cstdio>
#include <string>

namespace {

// Escapes text for a man(7) line: backslashes, and '-' as \- (a minus sign,
// so that the option names can be searched for and copied).  A line starting
// with '.' or '\'' would be a request: \& in front keeps it text.
std::string roff(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\''))
    out.insert(0, "\\&");
  return out;
}

} // namespace

int main() {
  for (const inlinetune::OptionSpec &o : inlinetune::option_table()) {
    std::printf(".TP\n\\fB\\-fplugin\\-arg\\-inlinetune\\-%s\\fR", roff(o.key).c_str());
    if (o.value_name)
      std::printf("=\\fI%s\\fR", roff(o.value_name).c_str());
    std::printf("\n%s.\n", roff(o.help).c_str());
  }
  return 0;
}
