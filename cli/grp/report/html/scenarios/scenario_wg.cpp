// The wg-probe and barrier scenarios: bars per work-group size.
#include "grp/report/html/scenarios/scenario_wg.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/scenarios/scenario_parts.hpp"
#include "grp/report/svg/axis.hpp"
#include "grp/report/svg/bar_chart.hpp"
#include "grp/report/svg/chart.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/views/report_facts.hpp"

#include <algorithm>
#include <iterator>

namespace grp::html::detail {

namespace {

/// Cases split by device and kernel, in first-seen order.
std::vector<case_list> by_device_and_kernel(const case_list& cases) {
    std::vector<case_list> out;
    for (const auto* c : cases) {
        auto it = std::find_if(out.begin(), out.end(), [&](const case_list& g) {
            return g.front()->device == c->device && g.front()->key.kernel == c->key.kernel;
        });
        if (it == out.end()) {
            out.push_back({c});
        } else {
            it->push_back(c);
        }
    }
    return out;
}

std::vector<std::uint64_t> local_sizes(const case_list& cases) {
    std::vector<std::uint64_t> out;
    for (const auto* c : cases) {
        out.push_back(c->key.local_size);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::size_t index_of(const std::vector<std::uint64_t>& v, std::uint64_t x) {
    return static_cast<std::size_t>(std::find(v.begin(), v.end(), x) - v.begin());
}

std::string extra_text(const case_result& c, const char* key) {
    if (!c.extra.is_object() || !c.extra.contains(key) || c.extra[key].is_null()) {
        return "";
    }
    return json_text(c.extra[key]);
}

/// What the knee means here: marked or not, a lower bound or not, and the driver's own hint.
std::string probe_caption(const report_input& in, const case_result& c, bool marked) {
    std::string s = marked ? "Shaded: the knee, where throughput stops doubling (the SIMD width)."
                           : "No knee found.";
    const auto* summary = scenario_summary_for(in.prof, "wg-probe", c.device);
    const auto lower =
        summary ? summary->find("knee_is_lower_bound") : nlohmann::ordered_json::const_iterator{};
    if (summary && lower != summary->end() && lower->is_boolean() && lower->get<bool>()) {
        s += " Every step doubled: the knee is at least the largest size measured.";
    }
    if (const auto* d = device_of(in.prof, c); d && d->info.preferred_work_group_multiple) {
        s += " The driver's preferred work-group multiple: " +
             std::to_string(*d->info.preferred_work_group_multiple) + ".";
    }
    return s;
}

} // namespace

std::string scenario_wg_probe(const report_input& in, const case_list& cases) {
    std::string s = "<div class=\"charts\">";
    for (const auto& g : by_device_and_kernel(cases)) {
        const auto locals = local_sizes(g);
        double max = 0;
        for (const auto* c : g) {
            max = std::max(max, items_per_s(*c).value_or(0));
        }
        const auto unit = rate_unit_for(max);
        svg::bar_chart b;
        b.title = g.front()->key.kernel + " \xC2\xB7 " + device_name(in.prof, g.front()->device);
        b.x_label = "local size (work-items per group; same total work)";
        b.y_label = unit.prefix + " work-items/s";
        for (auto l : locals) {
            b.categories.push_back(std::to_string(l));
        }
        b.values.assign(1, std::vector<std::optional<double>>(locals.size()));
        b.tips.assign(1, std::vector<std::string>(locals.size()));
        for (const auto* c : g) {
            auto v = items_per_s(*c);
            const auto i = index_of(locals, c->key.local_size);
            if (v) {
                b.values[0][i] = *v / unit.factor;
                b.tips[0][i] = "local " + std::to_string(c->key.local_size) + ": " +
                               svg::format_value(*v) + " work-items/s" +
                               (c->summary ? ", median " + format_ns(c->summary->median_ns) : "");
            }
        }
        if (auto knee = wg_probe_knee(in.prof, *g.front()); knee) {
            if (auto i = index_of(locals, *knee); i < locals.size()) {
                b.marker = i;
            }
            b.marker_label = "knee: " + std::to_string(*knee);
        }
        s += figure(svg::render_bar_chart(b), probe_caption(in, *g.front(), b.marker.has_value()));
    }
    return s + "</div>";
}

namespace {

/// Wrong runs in percent per local size, one series per kernel, for one device.
std::string barrier_chart(const report_input& in, int dev, const case_list& cases) {
    case_list mine;
    std::copy_if(cases.begin(), cases.end(), std::back_inserter(mine),
                 [dev](const case_result* c) { return c->device == dev; });
    const auto locals = local_sizes(mine);
    svg::bar_chart b;
    b.title = "Wrong runs \xC2\xB7 " + device_name(in.prof, dev);
    b.x_label = "local size (work-items per group)";
    b.y_label = "wrong runs (%)";
    b.y_max = 100;
    for (auto l : locals) {
        b.categories.push_back(std::to_string(l));
    }
    for (const auto& g : by_device_and_kernel(mine)) {
        b.series_names.push_back(g.front()->key.kernel);
        b.values.emplace_back(locals.size());
        for (const auto* c : g) {
            if (auto f = wrong_fraction(*c)) {
                b.values.back()[index_of(locals, c->key.local_size)] = *f * 100;
            }
        }
    }
    return figure(svg::render_bar_chart(b));
}

/// "got 1576, expected 88": the first wrong run; the expected value is the run's own (each run
/// adds an offset), else the case's reference.
std::string example_wrong(const case_result& c) {
    const std::string got = extra_text(c, "example_wrong");
    if (got.empty()) {
        return "";
    }
    std::string expected = extra_text(c, "expected");
    if (expected.empty() && !c.reference.empty()) {
        expected = json_text(c.reference.front());
    }
    return "got " + got + (expected.empty() ? "" : ", expected " + expected);
}

std::string barrier_table(const case_list& cases) {
    std::vector<row> rows;
    for (const auto* c : cases) {
        auto f = wrong_fraction(*c);
        rows.push_back({{{c->key.kernel},
                         {std::to_string(c->key.local_size), double(c->key.local_size)},
                         {extra_text(*c, "runs"), extra_number(*c, "runs")},
                         {extra_text(*c, "wrong_runs"), extra_number(*c, "wrong_runs")},
                         {f ? format_fixed(*f * 100, 1) + "%" : "n/a", f},
                         {example_wrong(*c)},
                         {to_string(c->status), std::nullopt, "", status_badge(c->status)}},
                        c->status == case_status::ok ? "" : "row-" + status_class(c->status)});
    }
    return render_table({{"kernel"},
                         {"local", true},
                         {"runs", true},
                         {"wrong runs", true},
                         {"wrong", true},
                         {"example wrong run"},
                         {"status"}},
                        rows, "compact sortable");
}

} // namespace

std::string scenario_barrier(const report_input& in, const case_list& cases) {
    std::vector<int> devices;
    for (const auto* c : cases) {
        if (std::find(devices.begin(), devices.end(), c->device) == devices.end()) {
            devices.push_back(c->device);
        }
    }
    std::string s = "<div class=\"charts\">";
    for (int dev : devices) {
        s += barrier_chart(in, dev, cases);
    }
    return s + "</div>" + barrier_table(cases);
}

} // namespace grp::html::detail
