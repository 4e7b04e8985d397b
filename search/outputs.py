# SPDX-License-Identifier: GPL-3.0-or-later
"""What a search leaves in WORK (docs/search.md, "Output"): trace.csv (every
evaluation), found.ini (the found policy, its header saying how it was
found and what it measured), decisions.csv (the found policy's decisions,
ranked by attributed gain), short-list.ini and short-list.csv (the fewest
of the candidate's decisions that keep the goal, from the decisions or the
replay level; the replay level's plugin options in short-list.replay),
search.json and report.html (the Pareto plot, per-workload bars,
the decisions, the validation).

The plot is inline SVG written here: the page must be one file that opens
anywhere without a network, and the CLI's own report draws its charts the
same way (tools/output/html_report.cc); a plotting library (matplotlib)
would be a large dependency for two charts.
"""
import csv
import html
import json
import os
import textwrap

import evaluations as ev
import units as un


def pct(x, digits=2):
    return '-' if x is None else '%+.*f%%' % (digits, 100 * x)


def share_text(x):
    return '-' if x is None else '%.1f%%' % (100 * x)


def one_line(e):
    if not e.ok:
        r = e.result or {}
        return 'FAILED (%s)' % (r.get('step') or 'no result')
    r = e.result
    parts = ['.text %d' % r['vmlinux_text_bytes']]
    if e.growth is not None:
        parts.append('growth %s' % pct(e.growth))
    if e.gm_insns is not None:
        parts.append('insns %s' % pct(e.gm_insns))
    if e.gm_cycles is not None:
        parts.append('cycles %s' % pct(e.gm_cycles))
    if e.share_insns is not None:
        parts.append('kept %s / %s' % (share_text(e.share_insns), share_text(e.share_cycles)))
    parts.append('selftests %d/%d' % (r['selftests']['pass'], r['selftests']['total']))
    parts.append('%d TUs compiled' % r['compiles']['misses'])
    return ', '.join(parts)


def trace_rows(s):
    judge = s.a.judge
    ws = s.a.workload_list
    rows = []
    for e in s.evals:
        r = e.result if e.ok else {}
        row = {
            'eval': e.id, 'level': e.level, 'label': e.label,
            'status': (e.result or {}).get('status', 'no result'),
            'step': (e.result or {}).get('step', ''),
            'units': len(e.units), 'policy': os.path.relpath(e.path('policy.ini'), s.work),
            'replay': replay_text(e.job),
            'text_bytes': r.get('vmlinux_text_bytes', ''),
            'growth_pct': '' if e.growth is None else '%.4f' % (100 * e.growth),
            'text_function_bytes': r.get('vmlinux_text_function_bytes', ''),
            'function_growth_pct': '' if function_growth(s, e) is None else '%.4f' % (100 * function_growth(s, e)),
            'est_growth_bytes': '%.0f' % getattr(e, 'est_growth', 0),
            'insns_change_pct': '' if e.gm_insns is None else '%.4f' % (100 * e.gm_insns),
            'cycles_change_pct': '' if e.gm_cycles is None else '%.4f' % (100 * e.gm_cycles),
            'kept_insns_pct': '' if e.share_insns is None else '%.2f' % (100 * e.share_insns),
            'kept_cycles_pct': '' if e.share_cycles is None else '%.2f' % (100 * e.share_cycles),
            'feasible': 'yes' if e.feasible else 'no',
            'selftests_pass': r.get('selftests', {}).get('pass', ''),
            'selftests_total': r.get('selftests', {}).get('total', ''),
            'selftests_failed': ' '.join(r.get('selftests', {}).get('failed', [])),
            'tus_compiled': r.get('compiles', {}).get('misses', ''),
            'seconds': r.get('seconds', {}).get('total', ''),
        }
        if r:
            names = ev.metric_names(r, judge)
            vals = ev.values(r)
            for w in ws:
                for kind in ('insns', 'cycles'):
                    n = names.get(w, {}).get(kind)
                    if n:
                        row['%s:%s' % (w, n)] = vals.get((w, n), '')
        rows.append(row)
    return rows


def function_growth(s, e):
    """E's bytes of .text functions over the base's, minus 1: the growth
    without the section's 4 KiB steps (docs/search.md); None when either
    result lacks them (an evaluate.sh before they were counted)."""
    if not e.ok or not getattr(s, 'base', None) or not s.base.ok:
        return None
    n, b = e.result.get('vmlinux_text_function_bytes'), s.base.result.get('vmlinux_text_function_bytes')
    return n / b - 1 if n is not None and b else None


