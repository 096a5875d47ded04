#include "grp/model/fleet/card_levels.hpp"

#include "grp/model/fleet/fleet_best.hpp"
#include "grp/model/stats/block_design.hpp"
#include "grp/model/stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

std::vector<std::string> anchors_of(const profile& p) {
    std::vector<std::string> out;
    for (const auto& r : p.runs) {
        if (!r.shard) {
            continue;
        }
        for (const auto& a : r.shard->anchors) {
            if (std::find(out.begin(), out.end(), a) == out.end()) {
                out.push_back(a);
            }
        }
    }
    return out;
}

// log(round median) of every ok anchor case: [device][anchor] -> rounds.
using anchor_rounds = std::map<int, std::vector<std::vector<double>>>;

anchor_rounds rounds_by_device(const profile& p, const std::vector<std::string>& anchors) {
    anchor_rounds out;
    for (const auto& c : p.cases) {
        const auto a = std::find(anchors.begin(), anchors.end(), c.key.to_string());
        if (a == anchors.end() || c.status != case_status::ok || !c.scenario.empty()) {
            continue;
        }
        auto& row = out[c.device];
        row.resize(anchors.size());
        for (const auto& r : c.rounds) {
            if (const auto m = r.median_ns(); m && *m > 0) {
                row[static_cast<std::size_t>(a - anchors.begin())].push_back(std::log(*m));
            }
        }
    }
    return out;
}

// The fleet's typical card: the median of the effects of the cards with data (of the two middle
// ones, their mean), so that one slow card among many reads as slow and the others as 1, where
// a mean would pull every other card away from 1 by a share of the slow one.
double median_effect(const block_design_fit& fit, const std::vector<std::size_t>& blocks) {
    std::vector<double> e;
    for (std::size_t i = 0; i < fit.effect.size(); ++i) {
        if (blocks[i] > 0) {
            e.push_back(fit.effect[i]);
        }
    }
    if (e.empty()) {
        return 0;
    }
    std::sort(e.begin(), e.end());
    const std::size_t mid = e.size() / 2;
    return e.size() % 2 == 1 ? e[mid] : (e[mid - 1] + e[mid]) / 2;
}

// A card's level against the typical card, with an interval that counts the reference's own
// uncertainty as one card's of typical blocks: var = v / blocks + v / typical blocks.
void place_card(card_level& c, const block_design_fit& fit, std::size_t i, double reference,
                double t, double typical_blocks) {
    const double diff = fit.effect[i] - reference;
    c.level = std::exp(diff);
    if (fit.df <= 0 || c.anchors == 0) {
        c.low = c.high = c.level;
        return;
    }
    const double se = std::sqrt(fit.cell_variance / static_cast<double>(c.anchors) +
                                fit.cell_variance / typical_blocks);
    c.low = std::exp(diff - t * se);
    c.high = std::exp(diff + t * se);
}

model_levels fit_model(const std::string& model, const std::vector<int>& devices,
                       const anchor_rounds& rounds, double threshold, double confidence) {
    std::vector<std::vector<std::vector<double>>> cells;
    cells.reserve(devices.size());
    for (int d : devices) {
        cells.push_back(rounds.at(d));
    }
    const auto fit = fit_block_design(cells);
    model_levels m{model, {}, fit.df, fit.error_term};
    const double t = fit.df > 0 ? student_t_quantile(0.5 + confidence / 2, fit.df) : 0;
    std::vector<card_level> cards(devices.size());
    std::vector<std::size_t> blocks(devices.size());
    double block_sum = 0, with_data = 0;
    for (std::size_t i = 0; i < devices.size(); ++i) {
        cards[i].device = devices[i];
        for (const auto& cell : cells[i]) {
            cards[i].anchors += cell.empty() ? 0 : 1;
            cards[i].rounds += cell.size();
        }
        blocks[i] = cards[i].anchors;
        block_sum += static_cast<double>(blocks[i]);
        with_data += blocks[i] > 0 ? 1 : 0;
    }
    const double reference = median_effect(fit, blocks);
    for (std::size_t i = 0; i < devices.size(); ++i) {
        auto& c = cards[i];
        place_card(c, fit, i, reference, t, with_data > 0 ? block_sum / with_data : 1);
        c.outlier = fit.df > 0 && (c.low > 1 + threshold || c.high < 1 - threshold);
        m.cards.push_back(c);
    }
    return m;
}

