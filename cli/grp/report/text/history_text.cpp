#include "grp/report/text/history_text.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/report/text/compare_lines.hpp"

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace grp {

namespace {

std::string signed_pct(double v) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(std::abs(v) < 0.1 ? 2 : 1);
    o << (v >= 0 ? "+" : "") << v * 100 << " %";
    return o.str();
}

std::string place_words(const timeline_place& p) {
    if (!p.commit.empty()) {
        return short_commit(p.commit) + " (" + p.source + ")";
    }
    return p.source + " (" + (p.started_at.empty() ? "no start time" : p.started_at) + ")";
}

} // namespace

std::string short_commit(const std::string& commit) {
    return commit.substr(0, 12);
}

std::string change_words(const history_finding& f) {
    if (f.kind == finding_kind::broke || f.kind == finding_kind::fixed) {
        return "";
    }
    return signed_pct(f.change) + " [" + signed_pct(f.low) + ", " + signed_pct(f.high) + "]";
}

std::string finding_headline(const history_result& r, const history_finding& f) {
    const auto& s = r.time.series[f.series];
    std::string line = f.fails ? "FAIL " : !f.waived.empty() ? "WAIVED " : "     ";
    line += to_string(f.kind);
    const auto change = change_words(f);
    if (!change.empty()) {
        line += " " + change;
    }
    return line + "  " + case_words(s.key) + " on " + s.device.model;
}

std::string finding_range(const history_result& r, const history_finding& f) {
    const auto& good = r.time.places[f.last_good];
    const auto& bad = r.time.places[f.first_bad];
    std::string line = (f.kind == finding_kind::drift ? "from " : "last good ") +
                       place_words(good) +
                       (f.kind == finding_kind::drift ? " to " : ", first bad ") + place_words(bad);
    if (f.kind != finding_kind::drift && !good.commit.empty() && !bad.commit.empty() &&
        good.commit != bad.commit) {
        line += ": git bisect start " + short_commit(bad.commit) + " " + short_commit(good.commit);
    }
    return line;
}

std::string bisect_command(const history_result& r, const history_finding& f) {
    const auto& good = r.time.places[f.last_good];
    const auto& bad = r.time.places[f.first_bad];
    if (f.kind == finding_kind::drift || good.commit.empty() || bad.commit.empty() ||
        good.commit == bad.commit) {
        return "";
    }
    const auto& key = r.time.series[f.series].key;
    return "gpu-reduce-prof bisect --good " + short_commit(good.commit) + " --bad " +
           short_commit(bad.commit) + " -k SPEC -n " + std::to_string(key.n) + " -l " +
           std::to_string(key.local_size) + " -t " + as_shell_word(key.type) + " --case " +
           as_shell_word(key.to_string());
}

std::string waiver_hint(const history_result& r, const history_finding& f) {
    const auto& s = r.time.series[f.series];
    const auto& bad = r.time.places[f.first_bad];
    const bool timing = f.kind == finding_kind::step || f.kind == finding_kind::drift;
    if (!f.fails || !timing || bad.commit.empty() || s.points.empty() ||
        s.points.back().place == f.first_bad) {
        return "";
    }
    nlohmann::ordered_json w;
    w["case"] = s.key.to_string();
    w["device"] = "*" + s.device.model + "*";
    w["commit"] = short_commit(bad.commit);
    w["reason"] = "WHY";
    w["expires"] = "YYYY-MM-DD";
    return w.dump();
}

std::string history_verdict(const history_result& r) {
    if (r.fails()) {
        return "FAIL";
    }
    return r.judged == 0 ? "UNDECIDED" : "PASS";
}

std::string census_line(const history_result& r, const history_options& opt) {
    std::ostringstream o;
    o << "judged " << r.judged << " of " << r.time.series.size() << " series";
    if (r.too_short > 0) {
        o << "; " << r.too_short << " too short (fewer than " << opt.min_points << " points)";
    }
    if (r.no_points > 0) {
        o << "; " << r.no_points << " without a usable point (every result an event)";
    }
    if (r.too_noisy > 0) {
        o << "; " << r.too_noisy << " too noisy to see ±" << opt.threshold * 100 << " %";
    }
    return o.str();
}

std::vector<std::string> event_lines(const history_result& r) {
    std::map<std::string, std::pair<std::size_t, std::string>> kinds;
    for (const auto& s : r.time.series) {
        for (const auto& e : s.events) {
            auto& [count, first] = kinds[e.what];
            if (count++ == 0) {
                first = case_words(s.key) + " at " + r.time.places[e.place].source +
                        (e.detail.empty() ? "" : ": " + e.detail);
            }
        }
    }
    std::vector<std::string> lines;
    lines.reserve(kinds.size());
    for (const auto& [what, k] : kinds) {
        lines.push_back(what + " × " + std::to_string(k.first) + ", first " + k.second);
    }
    return lines;
}

std::string input_line(const history_result& r, std::size_t skipped) {
    std::ostringstream o;
    o << r.time.places.size() << " profiles, " << r.time.series.size() << " series, ordered "
      << r.time.ordering;
    if (skipped > 0) {
        o << "; " << skipped << " file" << (skipped == 1 ? "" : "s") << " skipped";
    }
    return o.str();
}

} // namespace grp