def replay_text(job):
    """What an evaluation replays, for the trace: '' for a policy alone;
    else the TUs and the functions (globs) of its job's replay keys."""
    if not job.get('replay'):
        return ''
    tus = len(job['replay_tus'].split(',')) if job.get('replay_tus') else 'all'
    fns = len(job['replay_functions'].split(',')) if job.get('replay_functions') else 'all'
    return 'tus=%s functions=%s' % (tus, fns)


def write_trace(s):
    rows = trace_rows(s)
    fixed = ['eval', 'level', 'label', 'status', 'step', 'units', 'policy', 'replay', 'text_bytes', 'growth_pct',
             'text_function_bytes', 'function_growth_pct',
             'est_growth_bytes', 'insns_change_pct', 'cycles_change_pct', 'kept_insns_pct', 'kept_cycles_pct',
             'feasible', 'selftests_pass', 'selftests_total', 'selftests_failed', 'tus_compiled', 'seconds']
    extra = []
    for r in rows:
        extra += [k for k in r if k not in fixed and k not in extra]
    path = os.path.join(s.work, 'trace.csv')
    with open(path + '.tmp', 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=fixed + extra, restval='')
        w.writeheader()
        w.writerows(rows)
    os.replace(path + '.tmp', path)


def pareto(points):
    """The points no other point beats on both axes (less growth, more kept)."""
    front = []
    for p in sorted(points, key=lambda p: (p[0], -p[1])):
        if not front or p[1] > front[-1][1]:
            front.append(p)
    return front


def decisions(s, e=None):
    """The units of E (default the found policy) and their flipped sites,
    ranked by attributed gain."""
    f = s.found if e is None else e
    if not f:
        return []
    units = f.unit_objs
    if any(isinstance(u, un.TuUnit) for u in units):
        units = [m for t in units for m in t.members]
    rows = []
    for u in sorted(units, key=lambda u: (-un.gain_of(u, s.objective_kind), u.key)):
        sites = sorted(u.sites.values(), key=lambda x: (x['id'], x.get('copy') or '')) or [None]
        for site in sites:
            rows.append({
                'tu': u.tu, 'caller': u.caller,
                'unit_gain_insns_pct': '%.4f' % (100 * u.gain['insns']),
                'unit_gain_cycles_pct': '%.4f' % (100 * u.gain['cycles']),
                'unit_growth_bytes': '%.0f' % u.growth,
                'copies': u.copies,
                'site': site['id'] if site else '', 'call_in': site['caller'] if site else '',
                'callee': site['callee'] if site else '',
                'location': (site.get('location') or '') if site else '',
                'candidate': ('inlined' if site['to'] == 'inlined' else 'not inlined') if site else '',
                'base_reason': (site.get('base_reason') or '') if site else '',
                'candidate_reason': (site.get('new_reason') or '') if site else '',
            })
    return rows


DECISION_COLUMNS = ['tu', 'caller', 'unit_gain_insns_pct', 'unit_gain_cycles_pct', 'unit_growth_bytes', 'copies',
                    'site', 'call_in', 'callee', 'location', 'candidate', 'base_reason', 'candidate_reason']


def write_decisions(path, rows):
    with open(path, 'w', newline='') as out:
        w = csv.DictWriter(out, fieldnames=DECISION_COLUMNS)
        w.writeheader()
        w.writerows(rows)


