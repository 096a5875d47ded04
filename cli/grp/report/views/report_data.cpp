#include "grp/report/views/report_data.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/control.hpp"
#include "grp/model/profile/best.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <tuple>

namespace grp::html {

namespace {

// Stem of a source path: "builtin:reduce.cl" -> "reduce", "/x/y/my_kernels.cl" -> "my_kernels".
std::string path_stem(const std::string& path) {
    auto start = path.find_last_of("/\\:");
    std::string base = start == std::string::npos ? path : path.substr(start + 1);
    auto dot = base.rfind('.');
    return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

bool is_layout(const std::string& layout) {
    return !layout.empty() && layout != "flat";
}

template <typename Key>
std::vector<case_group> group_by(const profile& p, bool (*keep)(const case_result&),
                                 Key (*key_of)(const profile&, const case_result&)) {
    std::vector<std::pair<Key, case_group>> groups;
    for (const auto& c : p.cases) {
        if (!keep(c)) {
            continue;
        }
        Key k = key_of(p, c);
        auto it =
            std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == k; });
        if (it == groups.end()) {
            case_group g;
            g.device = c.device;
            g.label = std::get<1>(k);
            g.type = c.key.type;
            g.n = c.key.n;
            groups.emplace_back(k, g);
            it = std::prev(groups.end());
        }
        it->second.cases.push_back(&c);
    }
    std::vector<case_group> out;
    out.reserve(groups.size());
    for (auto& g : groups) {
        out.push_back(std::move(g.second));
    }
    return out;
}

using group_key = std::tuple<int, std::string, std::string, std::uint64_t>;

bool plain_case(const case_result& c) {
    return c.scenario.empty();
}
// Only cases that ran: a layout a kernel does not declare is a skipped case, not a bar.
bool layout_case(const case_result& c) {
    return c.scenario.empty() && is_layout(c.key.layout) &&
           (c.status == case_status::ok || c.status == case_status::wrong);
}

group_key family_key(const profile& p, const case_result& c) {
    return {c.device, kernel_family(p, c.key.kernel), c.key.type, c.key.n};
}
group_key kernel_key(const profile&, const case_result& c) {
    return {c.device, c.key.kernel, c.key.type, c.key.n};
}

} // namespace

std::string kernel_family(const profile& p, const std::string& kernel) {
    for (const auto& k : p.kernels) {
        if (k.name == kernel && !k.path.empty()) {
            return path_stem(k.path);
        }
    }
    if (auto slash = kernel.find('/'); slash != std::string::npos && slash > 0) {
        return kernel.substr(0, slash);
    }
    std::string stem = kernel;
    while (stem.size() > 1 && std::isdigit(static_cast<unsigned char>(stem.back())) != 0) {
        stem.pop_back();
    }
    return stem;
}

const profile_device* device_of(const profile& p, const case_result& c) {
    if (c.device < 0 || static_cast<std::size_t>(c.device) >= p.devices.size()) {
        return nullptr;
    }
    return &p.devices[static_cast<std::size_t>(c.device)];
}

std::string device_name(const profile& p, int device) {
    if (device < 0 || static_cast<std::size_t>(device) >= p.devices.size()) {
        return "device " + std::to_string(device);
    }
    return p.devices[static_cast<std::size_t>(device)].info.name;
}

std::vector<case_group> throughput_groups(const profile& p) {
    return group_by<group_key>(p, plain_case, family_key);
}

std::vector<case_group> layout_groups(const profile& p) {
    auto groups = group_by<group_key>(p, layout_case, kernel_key);
    groups.erase(std::remove_if(groups.begin(), groups.end(),
                                [](const case_group& g) {
                                    for (const auto* c : g.cases) {
                                        if (c->key.layout != g.cases.front()->key.layout) {
                                            return false;
                                        }
                                    }
                                    return true;
                                }),
                 groups.end());
    return groups;
}

std::vector<std::string> scenario_names(const profile& p) {
    std::vector<std::string> names;
    auto add = [&](const std::string& s) {
        if (!s.empty() && std::find(names.begin(), names.end(), s) == names.end()) {
            names.push_back(s);
        }
    };
    for (const auto& c : p.cases) {
        add(c.scenario);
    }
    if (p.scenarios.is_object()) {
        for (const auto& [name, value] : p.scenarios.items()) {
            if (name != "layouts") {
                add(name);
            }
        }
    }
    return names;
}

