# SPDX-License-Identifier: GPL-3.0-or-later
"""The policies a search proposes, at three granularities (docs/search.md):

- tu:       the candidate's profile for whole TUs (`tu = T`, `profile = P`);
- function: for callers (`tu = T`, `function = F`, `profile = P`), or
            callers and the callees of their flipped calls, each rule
            scoped to the TU whose log holds the caller's flips, so that
            inlinetune-cc and ccache recompile only that TU;
- site:     the candidate's decisions themselves, site by site
            (`inline-site = ID` where the candidate inlined a call the base
            did not, `never-inline-site = ID` the other way round), in one
            TU-scoped rule per TU (a rule with `function` cannot name sites).

Every proposal is the base policy with rules appended, so its TUs that no
rule names keep the base's settings, byte for byte the base's slice.
"""


# The policy reader's longest line (plugin/policy.cc: inih's INI_MAX_LINE,
# 200, less the line end and the NUL): a longer one is an error, not cut.
LINE_LIMIT = 198


def writable_name(name):
    return len('function = ' + glob_literal(name)) <= LINE_LIMIT


def writable(u):
    """Whether unit U's rule lines fit the reader's limit (a C++ name can
    be longer: such a unit is not proposed)."""
    return writable_name(u.caller) and len('tu = ' + glob_literal(u.tu)) <= LINE_LIMIT


def replayable(u):
    """Whether holder unit U's functions can be named to replay-functions=,
    a list joined by ',' (a C++ name can hold one: docs/replay.md)."""
    return all(',' not in n for n in u.replayed) and ',' not in u.tu


def glob_literal(text):
    """TEXT as a glob that matches only itself (docs/policy.md, "Globs": a
    backslash makes the next character literal)."""
    return ''.join('\\' + c if c in '*?[]\\' else c for c in text)


def with_rules(base_text, rules):
    text = base_text if base_text.endswith('\n') or not base_text else base_text + '\n'
    return text + ''.join('\n' + r for r in rules)


def candidate_policy(base_text, profile):
    return with_rules(base_text, ['[rule search: the candidate everywhere]\nprofile = %s\n' % profile])


def tu_policy(base_text, profile, tus):
    rules = ['[rule search: tu %s]\ntu = %s\nprofile = %s\n' % (t, glob_literal(t), profile)
             for t in sorted(tus)]
    return with_rules(base_text, rules)


def function_policy(base_text, profile, units, callees=False):
    """The profile for the units' callers, each rule scoped to its TU; with
    CALLEES, for the callees of their flipped calls too (in the same TU:
    where the callee has a body there, the rule reaches it)."""
    by_tu = {}
    for u in units:
        names = by_tu.setdefault(u.tu, set())
        names.add(u.caller)
        if callees:
            names.update(c for c in u.callees if writable_name(c))
    rules = []
    for tu in sorted(by_tu):
        # One function a line (the key again adds to the list): a line
        # longer than the INI reader's limit is an error (docs/policy.md).
        names = ''.join('function = %s\n' % glob_literal(n) for n in sorted(by_tu[tu]))
        rules.append('[rule search: %s in %s]\ntu = %s\n%sprofile = %s\n' %
                     ('callers and callees' if callees else 'callers', tu, glob_literal(tu), names, profile))
    return with_rules(base_text, rules)


def names_callees(policy_text):
    """Whether POLICY_TEXT is a function_policy written with CALLEES: the
    label its rules carry says so."""
    return '[rule search: callers and callees' in policy_text


def site_policy(base_text, units):
    by_tu = {}
    for u in units:
        for site in u.sites.values():
            by_tu.setdefault(u.tu, {})[site['id']] = site
    rules = []
    for tu in sorted(by_tu):
        lines = ['[rule search: sites in %s]' % tu, 'tu = %s' % glob_literal(tu)]
        for sid, site in sorted(by_tu[tu].items()):
            key = 'inline-site' if site['to'] == 'inlined' else 'never-inline-site'
            line = '%s = %s ; %s -> %s @ %s' % (key, sid, site['caller'], site['callee'],
                                                site.get('location') or '?')
            lines.append(line if len(line) <= LINE_LIMIT else line[:LINE_LIMIT - 3] + '...')
        rules.append('\n'.join(lines) + '\n')
    return with_rules(base_text, rules)


def prefixes(ranked_units, budget_bytes, fractions, scale=1.0):
    """The Pareto sweep's points: for each fraction of the growth budget,
    the longest prefix of RANKED_UNITS whose estimated growth (times SCALE,
    measured .text over estimated, from earlier evaluations) fits it, at
    least one unit; then every unit.  Repeated prefixes are dropped."""
    out, seen = [], set()
    for frac in fractions:
        limit = frac * budget_bytes
        total, n = 0.0, 0
        for u in ranked_units:
            if n > 0 and total + max(u.growth, 0) * scale > limit:
                break
            total += max(u.growth, 0) * scale
            n += 1
        if n and n not in seen:
            seen.add(n)
            out.append(('%g of the budget' % frac, ranked_units[:n]))
    n = len(ranked_units)
    if n and n not in seen:
        out.append(('every unit with a gain', ranked_units))
    return out
