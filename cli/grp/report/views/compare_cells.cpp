#include "grp/report/views/compare_cells.hpp"

#include "grp/core/units.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace grp {

const char* verdict_colour(verdict v) {
    switch (v) {
    case verdict::wrong:
    case verdict::implausible:
    case verdict::slower:
    case verdict::missing:
    case verdict::unmeasured:
        return "31"; // red: what fails (by default)
    case verdict::biased:
        return "35"; // magenta: the experiment, not the kernel (its own exit code)
    case verdict::inconclusive:
    case verdict::still_wrong:
        return "33"; // yellow: look, but not a new failure
    case verdict::faster:
    case verdict::fixed:
        return "32"; // green
    default:
        return nullptr;
    }
}

std::string signed_percent(double fraction) {
    auto text = [&](int digits) {
        std::ostringstream os;
        os.setf(std::ios::fixed | std::ios::showpos);
        os.precision(digits);
        os << fraction * 100 << '%';
        return os.str();
    };
    // Decide on the rounded value, so that 9.999 % prints as "+10.0%", not "+10.00%".
    return std::fabs(std::round(fraction * 10000) / 100) < 10 ? text(2) : text(1);
}

std::string shown_value(const std::optional<case_side>& s, const compare_options& opt) {
    if (!s) {
        return "-";
    }
    if (s->status != case_status::ok && s->status != case_status::race_observed) {
        return to_string(s->status);
    }
    switch (opt.normalize) {
    case normalization::peak:
        if (s->pct_of_peak) {
            return format_fixed(*s->pct_of_peak, 1) + "% peak";
        }
        break;
    case normalization::kernel:
        if (s->center) {
            return format_fixed(*s->center, 3) + "x ref";
        }
        break;
    case normalization::floor:
        if (s->center) {
            return format_fixed(*s->center, 2) + "x floor";
        }
        break;
    case normalization::none:
        if (s->center) {
            return format_ns(*s->center); // the center the change is computed from
        }
        break;
    }
    return s->median_ns ? format_ns(*s->median_ns) : "-";
}

std::string interval_cell(const case_comparison& cc) {
    if (!cc.ci_low || !cc.ci_high) {
        return "-";
    }
    return "[" + signed_percent(*cc.ci_low - 1) + ", " + signed_percent(*cc.ci_high - 1) + "]";
}

std::string row_label(const comparison& c, const case_comparison& cc) {
    auto same_key = std::count_if(c.cases.begin(), c.cases.end(),
                                  [&](const auto& o) { return o.key == cc.key; });
    std::string label = cc.key.to_string();
    if (same_key > 1) {
        label += " @ " + (cc.base ? cc.base->device : cc.cand->device);
    }
    return label;
}

std::string verdict_cell(const case_comparison& cc) {
    std::string v = to_string(cc.outcome) + (cc.fails ? " (fails)" : "");
    if (cc.cross_device) {
        v += " ~device";
    } else if (cc.cross_machine) {
        v += " ~machine";
    }
    return v;
}