// A relative difference in percent, one decimal: 0.062 -> "6.2", -0.011 -> "-1.1".
std::string pct_one_decimal(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", x * 100);
    return buf;
}

ojson card_json(const profile& p, const card_level& c) {
    const auto& info = p.devices.at(static_cast<std::size_t>(c.device)).info;
    return ojson{{"device", c.device},
                 {"name", info.name},
                 {"uuid", info.uuid ? ojson(*info.uuid) : ojson(nullptr)},
                 {"pci_bus", info.pci_bus ? ojson(*info.pci_bus) : ojson(nullptr)},
                 {"level", json_number(c.level)},
                 {"low", json_number(c.low)},
                 {"high", json_number(c.high)},
                 {"anchors", c.anchors},
                 {"rounds", c.rounds},
                 {"outlier", c.outlier}};
}

ojson models_json(const profile& p, const fleet_levels& f) {
    ojson models = ojson::array();
    for (const auto& m : f.models) {
        ojson cards = ojson::array();
        for (const auto& c : m.cards) {
            cards.push_back(card_json(p, c));
        }
        models.push_back({{"model", m.model},
                          {"df", json_number(m.df)},
                          {"error_term", m.error_term},
                          {"spread", json_number(m.spread())},
                          {"cards", cards}});
    }
    return models;
}

} // namespace

double model_levels::spread() const {
    if (cards.empty()) {
        return 0;
    }
    const auto [lo, hi] = std::minmax_element(
        cards.begin(), cards.end(),
        [](const card_level& a, const card_level& b) { return a.level < b.level; });
    return hi->level / lo->level - 1;
}

double fleet_levels::level_of(int d) const {
    for (const auto& m : models) {
        for (const auto& c : m.cards) {
            if (c.device == d) {
                return c.level;
            }
        }
    }
    return 1;
}

std::optional<fleet_levels> fleet_levels_of(const profile& p, double threshold, double confidence) {
    fleet_levels f;
    f.threshold = threshold;
    f.confidence = confidence;
    f.anchors = anchors_of(p);
    const auto rounds = rounds_by_device(p, f.anchors);
    if (rounds.empty()) {
        return std::nullopt;
    }
    std::map<std::string, std::vector<int>> by_model; // cards of one name
    for (const auto& [d, row] : rounds) {
        by_model[p.devices.at(static_cast<std::size_t>(d)).info.name].push_back(d);
    }
    for (const auto& [model, devices] : by_model) {
        f.models.push_back(fit_model(model, devices, rounds, threshold, confidence));
    }
    return f;
}

ojson fleet_json(const profile& p) {
    const auto f = fleet_levels_of(p);
    if (!f) {
        return nullptr;
    }
    ojson cases = ojson::array();
    for (const auto& c : p.cases) {
        if (c.status == case_status::ok && c.summary && c.scenario.empty()) {
            cases.push_back({{"key", c.key.to_string()},
                             {"device", c.device},
                             {"median_ns", json_number(c.summary->median_ns)},
                             {"normalized_median_ns",
                              json_number(c.summary->median_ns / f->level_of(c.device))}});
        }
    }
    return ojson{{"anchors", f->anchors},
                 {"threshold", f->threshold},
                 {"confidence", f->confidence},
                 {"models", models_json(p, *f)},
                 {"cases", cases},
                 {"best", fleet_best_json(fleet_bests(p, *f))}};
}

std::string card_sentence(const profile& p, const card_level& c) {
    const auto& info = p.devices.at(static_cast<std::size_t>(c.device)).info;
    const std::string where = info.pci_bus ? *info.pci_bus : info.uuid ? *info.uuid : "";
    const bool slower = c.level >= 1;
    const double sign = slower ? 1 : -1;
    const double lo = slower ? c.low : c.high, hi = slower ? c.high : c.low;
    return "card " + std::to_string(c.device) + " (" + info.name +
           (where.empty() ? "" : ", " + where) + "): " + pct_one_decimal(sign * (c.level - 1)) +
           " % [" + pct_one_decimal(sign * (lo - 1)) + ", " + pct_one_decimal(sign * (hi - 1)) +
           "] " + (slower ? "slower" : "faster") + " than the fleet's median card";
}

} // namespace grp