std::vector<const case_result*> scenario_cases(const profile& p, const std::string& scenario) {
    std::vector<const case_result*> out;
    for (const auto& c : p.cases) {
        if (c.scenario == scenario) {
            out.push_back(&c);
        }
    }
    return out;
}

std::optional<band> throughput_band(const case_result& c, std::optional<double> value) {
    if (!value || !c.summary || !(c.summary->median_ns > 0) || !(c.summary->p5_ns > 0) ||
        !(c.summary->p95_ns > 0)) {
        return std::nullopt;
    }
    // Throughput is inversely proportional to time: the slowest samples give the low end.
    return band{*value * c.summary->median_ns / c.summary->p95_ns,
                *value * c.summary->median_ns / c.summary->p5_ns};
}

std::optional<double> bytes_per_element(const case_result& c) {
    if (c.bytes == 0 || c.key.n == 0) {
        return std::nullopt;
    }
    return static_cast<double>(c.bytes) / static_cast<double>(c.key.n);
}

rate_unit rate_unit_for(double max) {
    for (const auto& u : {rate_unit{1e9, "G"}, rate_unit{1e6, "M"}, rate_unit{1e3, "k"}}) {
        if (max >= u.factor) {
            return u;
        }
    }
    return {1, ""};
}

bool has_timing(const profile& p) {
    return std::any_of(p.cases.begin(), p.cases.end(),
                       [](const case_result& c) { return c.summary.has_value(); });
}

status_counts count_statuses(const profile& p) {
    status_counts s;
    for (const auto& c : p.cases) {
        switch (c.status) {
        case case_status::ok:
            ++s.ok;
            break;
        case case_status::wrong:
            ++s.wrong;
            break;
        case case_status::skipped:
            ++s.skipped;
            break;
        case case_status::failed:
            ++s.failed;
            break;
        case case_status::race_observed:
            ++s.race_observed;
            break;
        case case_status::unsafe:
            ++s.unsafe;
            break;
        case case_status::implausible:
            ++s.implausible;
            break;
        }
    }
    return s;
}

std::vector<const case_result*> best_cases(const profile& p) {
    std::vector<const case_result*> out;
    if (!recorded_pairs(p).empty()) {
        return out; // a duet's instances are judged against each other, never crowned (#71)
    }
    for (const auto& g : throughput_groups(p)) {
        const case_result* best = nullptr;
        for (const auto* c : g.cases) {
            if (can_win(*c) && c->gbps && (!best || *c->gbps > *best->gbps)) {
                best = c;
            }
        }
        if (best) {
            out.push_back(best);
        }
    }
    return out;
}

std::string format_opt(std::optional<double> v, int digits) {
    return v && std::isfinite(*v) ? format_fixed(*v, digits) : "n/a";
}

std::string short_path(const std::string& path, std::size_t max_chars) {
    std::size_t points = 0;
    for (char c : path) {
        points += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
    }
    if (points <= max_chars || max_chars < 2) {
        return path;
    }
    // Walk back from the end over max_chars - 1 code points.
    std::size_t keep = max_chars - 1, pos = path.size();
    while (pos > 0 && keep > 0) {
        --pos;
        if ((static_cast<unsigned char>(path[pos]) & 0xC0) != 0x80) {
            --keep;
        }
    }
    return "\xE2\x80\xA6" + path.substr(pos);
}

std::string json_text(const nlohmann::ordered_json& j) {
    if (j.is_string()) {
        return j.get<std::string>();
    }
    if (j.is_number_float()) {
        double v = j.get<double>();
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.9g", v);
        return buf;
    }
    return j.dump();
}

std::vector<std::pair<std::string, std::string>> flatten(const nlohmann::ordered_json& j) {
    std::vector<std::pair<std::string, std::string>> rows;
    if (!j.is_object()) {
        if (!j.is_null()) {
            rows.emplace_back("value", json_text(j));
        }
        return rows;
    }
    for (const auto& [k, v] : j.items()) {
        if (v.is_object() && !v.empty()) {
            for (auto& [sk, sv] : flatten(v)) {
                rows.emplace_back(k + "." + sk, sv);
            }
        } else {
            rows.emplace_back(k, json_text(v));
        }
    }
    return rows;
}

} // namespace grp::html