namespace {

bool has_text(const std::string& s, const char* part) {
    return s.find(part) != std::string::npos;
}

/// The label of a note's first fact, by what the comparison recorded; "" when none fits.
std::string known_label(const case_comparison& cc, const compare_options& opt) {
    const auto& note = cc.note;
    if (cc.outcome == verdict::biased) {
        return "A/A control not same: not judged";
    }
    if (has_text(note, "A/A control") && has_text(note, "could not be judged")) {
        return "A/A control undecided: not judged";
    }
    if (cc.outcome == verdict::unmeasured) {
        return "no usable timing";
    }
    if (note.rfind("slower alone", 0) == 0 || note.rfind("faster alone", 0) == 0) {
        return note.substr(0, 6) + " alone, not after Holm's correction";
    }
    if (has_text(note, "too few undisturbed rounds") || has_text(note, "too few steady rounds")) {
        return "too few undisturbed rounds";
    }
    if (has_text(note, "too few rounds") || note.rfind("only ", 0) == 0) {
        return "too few rounds";
    }
    if (cc.outcome == verdict::inconclusive && cc.ci_low) {
        return "interval wider than \xC2\xB1" + format_fixed(opt.threshold * 100, 1) + "%";
    }
    if (cc.untrusted_timer) {
        return "timer not trusted: timing not gated";
    }
    if (cc.conditions_differ && !opt.any_conditions) {
        return "conditions differ: timing not gated";
    }
    if (has_text(note, "round(s) set aside")) {
        return "rounds set aside (another process)";
    }
    if (cc.source_changed) {
        return "kernel source changed";
    }
    return "";
}

// " and 3 base runs", " and 3 + 3 runs": what the intervals were computed over.
std::string runs_phrase(std::size_t base_runs, std::size_t cand_runs) {
    if (cand_runs > 1) {
        return " and " + std::to_string(base_runs) + " + " + std::to_string(cand_runs) + " runs";
    }
    return base_runs > 1 ? " and " + std::to_string(base_runs) + " base runs" : "";
}

/// ", run-to-run variance moderated over 8 cases (prior df 4.1 of 11.0: 2.0 effectively
/// independent)"; why --moderate auto did not, against a one-invocation baseline of several
/// runs; else "".
std::string moderation_phrase(const comparison& c) {
    const auto& p = c.moderation;
    if (!(p.fitted_df > 0)) {
        const bool skipped = c.options.moderate == moderation_mode::automatic &&
                             c.base_invocations < 2 && (c.base_runs > 1 || c.cand_runs > 1);
        return skipped ? ", not moderated (a one-invocation baseline; --moderate on borrows anyway)"
                       : "";
    }
    const std::string fitted = std::isfinite(p.fitted_df) ? format_fixed(p.fitted_df, 1) : "inf";
    return ", run-to-run variance moderated over " + std::to_string(p.cases) + " cases (prior df " +
           format_fixed(p.df, 1) + " of " + fitted + ": " + format_fixed(p.effective_cases, 1) +
           " effectively independent)";
}

/// "; times: each side's center over the rounds kept (12 of 20 base and 0 of 20 candidate
/// rounds set aside: ...)" when compare set rounds aside, so the table says which rounds its
/// times summarise (run's median is over every round); else "".
std::string set_aside_phrase(const comparison& c) {
    std::size_t base_aside = 0, base_all = 0, cand_aside = 0, cand_all = 0;
    for (const auto& cc : c.cases) {
        if (cc.base) {
            base_aside += cc.base->disturbed;
            base_all += cc.base->disturbed + cc.base->rounds;
        }
        if (cc.cand) {
            cand_aside += cc.cand->disturbed;
            cand_all += cc.cand->disturbed + cc.cand->rounds;
        }
    }
    if (base_aside + cand_aside == 0) {
        return "";
    }
    return "; times: each side's center over the rounds kept (" + std::to_string(base_aside) +
           " of " + std::to_string(base_all) + " base and " + std::to_string(cand_aside) + " of " +
           std::to_string(cand_all) +
           " candidate rounds set aside: another process took the CPU, or the clocks were "
           "unsteady; run's median counts every round)";
}

} // namespace

std::string note_label(const case_comparison& cc, const compare_options& opt) {
    if (cc.note.size() <= max_note_label) {
        return cc.note;
    }
    if (auto label = known_label(cc, opt); !label.empty()) {
        return label;
    }
    // Else the first clause, cut at a word: "candidate: wrong: expected 4, got 3 ..." reads
    // "candidate: wrong: expected 4, got 3...".
    auto first = cc.note.substr(0, cc.note.find("; "));
    if (first.size() > max_note_label - 3) {
        first.resize(max_note_label - 3);
        if (const auto space = first.find_last_of(' '); space != std::string::npos && space > 20) {
            first.resize(space);
        }
        // Never half a UTF-8 character: drop continuation bytes, then their lead byte.
        while (!first.empty() && (static_cast<unsigned char>(first.back()) & 0xC0) == 0x80) {
            first.pop_back();
        }
        if (!first.empty() && static_cast<unsigned char>(first.back()) >= 0xC0) {
            first.pop_back();
        }
    }
    return first + "...";
}

const comparison& headline_comparison(const std::vector<comparison>& all) {
    const auto it =
        std::find_if(all.begin(), all.end(), [](const comparison& c) { return !c.control; });
    return it == all.end() ? all.front() : *it;
}

std::string options_line(const comparison& c) {
    const auto& o = c.options;
    std::ostringstream conf;
    conf << (1 - o.alpha) * 100;
    const bool instances = std::any_of(c.cases.begin(), c.cases.end(),
                                       [](const case_comparison& k) { return k.on_instances; });
    const std::string unit =
        instances
            ? "% intervals of the change over " + std::to_string(c.base_runs) +
                  " process(es), on the four instances (candidate and twin against base and "
                  "control, process by process, the A/A controls' spread included; each control "
                  "on the same four)"
        : c.paired
            ? "% intervals of the ratio within each round over " + std::to_string(c.base_runs) +
                  " process(es) (Hodges-Lehmann, signed rank; the process means where "
                  "the processes disagree)"
            : "% intervals over rounds" + runs_phrase(c.base_runs, c.cand_runs) +
                  moderation_phrase(c);
    std::string s = "threshold " + format_fixed(o.threshold * 100, 1) + "%, " + conf.str() + unit +
                    (o.correction == multiple_correction::holm ? ", Holm over the cases" : "") +
                    ", fail on " + to_string(o.fail_on) + set_aside_phrase(c);
    if (o.normalize == normalization::peak) {
        s += ", normalized to each profile's peak bandwidth";
    } else if (o.normalize == normalization::floor) {
        s += ", normalized to each device's launch floor (empty-kernel span)";
    } else if (o.normalize == normalization::kernel) {
        s += ", normalized to " + o.reference + " in the same round" +
             (c.reference_cases > 0
                  ? " (its own " + std::to_string(c.reference_cases) + " case(s) not compared)"
                  : "");
    }
    return s;
}

} // namespace grp