def validation(s, vs):
    base, cand, found = vs[:3]
    short = vs[3] if len(vs) > 3 else None
    out = {'workloads': s.validate_workloads, 'holdout': s.a.holdout_list, 'servers': s.a.servers.split(),
           'evaluations': {v.label: v.id for v in vs}}
    if not all(v.ok for v in vs):
        out['status'] = 'failed'
        out['failed'] = [v.label for v in vs if not v.ok]
        return out
    out['status'] = 'ok'
    b = base.result
    names = ev.metric_names(b, s.a.judge)
    held = s.a.holdout_list + [w for w in names if w not in s.validate_workloads]
    seen = s.a.workload_list
    for label, ws in (('seen', seen), ('held_out', held)):
        for kind in ('insns', 'cycles'):
            if kind == 'cycles' and not s.a.model:
                continue
            c = ev.geomean_change(cand.result, b, ws, kind, s.a.judge)
            f = ev.geomean_change(found.result, b, ws, kind, s.a.judge)
            out['%s_%s' % (label, kind)] = x = {'workloads': ws, 'candidate': c, 'found': f, 'kept': ev.share(f, c)}
            if short:
                x['short_list'] = ev.geomean_change(short.result, b, ws, kind, s.a.judge)
                x['short_list_kept'] = ev.share(x['short_list'], c)
    out['per_workload'] = {}
    for kind in ('insns', 'cycles'):
        if kind == 'cycles' and not s.a.model:
            continue
        cw = ev.workload_changes(cand.result, b, sorted(names), kind, s.a.judge)
        fw = ev.workload_changes(found.result, b, sorted(names), kind, s.a.judge)
        sw = ev.workload_changes(short.result, b, sorted(names), kind, s.a.judge) if short else {}
        out['per_workload'][kind] = {w: dict({'candidate': cw.get(w), 'found': fw.get(w)},
                                             **({'short_list': sw.get(w)} if short else {}))
                                     for w in sorted(names)}
    out['growth'] = {v.label.replace(' ', '_'): v.result['vmlinux_text_bytes'] / b['vmlinux_text_bytes'] - 1
                     for v in vs[1:]}
    out['selftests'] = {v.label: v.result['selftests'] for v in vs}
    return out


def base_line(a):
    return 'Base: %s; candidate: the base plus profile %s in every TU; compiler %s.' % (
        os.path.basename(a.base), a.profile, a.cc)


def found_header(s):
    f = s.found
    a = s.a
    lines = [
        'SPDX-License-Identifier: GPL-3.0-or-later',
        'Found by search/search.py (docs/search.md), %s level, evaluation %s.' % (f.level, f.id),
    ] + ([
        'It is this policy (the base\'s) with the candidate\'s own recorded decisions replayed at the base\'s '
        'params: the plugin options in found.replay (docs/replay.md).'] if replay_options(f) else []) + [
        base_line(a),
        'Goal: keep %g%% of the candidate\'s reduction at most +%g%% vmlinux .text.' % (a.keep, a.growth),
        'Workloads (%d): %s.' % (len(a.workload_list), ', '.join(a.workload_list)),
        'Measured (%d layouts, geometric mean of instructions per op%s):' % (
            a.layouts, ' and of modelled cycles per op, cache model %s' % str(a.judge) if a.model else ''),
        '  candidate: insns %s, cycles %s, .text %s' % (pct(s.cand.gm_insns), pct(s.cand.gm_cycles), pct(s.cand.result['vmlinux_text_bytes'] / s.base.result['vmlinux_text_bytes'] - 1)),
        '  this policy: insns %s, cycles %s, .text %s: %s of the instructions\' reduction kept, %s of the cycles\'.' % (
            pct(f.gm_insns), pct(f.gm_cycles), pct(f.growth), share_text(f.share_insns), share_text(f.share_cycles)),
        '  selftests: %d of %d pass.' % (f.result['selftests']['pass'], f.result['selftests']['total']),
        'Goal %s after %d evaluations (%d proposed within --evaluations %d).' % (
            'met' if f.objective >= a.keep / 100 and f.feasible else 'NOT met',
            len(s.evals), s.proposed, a.evaluations),
    ]
    v = s.validation
    if v and v.get('status') == 'ok':
        h = v.get('held_out_insns', {})
        lines.append('Validation on held-out workloads (%s): %s of the candidate\'s reduction kept (insns %s against %s).' % (
            ', '.join(h.get('workloads', [])), share_text(h.get('kept')), pct(h.get('found')), pct(h.get('candidate'))))
    return comment_lines(lines)


def comment_lines(lines):
    """LINES as comments wrapped at 78 columns: the policy reader refuses any
    line over 198 characters, a comment's too (docs/policy.md), and a
    validation's workload list alone is longer."""
    out = []
    for x in lines:
        indent = ' ' * (len(x) - len(x.lstrip(' ')))
        out += textwrap.wrap(x, 76, initial_indent='', subsequent_indent=indent + '  ',
                             break_on_hyphens=False, break_long_words=True) or ['']
    return ''.join('# %s\n' % x if x else '#\n' for x in out)


