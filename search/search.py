#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""search/search.py WORK: a profile-guided policy search (docs/search.md).

Which of a candidate's inlining decisions (default: the RFC's params,
profile rfc) carry its gain on the small arm64 kernel, and how much of the
gain a policy keeps for how little code.  Built on the harness and the
CLI: every evaluation is a job of search/evaluate.sh run by
search/run-jobs.sh (here N at a time, over ssh with GNU parallel, or as a
Slurm job array); the attribution that ranks what to try is `inlinetune
diff` and `inlinetune correlate --guest-profiles` of the two references.

Steps (each records its evaluations in WORK; a search started again with
the same arguments, in a checkout of the same instrument (search/
instrument.py: the plugin's sources, not its commit), proposes the same
policies and evaluates only those without a result):
  1. references: the base policy and the candidate (the base plus the
     candidate's profile for every TU), with their decision logs and
     guest profiles;
  2. units: callers in TUs whose calls the two decided otherwise, each
     with its attributed gain and estimated growth (search/units.py);
     units that no workload's change is attributed to are never proposed;
  3. levels, coarse to fine (search/proposals.py): tu and function, each
     a Pareto sweep over its units ranked by gain per byte (prefixes whose
     estimated growth fills 1/4, 1/2, 1, 2 budgets, the estimate scaled by
     what earlier evaluations measured); site: the best function-level
     policy written as its call sites; reduce: delta debugging (ddmin,
     Zeller and Hildebrandt 2002) of the best policy that meets the goal
     (a function- or site-level one if any does, else a TU-level one), to
     the fewest units that still meet it; decisions: the best policy
     written as the candidate's own call sites, then ddmin over their
     callers to the fewest that keep the goal, or, out of the sites'
     reach, --keep percent of the most a part of them kept: the short list;
     replay: the candidate's recorded decisions replayed at the base's
     params in the best policy's TUs, then ddmin over the functions whose
     code holds its flips: the short list as replayed decisions;
  4. the found policy: the feasible evaluation (within the growth budget,
     no selftest failing that both references pass) that keeps the largest
     share of the candidate's reduction;
  5. validation: base, candidate and the found policy measured in one run
     on the held-out workloads and servers beside the search's.
Output in WORK: trace.csv, found.ini (and found.replay), decisions.csv,
short-list.ini, short-list.csv (and short-list.replay), units.json,
search.json, report.html.  Exit 0 when the search ran (whether or not
the goal was met: search.json and the summary say), 1 when it could not
(a reference failed, the candidate has no gain), 2 for usage errors.
"""
import argparse
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import evaluations as ev  # noqa: E402
import instrument  # noqa: E402
import outputs  # noqa: E402
import proposals as pr  # noqa: E402
import units as un  # noqa: E402



def workload_names():
    """The guest's workloads, in `workloads -l` order: read from their
    sources (harness/workloads/), the one definition of them, because the
    program is built for arm64 and cannot list itself here: the families in
    main.c's order, each family's entries {"NAME", "description", ...}."""
    src = os.path.join(ROOT, 'harness', 'workloads')
    main_c = open(os.path.join(src, 'main.c')).read()
    families = re.search(r'families\[\]\s*=\s*\{([^}]*)\}', main_c).group(1)
    tables = {}
    for name in sorted(os.listdir(src)):
        if name.endswith('.c'):
            text = open(os.path.join(src, name)).read()
            for m in re.finditer(r'const struct workload (wl_\w+)\[\]\s*=\s*\{(.*?)\n\};', text, re.S):
                tables[m.group(1)] = re.findall(r'\{\s*"(\w+)",\s*"', m.group(2))
    return [w for f in re.findall(r'wl_\w+', families) for w in tables.get(f, [])]


ALL_WORKLOADS = workload_names()
DEFAULT_HOLDOUT = ['futex_pingpong', 'pipe_pingpong', 'fork_exec']
SWEEP = (0.25, 0.5, 1.0, 2.0)
LEVELS = ('tu', 'function', 'site', 'reduce', 'decisions', 'replay')
# The levels whose evaluations are policies alone (a policy file says all
# of them): the sources that the decisions and replay levels write as the
# candidate's decisions.  A replay evaluation is the base policy and the
# candidate's recorded decisions (the job keys replay, replay_tus,
# replay_functions), which no policy file can name: found, it is written
# as the policy and its plugin options (found.replay).
POLICY_LEVELS = ('tu', 'function', 'site', 'reduce', 'decisions')
# The longest replay_tus or replay_functions value a job is given: the
# plugin option that carries it, with the rest of KCFLAGS, must stay under
# Linux's 128 KiB for one argument (measured: the 48 TUs' 1,191 functions
# are 20 KB).
MAX_REPLAY_OPTION = 100000


def check_replay_options(job, limit=MAX_REPLAY_OPTION):
    """Raises SearchError when a replay job's replay_tus or
    replay_functions is over LIMIT bytes.  Each is one word of KCFLAGS and
    of every compile's command line: Linux refuses an argument or
    environment string over 128 KiB (MAX_ARG_STRLEN), as E2BIG at the
    first compile, long after the search proposed it."""
    for k in ('replay_tus', 'replay_functions'):
        if len(job.get(k, '')) > limit:
            raise ev.SearchError('replay: %s of %d bytes, over the %d a compile\'s argument may hold: '
                                 'fewer TUs or functions (a smaller source policy)' % (k, len(job[k]), limit))


# The levels whose ddmin makes a short list of the candidate's decisions.
SHORT_LIST_LEVELS = ('decisions', 'replay')


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def parse_args(argv):
    p = argparse.ArgumentParser(prog='search/search.py', description=__doc__.split('\n')[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('work', metavar='WORK', help='the search directory (created; a restarted search resumes)')
    p.add_argument('--base', default=os.path.join(ROOT, 'kernel-configs', 'policies', 'gcc.ini'),
                   help='the base policy (default kernel-configs/policies/gcc.ini)')
    p.add_argument('--profile', default='rfc',
                   help="the candidate's params: a profile, built in or defined in the base policy (default rfc)")
    p.add_argument('--cc', default='aarch64-linux-gnu-gcc-12', help='the cross compiler')
    p.add_argument('--workloads', default=None,
                   help="the search's workloads joined by '+' (default: all but getppid and --holdout)")
    p.add_argument('--holdout', default='+'.join(DEFAULT_HOLDOUT),
                   help="workloads the search never sees, measured in the validation ('none' for none)")
    p.add_argument('--holdout-servers', default='redis memcached nginx',
                   help="servers measured in the validation only ('none' for none)")
    p.add_argument('--layouts', type=int, default=3, help='fixed layouts per evaluation (medians)')
    p.add_argument('--selftests', default='test.d/kprobe', help="ftrace selftests per evaluation, or 'none'")
    p.add_argument('--model', default='n1', help="guestprof's cache preset judged beside instructions, or 'none'")
    p.add_argument('--cycles', default='set-associative', choices=sorted(ev.CYCLES_KINDS),
                   help="the modelled cycles judged: the preset's caches as built, or fully associative "
                   "(without conflict misses)")
    p.add_argument('--keep', type=float, default=90.0, help="the goal: percent of the candidate's reduction kept")
    p.add_argument('--growth', type=float, default=3.0, help="the growth budget: percent of the base's vmlinux .text")
    p.add_argument('--evaluations', type=int, default=24,
                   help='how many policies the search may propose (references and validation apart)')
    p.add_argument('--levels', default=','.join(LEVELS), help='levels to run, of: ' + ', '.join(LEVELS))
    p.add_argument('--no-validate', action='store_true', help='skip the validation on held-out workloads')
    p.add_argument('--jobs', type=int, default=1, help='evaluations at a time (per host)')
    g = p.add_mutually_exclusive_group()
    g.add_argument('--sshloginfile', help="run on GNU parallel's hosts of FILE")
    g.add_argument('--slurm', action='store_true', help='run each batch as a Slurm job array')
    p.add_argument('--cli', default=os.environ.get('INLINETUNE', os.path.join(ROOT, 'build', 'tools', 'inlinetune')),
                   help='the inlinetune CLI (default build/tools/inlinetune, or INLINETUNE)')
    a = p.parse_args(argv)

    def words(text, what):
        if text == 'none':
            return []
        ws = [w for w in text.split('+') if w]
        bad = [w for w in ws if w not in ALL_WORKLOADS]
        if bad or not ws:
            p.error('%s: unknown workload%s %s (known: %s)' % (what, 's' if len(bad) > 1 else '', ', '.join(bad) or "''",
                                                              ', '.join(ALL_WORKLOADS)))
        return ws
    a.holdout_list = words(a.holdout, '--holdout')
    if a.workloads is None:
        a.workload_list = [w for w in ALL_WORKLOADS if w != 'getppid' and w not in a.holdout_list]
    else:
        a.workload_list = words(a.workloads, '--workloads')
    both = sorted(set(a.workload_list) & set(a.holdout_list))
    if both:
        p.error('--workloads and --holdout share %s: a held-out workload is one the search never sees' % ', '.join(both))
    a.servers = '' if a.holdout_servers == 'none' else a.holdout_servers
    bad = [s for s in a.servers.split() if s not in ('redis', 'memcached', 'nginx')]
    if bad:
        p.error('--holdout-servers: unknown %s (known: redis memcached nginx)' % ', '.join(bad))
    a.level_list = [x for x in a.levels.split(',') if x]
    bad = [x for x in a.level_list if x not in LEVELS]
    if bad or not a.level_list:
        p.error('--levels: unknown %s (known: %s)' % (', '.join(bad) or "''", ', '.join(LEVELS)))
    for name, v, lo, hi in (('--keep', a.keep, 0, 100), ('--growth', a.growth, 0, 1000)):
        if not (lo < v <= hi):
            p.error('%s %g: want a percentage above %g, at most %g' % (name, v, lo, hi))
    if a.evaluations < 0 or a.jobs < 1 or a.layouts < 1:
        p.error('--evaluations, --jobs and --layouts: want a count (--jobs and --layouts at least 1)')
    if not os.path.isfile(a.base):
        p.error('--base %s: no such file' % a.base)
    a.model = None if a.model == 'none' else a.model
    a.judge = ev.Judge(a.model, a.cycles) if a.model else None
    a.runner = ['--jobs', str(a.jobs)]
    if a.sshloginfile:
        a.runner += ['--sshloginfile', a.sshloginfile]
    if a.slurm:
        a.runner += ['--slurm']
    return a


class Search:
    def __init__(self, a):
        self.a = a
        self.work = os.path.abspath(a.work)
        os.makedirs(self.work, exist_ok=True)
        with open(a.base) as f:
            self.base_text = f.read()
        self.job = {'cc': a.cc, 'workloads': '+'.join(sorted(a.workload_list)), 'servers': '',
                    'layouts': a.layouts, 'selftests': a.selftests, 'logs': False,
                    # The attribution needs the profiling boot even when
                    # cycles are not judged (--model none): it runs with n1.
                    'models': a.model or 'n1',
                    # In the ID: a search resumed with other plugin sources
                    # (or compiler) evaluates again (search/instrument.py).
                    'instrument': instrument.identity(a.cc)}
        self.note_other_instruments()
        self.evals = []   # every proposal, in the order made
        self.proposed = 0  # proposals counted against --evaluations
        self.scale = 1.0   # measured .text growth / estimated, from the evaluations so far
        self.short_src = {}  # level -> (source, E0, target, the evaluation that set it)
        self.short_level = None

    def note_other_instruments(self):
        """Says how many of WORK's recorded evaluations were made by another
        instrument: their results stay on disk and are not used."""
        other = {}
        for path in glob.glob(os.path.join(self.work, 'evals', '*', 'job.json')):
            try:
                with open(path) as f:
                    theirs = json.load(f).get('instrument')
            except (OSError, ValueError, AttributeError):
                continue
            if theirs != self.job['instrument']:
                other[theirs] = other.get(theirs, 0) + 1
        for theirs, n in sorted(other.items(), key=lambda x: str(x[0])):
            log('search: %d recorded evaluation%s made by instrument %s, not this one (%s): not used (%s)' % (
                n, '' if n == 1 else 's', theirs or '(none named)', self.job['instrument'],
                instrument.what_differs('the compiler')))

    # --- evaluations -----------------------------------------------------
    def evaluate(self, batch):
        """Runs BATCH ([Evaluation]) as one set of jobs and records them."""
        ev.run(batch, self.a.runner, log)
        refs = [e for e in (getattr(self, 'base', None), getattr(self, 'cand', None)) if e in batch]
        for e in refs + [e for e in batch if e not in refs]:  # the references measured first
            if e not in self.evals:
                self.evals.append(e)
            self.measure(e)
        for e in batch:
            log('search: %-9s %-34s %s' % (e.level, e.label[:34], outputs.one_line(e)))
        self.calibrate()
        outputs.write_trace(self)

    def propose(self, level, label, text, units, job=None):
        """An Evaluation of TEXT (with JOB's settings, default the search's),
        or None once --evaluations are used up; a policy proposed before (at
        any level) is not proposed again."""
        if self.known(text, job) or self.proposed >= self.a.evaluations:
            return None
        e = ev.Evaluation(self.work, level, label, text, job or self.job, [u.key for u in units])
        self.proposed += 1
        e.unit_objs = list(units)
        e.est_growth = sum(max(u.growth, 0) for u in units)
        return e

    def known(self, text, job=None):
        """The evaluation of policy TEXT (and JOB) made before, at any level, or None."""
        key = ev.Evaluation(self.work, '', '', text, job or self.job).id
        return next((e for e in self.evals if e.id == key), None)

    def measure(self, e):
        """Fills E's figures against the references (None where unknown)."""
        e.growth = e.share_insns = e.share_cycles = e.objective = e.gm_insns = e.gm_cycles = None
        e.feasible = False
        e.new_failures = []
        if e.level == 'validate' or not e.ok or not getattr(self, 'base', None) or not self.base.ok:
            return  # the validation's figures are against its own base: outputs.validation
        r, b = e.result, self.base.result
        e.growth = r['vmlinux_text_bytes'] / b['vmlinux_text_bytes'] - 1
        ws = self.a.workload_list
        e.gm_insns = ev.geomean_change(r, b, ws, 'insns', self.a.judge)
        e.gm_cycles = ev.geomean_change(r, b, ws, 'cycles', self.a.judge) if self.a.model else None
        if not getattr(self, 'cand', None) or getattr(self.cand, 'gm_insns', None) is None:
            return
        e.share_insns = ev.share(e.gm_insns, self.cand.gm_insns)
        e.share_cycles = ev.share(e.gm_cycles, self.cand.gm_cycles) if self.a.model else None
        shares = [s for s in (e.share_insns, e.share_cycles) if s is not None]
        e.objective = min(shares) if shares and (e.share_cycles is not None or not self.a.model) else None
        allowed = set(b['selftests']['failed']) | set(self.cand.result['selftests']['failed'])
        e.new_failures = sorted(set(r['selftests']['failed']) - allowed)
        e.feasible = (e.objective is not None and e.growth <= self.a.growth / 100 + 1e-12
                      and not e.new_failures)

    def calibrate(self):
        """Measured growth in bytes over estimated, the median over the
        evaluations with an estimate: what the next sweep's prefixes use."""
        if not getattr(self, 'base', None) or not self.base.ok:
            return
        b = self.base.result['vmlinux_text_bytes']
        ratios = sorted(e.growth * b / e.est_growth for e in self.evals
                        if e.ok and e.growth is not None and getattr(e, 'est_growth', 0) > 0)
        if ratios:
            self.scale = max(ratios[len(ratios) // 2], 0.05)

    def best(self, levels=POLICY_LEVELS, goal=False):
        pool = [e for e in self.evals if e.feasible and e.level in levels]
        if goal:
            pool = [e for e in pool if e.objective >= self.a.keep / 100]
        return self.most_kept(pool) if pool else None

    def most_kept(self, pool):
        """The evaluation of POOL (feasible ones) that keeps the most; ties
        (the same share at the same .text) go to the earliest: the coarser,
        shorter policy."""
        return max(pool, key=lambda e: (e.objective, -e.growth, -self.evals.index(e)))

    # --- the steps -------------------------------------------------------
    def references(self):
        job = dict(self.job, logs=True)
        self.base = ev.Evaluation(self.work, 'reference', 'base', self.base_text, job)
        self.cand = ev.Evaluation(self.work, 'reference', 'candidate',
                                  pr.candidate_policy(self.base_text, self.a.profile), job)
        self.base.est_growth = self.cand.est_growth = 0
        self.evaluate([self.base, self.cand])
        for e in (self.base, self.cand):
            if not e.ok:
                raise ev.SearchError('the %s reference failed (%s): see %s' % (
                    e.label, (e.result or {}).get('step', 'no result'), e.path('evaluate.log')))
        for e in (self.base, self.cand):
            self.measure(e)
        if self.cand.gm_insns is None or self.cand.gm_insns >= 0:
            raise ev.SearchError('the candidate takes no instructions off the workloads (geometric mean %s): '
                                 'nothing to keep' % outputs.pct(self.cand.gm_insns))
        if self.a.model and (self.cand.gm_cycles is None or self.cand.gm_cycles >= 0):
            raise ev.SearchError('the candidate takes no modelled cycles (%s) off the workloads (%s): '
                                 'judge instructions alone with --model none%s' % (
                                     self.a.judge, outputs.pct(self.cand.gm_cycles),
                                     ', or cycles without conflict misses with --cycles fully-associative'
                                     if self.a.cycles == 'set-associative' else ''))
        self.budget_bytes = self.a.growth / 100 * self.base.result['vmlinux_text_bytes']

    def attribute(self):
        b, c = self.base, self.cand
        diff = un.run_cli(self.a.cli, ['diff', b.path('objs'), c.path('objs'), '--format', 'json'])
        args = ['correlate', b.path('objs'), c.path('objs'), '--guest-profiles',
                b.path('profile.jsonl'), c.path('profile.jsonl'), '--coverage', '100', '--format', 'json']
        if self.a.model:
            args += ['--model', self.a.model, '--cycles', self.a.cycles]
        corr = un.run_cli(self.a.cli, args)
        self.units, self.unattributed = un.units_from(diff, corr, self.a.workload_list)
        self.tus = un.tu_units(self.units, diff)
        self.objective_kind = 'both' if self.a.model else 'insns'
        long_names = [u for u in self.units.values() if not pr.writable(u)]
        if long_names:
            log('search: %d units left out: a name longer than a policy line may be (%s)' % (
                len(long_names), long_names[0].key[:60]))
        self.holders, _ = un.units_from(diff, corr, self.a.workload_list, by='holder')
        self.ranked_units = un.ranked([u for u in self.units.values() if pr.writable(u)], self.objective_kind, 16.0)
        self.ranked_tus = un.ranked(self.tus.values(), self.objective_kind, 64.0)
        with open(os.path.join(self.work, 'units.json'), 'w') as f:
            json.dump({'unattributed_share': self.unattributed,
                       'units': [u.to_json() for u in self.ranked_units],
                       'tus': [{'tu': t.tu, 'gain_insns': t.gain['insns'], 'gain_cycles': t.gain['cycles'],
                                'growth': t.growth, 'callers': len(t.members)} for t in self.ranked_tus]},
                      f, indent=1)
        log('search: %d units with a gain in %d TUs (of %d units, %d TUs whose decisions differ); '
            '%.1f%% of the instructions moved is attributed to no unit' % (
                len(self.ranked_units), len(self.ranked_tus), len(self.units), len(self.tus),
                100 * self.unattributed))

    def sweep(self, level, ranked, policy_of, what):
        batch = []
        for label, part in pr.prefixes(ranked, self.budget_bytes, SWEEP, self.scale):
            e = self.propose(level, '%d %s, %s' % (len(part), what, label), policy_of(part), part)
            if e:
                batch.append(e)
        if batch:
            self.evaluate(batch)

    def level_tu(self):
        self.sweep('tu', self.ranked_tus,
                   lambda part: pr.tu_policy(self.base_text, self.a.profile, [t.tu for t in part]), 'TUs')

    def level_function(self):
        """Two sweeps over the same ranking: the callers alone, then the
        callers with the callees of their flipped calls (whose own params
        shaped the bodies the callers inline: early inlining into them,
        ipa-split), and one more point at exactly the budget of whichever
        kept more, the estimate recalibrated by what the sweeps measured."""
        variants = [('callers', False), ('callers with their callees', True)]
        for what, callees in variants:
            self.sweep('function', self.ranked_units,
                       lambda part, c=callees: pr.function_policy(self.base_text, self.a.profile, part, c), what)
        best = self.best(('function',))
        what, callees = variants[1]
        if best and not best.label.split(', ')[0].endswith('callees'):
            what, callees = variants[0]
        part = pr.prefixes(self.ranked_units, self.budget_bytes, (1.0,), self.scale)
        if part:
            e = self.propose('function', '%d %s, the budget recalibrated' % (len(part[0][1]), what),
                             pr.function_policy(self.base_text, self.a.profile, part[0][1], callees), part[0][1])
            if e:
                self.evaluate([e])

    def level_site(self):
        src = self.best(('function',))
        if not src:
            log('search: site: no feasible function-level policy to write as sites')
            return
        e = self.propose('site', 'sites of %s' % src.id, pr.site_policy(self.base_text, src.unit_objs), src.unit_objs)
        if e:
            self.evaluate([e])

    def level_reduce(self):
        """ddmin over the units of the best policy that meets the goal."""
        # The finest level that met the goal: its units are the decisions
        # the reduction is to name (callers, not whole TUs).
        src = self.best(('function', 'site'), goal=True) or self.best(('tu',), goal=True)
        if not src:
            log('search: reduce: no policy meets the goal (%g%% kept at +%g%% .text) to reduce' % (self.a.keep, self.a.growth))
            return
        policy = {'tu': lambda us: pr.tu_policy(self.base_text, self.a.profile, [u.tu for u in us]),
                  'function': lambda us: pr.function_policy(self.base_text, self.a.profile, us,
                                                            pr.names_callees(src.policy_text)),
                  'site': lambda us: pr.site_policy(self.base_text, us)}[src.level]
        self.ddmin('reduce', src, list(src.unit_objs), lambda us: (policy(us), None), lambda: self.a.keep / 100,
                   src.level)

    def ddmin(self, level, src, units, make, target, origin):
        """Delta debugging (ddmin, Zeller and Hildebrandt 2002) of SRC's
        UNITS: the complements of N chunks tried in one batch (MAKE(units):
        the policy text and the job, None for the search's); the one that
        still keeps TARGET() (feasible; asked after each batch, so that it
        may rise with what the batch measured) with the least growth is kept (N one
        less), else N doubles, until single units were tried or the
        evaluations are used up.  UNITS in rank order, best first, so that
        the chunks dropped first are the least worth."""
        current, n = list(units), 2
        while len(current) >= 2:
            chunks = [current[i * len(current) // n:(i + 1) * len(current) // n] for i in range(n)]
            batch = []
            for i, chunk in enumerate(chunks):
                rest = [u for u in current if u not in chunk]
                if not rest:
                    continue
                label = '%d of %d %s units of %s (ddmin n=%d, chunk %d out)' % (
                    len(rest), len(current), origin, src.id, n, i + 1)
                text, job = make(rest)
                e = self.known(text, job) or self.propose(level, label, text, rest, job)
                if e:
                    e.origin = getattr(e, 'origin', origin)
                    batch.append(e)
            if not batch:
                break
            self.evaluate(batch)
            goal = target()
            kept = [e for e in batch if e.feasible and e.objective >= goal - 1e-12]
            if kept:
                e = min(kept, key=lambda x: (x.growth, -x.objective, x.id))
                current, n = list(e.unit_objs), max(n - 1, 2)
            elif n < len(current):
                n = min(2 * n, len(current))
            else:
                break

    def decision_units(self, src):
        """SRC's decisions as units of callers, best first: a TU-level
        policy's are every caller of its TUs with a flipped site (the TU's
        params decided them all); a function-level one's are its callers,
        and with callees their callees' flips in the same TU too."""
        objs = list(src.unit_objs)
        if any(isinstance(u, un.TuUnit) for u in objs):
            tus = {u.tu for u in objs}
            objs = [u for u in self.units.values() if u.tu in tus]
        elif pr.names_callees(src.policy_text):
            names = {(u.tu, c) for u in objs for c in u.callees}
            objs += [u for u in self.units.values() if (u.tu, u.caller) in names and u not in objs]
        objs = [u for u in objs if u.sites]
        return sorted(objs, key=lambda u: (-un.gain_of(u, self.objective_kind), -len(u.sites), u.key))

    def level_decisions(self):
        """The short list: the best policy that meets the goal (any level)
        written as the candidate's decisions themselves, every flipped call
        site of its callers, without the candidate's params; then ddmin over
        its callers, ranked by attributed gain, to the fewest that keep the
        goal.  When no part of the sites meets the goal (params also decide
        what no site names: ipa-split, the bodies of callees), the target
        is --keep percent of the most a part of them kept
        (decisions_target)."""
        src = self.best(goal=True) or self.best()
        if not src:
            log('search: decisions: no feasible policy to name the decisions of')
            return
        units = self.decision_units(src)
        if not units:
            log('search: decisions: %s has no flipped call sites' % src.id)
            return
        text = pr.site_policy(self.base_text, units)
        nsites = sum(len(u.sites) for u in units)
        e0 = self.known(text) or self.propose(
            'decisions', "the %d sites of %s's %d callers" % (nsites, src.id, len(units)), text, units)
        if not e0:
            log('search: decisions: --evaluations %d used up before the sites of %s' % (self.a.evaluations, src.id))
            return
        if e0 not in self.evals:
            self.evaluate([e0])
        if not e0.feasible:
            log('search: decisions: the sites of %s are not feasible: nothing to reduce' % src.id)
            self.short_src['decisions'] = (src, e0, None, None)
            return
        self.set_target('decisions', src, e0, 'the sites of %s' % src.id)
        self.ddmin('decisions', e0, units, lambda us: (pr.site_policy(self.base_text, us), None),
                   lambda: self.retarget('decisions'), 'caller')

    def set_target(self, level, src, e0, what):
        """LEVEL's short-list source (SRC, E0: the whole of its decisions)
        and first target; says when the target is short of the goal."""
        self.short_src[level] = (src, e0) + self.level_target(level, e0)
        target = self.short_src[level][2]
        if target < self.a.keep / 100:
            log('search: %s: %s keep %s, short of the goal: the target is %g%% of the most '
                'a part of them keeps, %s' % (level, what, outputs.share_text(e0.objective), self.a.keep,
                                              outputs.share_text(target)))

    def level_target(self, level, e0):
        """(target, the evaluation that sets it): --keep percent of the
        candidate's reduction when some of the candidate's decisions at
        LEVEL keep that; else --keep percent of the most any of them kept
        (E0, the whole of the source's decisions, or a part of them): sites
        name less than the params decide and a part can keep more than the
        whole (the callers whose sites cost cycles left out), so the short
        list is the knee of what the level can do, not a share of whatever
        E0 happened to keep."""
        best = self.most_kept(self.level_pool(level, e0))
        goal = self.a.keep / 100
        return (goal if best.objective >= goal - 1e-12 else goal * best.objective), best

    def level_pool(self, level, e0):
        """LEVEL's feasible evaluations: E0 (the whole of the source's
        decisions, which may have been proposed at another level) and its
        parts."""
        return [e for e in self.evals if (e is e0 or e.level == level) and e.feasible]

    def retarget(self, level):
        """LEVEL's target as its ddmin goes: it rises when a part keeps
        more than any before."""
        src, e0, target, best = self.short_src[level]
        new, nbest = self.level_target(level, e0)
        if new > target + 1e-12:
            log('search: %s: %s keeps %s: the target is now %s' % (
                level, nbest.id, outputs.share_text(nbest.objective), outputs.share_text(new)))
        self.short_src[level] = (src, e0, new, nbest)
        return new

    def short_list_of(self, level):
        """The fewest units (callers, or replayed functions) of LEVEL that
        keep its target (ties: the least growth, then the most kept), or None."""
        src = self.short_src.get(level)
        if not src or src[2] is None:
            return None
        _, e0, target, _ = src
        pool = [e for e in self.level_pool(level, e0) if e.objective >= target - 1e-12]
        if not pool:
            return None
        return min(pool, key=lambda e: (len(e.unit_objs), e.growth, -e.objective, self.evals.index(e)))

    def short_list(self):
        """The search's short list: of the levels' (decisions, replay), one
        that meets the goal before one that does not, then the replay
        level's (replayed decisions carry what the params decide beyond
        the sites: docs/search.md), or None."""
        found = [(lv, self.short_list_of(lv)) for lv in SHORT_LIST_LEVELS]
        found = [(lv, e) for lv, e in found if e]
        if not found:
            return None
        goal = self.a.keep / 100
        lv, e = max(found, key=lambda x: (x[1].objective >= goal - 1e-12, SHORT_LIST_LEVELS.index(x[0])))
        self.short_level = lv
        return e

    def replay_job(self, tus, units=None):
        """The search's job with the candidate's recorded decisions replayed
        in TUS, in the functions of UNITS (holder units: each the function
        whose code holds its flips and those its flipped calls are written
        in, whose early inlining made the copies it holds), or in every
        function.  The candidate's objects by a path relative to the job
        (evaluate.sh resolves it there), so a search directory moved or
        mounted elsewhere keeps its evaluations' IDs."""
        job = dict(self.job, replay=os.path.join('..', self.cand.id, 'objs'),
                   replay_tus=','.join(pr.glob_literal(t) for t in sorted(tus)))
        if units is not None:
            job['replay_functions'] = ','.join(sorted({pr.glob_literal(n) for u in units for n in u.replayed}))
        check_replay_options(job)
        return job

    def source_tus(self, src):
        return sorted({u.tu for u in src.unit_objs})

    def level_replay(self):
        """The short list as replayed decisions: the candidate's own
        decision log replayed (docs/replay.md) at the base's params in the
        TUs of the best policy that meets the goal (any policy level); then
        the functions of those TUs whose code holds a flip with an
        attributed gain; then ddmin over the functions, ranked by
        attributed gain, to the fewest that keep the goal (or, out of
        reach, --keep percent of the most a part kept, as the decisions
        level).  Replay reproduces what the candidate's params decided and
        no site names (the early-inlined bodies, ipa-split's cuts): the
        decisions level's forced sites cannot (docs/search.md)."""
        src = self.best(goal=True) or self.best()
        if not src:
            log('search: replay: no feasible policy to replay the decisions of')
            return
        tus = self.source_tus(src)
        holders = [u for u in self.holders.values() if u.tu in tus and pr.replayable(u)]
        skipped = [u for u in self.holders.values() if u.tu in tus and not pr.replayable(u)]
        if skipped:
            log('search: replay: %d functions left out: a name replay-functions= cannot take (%s)' % (
                len(skipped), skipped[0].key[:60]))
        if not holders:
            log('search: replay: the TUs of %s hold no flipped decisions' % src.id)
            return
        holders.sort(key=lambda u: (-un.gain_of(u, self.objective_kind), -len(u.sites), u.key))
        batch = []
        job = self.replay_job(tus)
        e0 = self.known(self.base_text, job) or self.propose(
            'replay', "the candidate's decisions in the %d TUs of %s" % (len(tus), src.id), self.base_text, holders, job)
        if not e0:
            log('search: replay: --evaluations %d used up before the decisions of %s' % (self.a.evaluations, src.id))
            return
        batch.append(e0)
        gain = un.ranked(holders, self.objective_kind, 16.0)
        if gain and len(gain) < len(holders):
            job = self.replay_job(tus, gain)
            e1 = self.known(self.base_text, job) or self.propose(
                'replay', "the candidate's decisions in %d of %d functions, those with a gain" % (len(gain), len(holders)),
                self.base_text, gain, job)
            if e1:
                batch.append(e1)
        todo = [e for e in batch if e not in self.evals]
        if todo:
            self.evaluate(todo)
        feasible = [e for e in batch if e.feasible]
        if not feasible:
            log("search: replay: the candidate's decisions in the TUs of %s are not feasible: nothing to reduce" % src.id)
            self.short_src['replay'] = (src, e0, None, None)
            return
        # The whole: every function of the TUs, or, over the budget, those with a gain.
        whole = feasible[0]
        self.set_target('replay', src, whole, "the candidate's decisions in the TUs of %s" % src.id)
        start = feasible[-1] if feasible[-1].objective >= self.short_src['replay'][2] - 1e-12 else whole
        self.ddmin('replay', start, list(start.unit_objs),
                   lambda us: (self.base_text, self.replay_job(sorted({u.tu for u in us}), us)),
                   lambda: self.retarget('replay'), 'function')

    def validate(self, found, short):
        """Base, candidate, FOUND and SHORT (the short list, when there is
        one and it is another policy) on the search's workloads, the
        held-out ones and the servers, in one run of jobs."""
        ws = sorted(set(self.a.workload_list) | set(self.a.holdout_list))
        self.validate_workloads = ws
        job = dict(self.job, workloads='+'.join(ws), servers=self.a.servers)
        runs = [('base', self.base_text, {}), ('candidate', self.cand.policy_text, {}),
                ('found', found.policy_text, ev.replay_keys(found.job))]
        if short and (short.policy_text, ev.replay_keys(short.job)) != (found.policy_text, ev.replay_keys(found.job)):
            runs.append(('short list', short.policy_text, ev.replay_keys(short.job)))
        vs = [ev.Evaluation(self.work, 'validate', label, text, dict(job, **keys)) for label, text, keys in runs]
        for v in vs:
            v.est_growth = 0
        self.evaluate(vs)
        self.validation = outputs.validation(self, vs)

    def run(self):
        self.references()
        self.attribute()
        for level in self.a.level_list:
            getattr(self, 'level_' + level)()
        found = self.best(LEVELS)
        self.found = found
        self.short = self.short_list()
        self.validation = None
        if found and not self.a.no_validate:
            self.validate(found, self.short)
        outputs.write_all(self)
        return found


def main(argv):
    a = parse_args(argv)
    try:
        s = Search(a)
    except RuntimeError as e:
        print('search: error: %s' % e, file=sys.stderr)
        return 1
    try:
        s.run()
    except (ev.SearchError, RuntimeError) as e:
        outputs.write_trace(s)
        print('search: error: %s' % e, file=sys.stderr)
        return 1
    print(outputs.summary(s))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
