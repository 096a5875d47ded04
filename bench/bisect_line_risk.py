"""How often bisect's good-side line (model/bisect/step.cpp: good_cuts, max(5 %, D/2) once the bad
end read a case slower by D) lets a commit *after* the step read good: a model of the duets, not
a measurement, for step sizes the measured trials do not cover (bench/results/pocl-bisect-cut.txt:
+25 % on PoCL, none wrong). The worry is a winner's curse: a small step whose bad end reads
slower only because its estimate came out high, so that half of it is above the step itself.

Two designs of the bad end's duet:
  sequential  the tool's: 3 to 30 processes, a look after each from the third, stopping slower at
              the first look whose O'Brien-Fleming bound (z / sqrt(n / 30), z for bisect's alpha
              of 0.05 over 6 duets) the estimate clears; per-process sd 13.5 % (a 30-process PoCL
              duet's +-6.5 % at that level);
  one look    the worst case: one estimate of standard error sb, slower when it clears 1.96 sb.
A commit after the step is read good when its estimate (sd 2.5 %, a 30-process duet) plus its
half-width 6.5 % is below the line. The +5 % column is the rule before #67's change.
Usage: python3 bench/bisect_line_risk.py [TRIALS]"""
import math
import random
import sys

trials = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
rng = random.Random(67)
Z = 2.6383  # two-sided z for alpha 0.05 / 6
SD, MOST = 0.135, 30


def after_step_good(step, d):
    e = rng.gauss(step, 0.025)
    return e + 0.065 < max(0.05, d / 2), e + 0.065 < 0.05


def sequential(step):
    total = 0.0
    for n in range(1, MOST + 1):
        total += rng.gauss(step, SD)
        d = total / n
        if n >= 3 and d - Z / math.sqrt(n / MOST) * SD / math.sqrt(n) > 0 and d > 0.05:
            return d
    return None


def one_look(step, sb):
    d = rng.gauss(step, sb)
    return d if d - 1.96 * sb > 0 and d > 0.05 else None


def risk(draw, step):
    slower = line = five = 0
    for _ in range(trials):
        d = draw()
        if d is None:
            continue  # the bad end did not read slower: the search names nothing
        slower += 1
        a, b = after_step_good(step, d)
        line, five = line + a, five + b
    n = max(slower, 1)
    return "%5.1f %%   %6.2f %%   %6.2f %%" % (100 * slower / trials, 100 * line / n, 100 * five / n)


print("%-5s %-16s %-8s  %-9s  %s" % ("step", "bad end", "slower", "line", "+5 %"))
for step in (0.06, 0.08, 0.10, 0.15, 0.25):
    print("+%-4.0f %-16s %s" % (100 * step, "sequential", risk(lambda: sequential(step), step)))
    for sb in (0.03, 0.06, 0.10):
        print("+%-4.0f %-16s %s" % (100 * step, "one look, sb %2.0f%%" % (100 * sb),
                                    risk(lambda: one_look(step, sb), step)))