def write_all(s):
    write_trace(s)
    f = s.found
    if os.path.exists(os.path.join(s.work, 'found.replay')):
        os.remove(os.path.join(s.work, 'found.replay'))  # a resumed search's, now a policy alone
    if f:
        body = f.policy_text
        with open(os.path.join(s.work, 'found.ini'), 'w') as out:
            out.write(found_header(s) + '\n' + body)
        if replay_options(f):
            with open(os.path.join(s.work, 'found.replay'), 'w') as out:
                out.write(''.join(o + '\n' for o in replay_options(f)))
    rows = decisions(s)
    write_decisions(os.path.join(s.work, 'decisions.csv'), rows)
    short_rows = decisions(s, s.short) if s.short else []
    for name in ('short-list.ini', 'short-list.csv', 'short-list.replay'):
        if os.path.exists(os.path.join(s.work, name)):
            os.remove(os.path.join(s.work, name))  # a resumed search's, now without one
    if s.short:
        with open(os.path.join(s.work, 'short-list.ini'), 'w') as out:
            out.write(short_header(s) + '\n' + s.short.policy_text)
        write_decisions(os.path.join(s.work, 'short-list.csv'), short_rows)
        options = replay_options(s.short)
        if options:
            with open(os.path.join(s.work, 'short-list.replay'), 'w') as out:
                out.write(''.join(o + '\n' for o in options))
    summary_json = {
        'format': 'inlinetune-search', 'format_version': 1,
        'goal': {'keep_pct': s.a.keep, 'growth_pct': s.a.growth},
        'workloads': s.a.workload_list, 'model': s.a.model, 'cycles': s.a.cycles, 'profile': s.a.profile,
        'base': ref_json(s.base, s), 'candidate': ref_json(s.cand, s),
        'found': eval_json(f) if f else None,
        'short_list': short_json(s),
        'goal_met': bool(f and f.objective >= s.a.keep / 100),
        'evaluations': len(s.evals), 'proposed': s.proposed, 'failed': sum(1 for e in s.evals if not e.ok),
        'pareto': [eval_json(e) for e in front_evals(s)],
        'unattributed_share': s.unattributed,
        'validation': s.validation,
    }
    with open(os.path.join(s.work, 'search.json'), 'w') as out:
        json.dump(summary_json, out, indent=1)
        out.write('\n')
    with open(os.path.join(s.work, 'report.html'), 'w') as out:
        out.write(report_html(s, rows, short_rows))


def replay_options(e):
    """E's replay job keys as the plugin's options (KEY=VALUE, each one
    -fplugin-arg-inlinetune-KEY=VALUE or a word of inlinetune-cc's
    INLINETUNE_PLUGIN_ARGS, docs/replay.md), the candidate's objects by an
    absolute path; [] for a policy alone."""
    keys = ev.replay_keys(e.job)
    if not keys.get('replay'):
        return []
    out = ['replay=%s' % os.path.normpath(os.path.join(e.dir, keys['replay']))]
    for k in ('replay_tus', 'replay_functions'):
        if keys.get(k):
            out.append('%s=%s' % (k.replace('_', '-'), keys[k]))
    return out


def short_facts(s):
    """What the short list's level measured: its source, the evaluation of
    the whole of the source's decisions (sites_policy), the target, and the
    short list's callers (replayed functions at the replay level) and
    sites (flips)."""
    src, e0, target, best = s.short_src[s.short_level]
    e = s.short
    out = {'source': src.id, 'sites_policy': e0.id, 'target': target,
           'most_kept': best.objective, 'most_kept_by': best.id,
           'goal_met': bool(e.objective >= s.a.keep / 100), 'callers': len(e.unit_objs),
           'sites': sum(len(u.sites) for u in e.unit_objs)}
    if s.short_level == 'replay':
        keys = ev.replay_keys(e.job)
        out['replay'] = {'options': replay_options(e),
                         'tus': len(keys['replay_tus'].split(',')),
                         'functions': len(keys['replay_functions'].split(',')) if keys.get('replay_functions') else None}
    return out


def short_what(s):
    """The short list in words: its sites and callers, or its replayed
    functions."""
    x = short_facts(s)
    if s.short_level == 'replay':
        fns = x['replay']['functions']
        return "the candidate's decisions replayed in %s of %d TU%s (%d flip%s)" % (
            '%d function%s' % (fns, '' if fns == 1 else 's') if fns is not None else 'every function',
            x['replay']['tus'], '' if x['replay']['tus'] == 1 else 's', x['sites'], '' if x['sites'] == 1 else 's')
    return '%d site%s of %d caller%s' % (x['sites'], '' if x['sites'] == 1 else 's',
                                         x['callers'], '' if x['callers'] == 1 else 's')


