#include "grp/report/text/fleet_text.hpp"

#include "grp/model/fleet/fleet_best.hpp"

#include <cstdio>

namespace grp {

namespace {

std::string fixed1(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string model_line(const model_levels& m, const fleet_levels& f) {
    const auto n = m.cards.size();
    if (n < 2) {
        return m.model + ": 1 card, no fleet to compare it with";
    }
    return m.model + ": " + std::to_string(n) + " cards, spread " + fixed1(m.spread() * 100) +
           " % over " + std::to_string(f.anchors.size()) + " anchor" +
           (f.anchors.size() == 1 ? "" : "s") + " (levels at " + fixed1(f.confidence * 100) + " %" +
           (m.df > 0 ? "" : "; too few rounds for an interval") + ")";
}

} // namespace

std::string level_text(double level) {
    const std::string pct = fixed1((level - 1) * 100);
    if (pct == "0.0" || pct == "-0.0") { // the median card itself, or within 0.05 % of it
        return "0.0 %";
    }
    return (level >= 1 ? "+" : "") + pct + " %";
}

std::vector<std::string> fleet_lines(const profile& p) {
    std::vector<std::string> out;
    const auto f = fleet_levels_of(p);
    if (!f) {
        return out;
    }
    const auto bests = fleet_bests(p, *f);
    for (const auto& m : f->models) {
        out.push_back(model_line(m, *f));
        bool any = false;
        for (const auto& c : m.cards) {
            if (c.outlier) {
                out.push_back("  " + card_sentence(p, c));
                any = true;
            }
        }
        if (!any && m.cards.size() > 1) {
            out.push_back("  no card outside +-" + fixed1(f->threshold * 100) + " %");
        }
        for (const auto& b : bests) {
            if (b.model == m.model) {
                out.push_back("  best " + fleet_best_sentence(b));
            }
        }
    }
    return out;
}

} // namespace grp