def short_header(s):
    e, a = s.short, s.a
    f = short_facts(s)
    src, e0, _, best = s.short_src[s.short_level]
    lines = [
        'SPDX-License-Identifier: GPL-3.0-or-later',
        'The short list: the fewest of the candidate\'s decisions found to keep the '
        'target, by search/search.py\'s %s level (docs/search.md), evaluation %s.' % (s.short_level, e.id),
    ]
    if s.short_level == 'replay':
        lines += [
            'It is this policy (the base\'s) with the candidate\'s own recorded decisions replayed at the base\'s params '
            'in %d functions of %d TUs: the plugin options in short-list.replay (docs/replay.md), '
            'the functions\' %d flips in short-list.csv.' % (len(e.unit_objs), f['replay']['tus'], f['sites']),
            'Source: evaluation %s (%s level): the candidate\'s decisions replayed in its TUs (evaluation %s: %s kept), '
            'then reduced by ddmin over the functions.' % (src.id, src.level, e0.id, share_text(e0.objective)),
        ]
    else:
        lines += [
            'Its %d call sites in %d callers are the candidate\'s own decisions (inline-site where it '
            'inlined a call the base did not, never-inline-site the other way round), without its params.' % (
                f['sites'], f['callers']),
            'Source: evaluation %s (%s level), written as its %d callers\' sites (evaluation %s: %s kept), '
            'then reduced by ddmin over the callers.' % (src.id, src.level, len(e0.unit_objs), e0.id, share_text(e0.objective)),
        ]
    lines += [
        base_line(a),
        'Target: keep %s of the candidate\'s reduction (%s) at most +%g%% vmlinux .text.' % (
            share_text(f['target']), 'the goal' if f['target'] >= a.keep / 100 - 1e-12 else
            '%g%% of the most a part of its source\'s decisions kept, %s by evaluation %s, short of the goal' % (
                a.keep, share_text(best.objective), best.id), a.growth),
        'Measured: insns %s, cycles %s, .text %s: %s of the instructions\' reduction kept, %s of the cycles\'; '
        'selftests: %d of %d pass.' % (pct(e.gm_insns), pct(e.gm_cycles), pct(e.growth), share_text(e.share_insns),
                                        share_text(e.share_cycles), e.result['selftests']['pass'],
                                        e.result['selftests']['total']),
    ]
    v = s.validation
    if v and v.get('status') == 'ok' and 'short_list' in v.get('held_out_insns', {}):
        h = v['held_out_insns']
        lines.append('Validation on held-out workloads (%s): %s of the candidate\'s reduction kept (insns %s against %s).' % (
            ', '.join(h['workloads']), share_text(h['short_list_kept']), pct(h['short_list']), pct(h['candidate'])))
    return comment_lines(lines)


def short_json(s):
    if not s.short:
        return None
    return dict(eval_json(s.short), **short_facts(s))


def ref_json(e, s):
    return {'eval': e.id, 'text_bytes': e.result['vmlinux_text_bytes'], 'insns_change': e.gm_insns,
            'cycles_change': e.gm_cycles, 'selftests': e.result['selftests']}


def eval_json(e):
    return {'eval': e.id, 'level': e.level, 'label': e.label, 'units': len(e.units), 'replay': replay_text(e.job),
            'text_bytes': e.result['vmlinux_text_bytes'], 'growth': e.growth,
            'text_function_bytes': e.result.get('vmlinux_text_function_bytes'), 'insns_change': e.gm_insns,
            'cycles_change': e.gm_cycles, 'kept_insns': e.share_insns, 'kept_cycles': e.share_cycles,
            'feasible': e.feasible}


def front_evals(s):
    pts = [e for e in s.evals if e.ok and e.objective is not None and not e.new_failures]
    front = pareto([(e.growth, e.objective, e) for e in pts])
    return [p[2] for p in front]


def summary(s):
    f = s.found
    lines = ['search: %d evaluations (%d proposed of --evaluations %d, %d failed); candidate: insns %s, cycles %s, .text %s' % (
        len(s.evals), s.proposed, s.a.evaluations, sum(1 for e in s.evals if not e.ok),
        pct(s.cand.gm_insns), pct(s.cand.gm_cycles),
        pct(s.cand.result['vmlinux_text_bytes'] / s.base.result['vmlinux_text_bytes'] - 1))]
    if f:
        lines.append('found (%s, %s): kept %s of the instructions\' reduction, %s of the cycles\', at .text %s; goal (%g%% at +%g%%) %s' % (
            f.level, f.id, share_text(f.share_insns), share_text(f.share_cycles), pct(f.growth), s.a.keep, s.a.growth,
            'met' if f.objective >= s.a.keep / 100 else 'NOT met'))
    else:
        lines.append('found: no evaluation within the growth budget (+%g%%) without new selftest failures' % s.a.growth)
    if s.short:
        e, x = s.short, short_facts(s)
        lines.append('short list (%s): %s keep %s of the instructions\' reduction, %s of the cycles\', at .text %s; target %s%s' % (
            e.id, short_what(s), share_text(e.share_insns), share_text(e.share_cycles), pct(e.growth), share_text(x['target']), '' if x['goal_met'] else ' (goal NOT met)'))
    v = s.validation
    if v and v.get('status') == 'ok':
        h = v['held_out_insns']
        lines.append('validation: held-out workloads (%s): kept %s (insns %s against the candidate\'s %s); .text %s' % (
            ', '.join(h['workloads']), share_text(h['kept']), pct(h['found']), pct(h['candidate']), pct(v['growth']['found'])))
        if 'short_list' in h:
            lines.append('validation: held-out workloads: the short list kept %s (insns %s); .text %s' % (
                share_text(h['short_list_kept']), pct(h['short_list']), pct(v['growth']['short_list'])))
    elif v:
        lines.append('validation: FAILED (%s)' % ', '.join(v.get('failed', [])))
    files = ['trace.csv', 'found.ini'] + (['found.replay'] if f and replay_options(f) else []) + ['decisions.csv']
    if s.short:
        files += ['short-list.ini', 'short-list.csv'] + (['short-list.replay'] if replay_options(s.short) else [])
    lines.append('see %s (%s, report.html)' % (s.work, ', '.join(files)))
    return '\n'.join(lines)


# --- the page ---------------------------------------------------------------

COLORS = {'tu': '#1f77b4', 'function': '#2ca02c', 'site': '#9467bd', 'reduce': '#ff7f0e', 'decisions': '#8c564b',
          'replay': '#e377c2',
          'reference': '#000000'}


def svg_pareto(s):
    W, H, L, B = 640, 400, 60, 50
    pts = [e for e in s.evals if e.ok and e.objective is not None and e.level != 'validate']
    xs = [e.growth for e in pts] + [s.a.growth / 100, 0]
    ys = [e.objective for e in pts] + [1.0, 0, s.a.keep / 100]
    x0, x1 = min(min(xs), 0), max(xs) * 1.05 or 0.01
    y0, y1 = min(min(ys), 0), max(max(ys), 1.0) * 1.05
    X = lambda x: L + (x - x0) / (x1 - x0) * (W - L - 20)  # noqa: E731
    Y = lambda y: H - B - (y - y0) / (y1 - y0) * (H - B - 20)  # noqa: E731
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img" '
           'aria-label="share of the candidate\'s reduction kept against .text growth">' % (W, H)]
    out.append('<rect x="%d" y="20" width="%d" height="%d" fill="none" stroke="#888"/>' % (L, W - L - 20, H - B - 20))
    gx, gy = X(s.a.growth / 100), Y(s.a.keep / 100)
    out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#2ca02c" fill-opacity="0.08"/>' % (
        X(max(x0, 0)), Y(y1), gx - X(max(x0, 0)), gy - Y(y1)))
    out.append('<line x1="%.1f" y1="20" x2="%.1f" y2="%d" stroke="#2ca02c" stroke-dasharray="4"/>' % (gx, gx, H - B))
    out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#2ca02c" stroke-dasharray="4"/>' % (L, gy, W - 20, gy))
    for i in range(6):
        xv = x0 + (x1 - x0) * i / 5
        yv = y0 + (y1 - y0) * i / 5
        out.append('<text x="%.1f" y="%d" font-size="11" text-anchor="middle">%+.1f%%</text>' % (X(xv), H - B + 16, 100 * xv))
        out.append('<text x="%d" y="%.1f" font-size="11" text-anchor="end">%.0f%%</text>' % (L - 4, Y(yv) + 4, 100 * yv))
    out.append('<text x="%d" y="%d" font-size="12" text-anchor="middle">vmlinux .text growth against the base</text>' % ((W + L) // 2, H - 12))
    out.append('<text x="14" y="%d" font-size="12" text-anchor="middle" transform="rotate(-90 14 %d)">'
               'share of the candidate\'s reduction kept</text>' % (H // 2, H // 2))
    front = pareto([(e.growth, e.objective, e) for e in pts if not e.new_failures])
    if len(front) > 1:
        out.append('<polyline fill="none" stroke="#d62728" stroke-width="1.5" points="%s"/>' % ' '.join(
            '%.1f,%.1f' % (X(p[0]), Y(p[1])) for p in front))
    for e in pts:
        c = COLORS.get(e.level, '#444')
        title = html.escape('%s %s: %s' % (e.level, e.label, one_line(e)))
        big = e is s.found
        out.append('<circle cx="%.1f" cy="%.1f" r="%d" fill="%s" fill-opacity="%s" stroke="%s"><title>%s</title></circle>' % (
            X(e.growth), Y(e.objective), 7 if big else 4, c, '1' if e.feasible else '0.35', '#d62728' if big else c, title))
        if e is getattr(s, 'short', None) and not big:
            out.append('<circle cx="%.1f" cy="%.1f" r="7" fill="none" stroke="#8c564b" stroke-width="2"/>' % (
                X(e.growth), Y(e.objective)))
            out.append('<text x="%.1f" y="%.1f" font-size="11">short list</text>' % (X(e.growth) + 8, Y(e.objective) + 14))
        if e.level == 'reference' or big:
            right = X(e.growth) > W - 120  # near the right edge: the label goes left
            out.append('<text x="%.1f" y="%.1f" font-size="11" text-anchor="%s">%s</text>' % (
                X(e.growth) + (-8 if right else 8), Y(e.objective) - 6, 'end' if right else 'start',
                html.escape('found' if big else e.label)))
    # The legend in the lower right, where a front that rises from the base
    # to the candidate leaves room.
    y = H - B - 14 * len(COLORS) - 4
    for level, c in COLORS.items():
        out.append('<circle cx="%d" cy="%d" r="4" fill="%s"/><text x="%d" y="%d" font-size="11">%s</text>' % (
            W - 110, y, c, W - 102, y + 4, level))
        y += 14
    out.append('</svg>')
    return '\n'.join(out)


def svg_bars(s, changes, title):
    """Per workload, the candidate's change, the found policy's and the short
    list's when CHANGES has it (a bar each)."""
    ws = sorted(changes)
    if not ws:
        return ''
    series = [('candidate', '#999'), ('found', '#d62728'), ('short_list', '#8c564b')]
    series = [x for x in series if any(x[0] in changes[w] for w in ws)]
    W, row, L = 640, 6 + 10 * len(series), 150
    H = 30 + row * len(ws)
    lo = min([0] + [v for w in ws for v in changes[w].values() if v is not None])
    hi = max([0] + [v for w in ws for v in changes[w].values() if v is not None])
    span = (hi - lo) or 0.01
    X = lambda x: L + (x - lo) / span * (W - L - 70)  # noqa: E731
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img" aria-label="%s">' % (W, H, html.escape(title))]
    out.append('<line x1="%.1f" y1="10" x2="%.1f" y2="%d" stroke="#888"/>' % (X(0), X(0), H - 10))
    for i, w in enumerate(ws):
        y = 16 + i * row
        out.append('<text x="%d" y="%d" font-size="11" text-anchor="end">%s</text>' % (L - 6, y + 12, html.escape(w)))
        for j, (k, c) in enumerate(series):
            v = changes[w].get(k)
            if v is None:
                continue
            x, x2 = sorted((X(0), X(v)))
            out.append('<rect x="%.1f" y="%d" width="%.1f" height="9" fill="%s"><title>%s %s %s</title></rect>' % (
                x, y + j * 10, max(x2 - x, 0.5), c, html.escape(w), k, pct(v)))
            out.append('<text x="%.1f" y="%d" font-size="9">%s</text>' % (max(X(0), X(v)) + 3, y + 8 + j * 10, pct(v)))
    out.append('</svg>')
    return '\n'.join(out)


def table(cols, rows):
    h = ['<table><tr>%s</tr>' % ''.join('<th>%s</th>' % html.escape(c) for c in cols)]
    for r in rows:
        h.append('<tr>%s</tr>' % ''.join('<td>%s</td>' % html.escape(str(r.get(c, ''))) for c in cols))
    h.append('</table>')
    return '\n'.join(h)


def report_html(s, decision_rows, short_rows=()):
    f = s.found
    parts = ['<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>inlinetune search</title>',
             '<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto}table{border-collapse:collapse;font-size:12px}'
             'pre{white-space:pre-wrap}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}td:first-child,th:first-child{text-align:left}</style></head><body>',
             '<h1>Policy search</h1>', '<pre>%s</pre>' % html.escape(summary(s))]
    parts.append('<h2>Share kept against growth</h2><p>Every evaluation (faded: outside the budget or a new selftest '
                 'failure), the references, the found policy; the red line is the Pareto front; the green box is the goal '
                 '(%g%% of the reduction kept, the smaller of instructions and modelled cycles, at most +%g%% .text).</p>' % (s.a.keep, s.a.growth))
    parts.append(svg_pareto(s))
    if f:
        for kind, title in (('insns', 'instructions per op'), ('cycles', 'modelled cycles per op (%s)' % str(s.a.judge))):
            if kind == 'cycles' and not s.a.model:
                continue
            cw = ev.workload_changes(s.cand.result, s.base.result, s.a.workload_list, kind, s.a.judge)
            fw = ev.workload_changes(f.result, s.base.result, s.a.workload_list, kind, s.a.judge)
            parts.append('<h2>Per workload: %s, change against the base</h2><p>grey: the candidate; red: the found policy%s.</p>' % (
                html.escape(title), '; brown: the short list' if s.short else ''))
            bars = {w: {'candidate': cw.get(w), 'found': fw.get(w)} for w in s.a.workload_list}
            if s.short:
                sw = ev.workload_changes(s.short.result, s.base.result, s.a.workload_list, kind, s.a.judge)
                for w in bars:
                    bars[w]['short_list'] = sw.get(w)
            parts.append(svg_bars(s, bars, title))
    v = s.validation
    if v and v.get('status') == 'ok':
        parts.append('<h2>Validation: held-out workloads and servers</h2>')
        rows = []
        short = 'short_list' in v.get('held_out_insns', {})
        for key in sorted(k for k in v if k.startswith(('seen_', 'held_out_'))):
            x = v[key]
            rows.append({'set': key, 'workloads': ' '.join(x['workloads']), 'candidate': pct(x['candidate']),
                         'found': pct(x['found']), 'kept': share_text(x['kept']),
                         'short list': pct(x.get('short_list')), 'short list kept': share_text(x.get('short_list_kept'))})
        parts.append(table(['set', 'workloads', 'candidate', 'found', 'kept'] +
                           (['short list', 'short list kept'] if short else []), rows))
        parts.append('<p>.text: %s; selftests: %s</p>' % (
            ', '.join('%s %s' % (k.replace('_', ' '), pct(g)) for k, g in v['growth'].items()),
            html.escape(', '.join('%s %d/%d' % (k, x['pass'], x['total']) for k, x in v['selftests'].items()))))
        bars = v['per_workload'].get('insns', {})
        parts.append(svg_bars(s, bars, 'validation, instructions per op'))
    if s.short:
        x = short_facts(s)
        parts.append('<h2>The short list: the decisions that carry the gain</h2>')
        how = ("without its params; ddmin over the callers of the sites of evaluation %s" if s.short_level != 'replay'
               else "replayed at the base's params; ddmin over the functions of evaluation %s's TUs")
        parts.append('<p>%s, the candidate\'s own decisions %s, keep %s of '
                     'the instructions\' reduction and %s of the cycles\' at .text %s (the target: %s).%s By attributed gain:</p>' % (
                         html.escape(short_what(s)), how % html.escape(x['source']),
                         share_text(s.short.share_insns), share_text(s.short.share_cycles),
                         pct(s.short.growth), share_text(x['target']),
                         ' The plugin options: <code>%s</code>.' % html.escape(' '.join(x['replay']['options'])[:2000])
                         if 'replay' in x else ''))
        parts.append(table(['tu', 'caller', 'unit_gain_insns_pct', 'unit_gain_cycles_pct', 'unit_growth_bytes', 'site',
                            'call_in', 'callee', 'location', 'candidate', 'base_reason'], list(short_rows)[:400]))
    parts.append('<h2>The found policy\'s decisions, by attributed gain</h2>')
    parts.append(table(['tu', 'caller', 'unit_gain_insns_pct', 'unit_gain_cycles_pct', 'unit_growth_bytes', 'site',
                        'callee', 'location', 'candidate', 'base_reason'], decision_rows[:400]))
    parts.append('<h2>Every evaluation</h2>')
    parts.append(table(['eval', 'level', 'label', 'status', 'growth_pct', 'insns_change_pct', 'cycles_change_pct',
                        'kept_insns_pct', 'kept_cycles_pct', 'feasible', 'selftests_pass', 'tus_compiled'], trace_rows(s)))
    parts.append('</body></html>\n')
    return '\n'.join(parts)
