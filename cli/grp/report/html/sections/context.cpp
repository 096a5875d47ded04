// Section "Devices and run context": what ran where, with the measured peak bandwidth, and
// with several profiles a table of the context fields that differ between them.
#include "grp/report/html/sections/context.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/compare.hpp"
#include "grp/model/profile/context.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/views/run_settings.hpp"

namespace grp::html {

namespace {

std::string device_card(const profile_device& d) {
    const auto& i = d.info;
    std::vector<std::pair<std::string, std::string>> rows = {
        {"vendor", i.vendor},
        {"platform", i.platform_name + " (" + i.platform_version + ")"},
        {"type", i.type},
        {"driver", or_unavailable(i.driver_version)},
        {"device version", or_unavailable(i.device_version)},
        {"compute units", or_unavailable(i.compute_units)},
        {"max clock", i.max_clock_mhz ? std::to_string(*i.max_clock_mhz) + " MHz" : "unavailable"},
        {"max work-group size", or_unavailable(i.max_work_group_size)},
        {"preferred wg multiple", or_unavailable(i.preferred_work_group_multiple)},
        {"local memory",
         bytes_or_unavailable(i.local_mem_bytes) + " (" + or_unavailable(i.local_mem_type) + ")"},
        {"global memory", bytes_or_unavailable(i.global_mem_bytes)},
        {"sub-groups / fp64",
         std::string(i.subgroups ? "yes" : "no") + " / " + (i.fp64 ? "yes" : "no")},
    };
    if (d.peak) {
        rows.emplace_back(
            "peak read",
            format_opt(d.peak->read_gbps) + " GB/s" +
                (d.peak->read_shape.empty() ? std::string() : " (" + d.peak->read_shape + ")"));
        rows.emplace_back("peak copy (read + write)", format_opt(d.peak->copy_gbps) + " GB/s");
    } else {
        rows.emplace_back("peak bandwidth", "not measured");
    }
    if (d.simd_width_estimate) {
        rows.emplace_back("SIMD width (wg-probe)", std::to_string(*d.simd_width_estimate));
    }
    return "<div class=\"card\"><h4>" + html_escape(i.name) + "</h4>" + kv_table(rows) + "</div>";
}

std::string argv_text(const std::vector<std::string>& argv) {
    std::string s;
    for (const auto& a : argv) {
        s += (s.empty() ? "" : " ") + a;
    }
    return s;
}

std::string run_context(const report_input& in) {
    const auto& p = in.prof;
    const auto span = whole_run_span(p);
    std::vector<std::pair<std::string, std::string>> rows = {
        {"profile", in.path},
        {"tool", p.tool.name + " " + p.tool.version},
        {"command", argv_text(p.tool.argv)},
        {"started / finished",
         (span.started_at.empty() ? "not recorded" : span.started_at) + " / " +
             (span.finished_at.empty() ? "not recorded" : span.finished_at) +
             (span.processes > 1 ? " (" + std::to_string(span.processes) + " processes)" : "")},
        {"cases", std::to_string(p.cases.size())},
    };
    for (auto& f : context_fields(p, env_names_of({&p}))) {
        rows.emplace_back(f.what, f.value);
    }
    for (auto& r : run_settings(p)) {
        rows.emplace_back("setting " + r.name, r.value);
    }
    return kv_table(rows);
}

std::string kernels_details(const profile& p) {
    if (p.kernels.empty()) {
        return "";
    }
    std::vector<row> rows;
    for (const auto& k : p.kernels) {
        rows.push_back({{{k.name}, {k.entry}, {k.path}, {k.sha256.substr(0, 12)}}, ""});
    }
    return "<details><summary>Kernels (" + std::to_string(p.kernels.size()) + ")</summary>" +
           render_table({{"name"}, {"entry point"}, {"source"}, {"sha256 (first 12)"}}, rows,
                        "compact") +
           "</details>";
}

// Every context field whose value is not the same in all profiles: one row each, one column
// per profile.
std::string context_differences_table(const std::vector<report_input>& inputs) {
    std::vector<const profile*> profiles;
    profiles.reserve(inputs.size());
    for (const auto& in : inputs) {
        profiles.push_back(&in.prof);
    }
    const auto env = env_names_of(profiles);
    std::vector<std::vector<context_field>> fields;
    fields.reserve(profiles.size());
    for (const auto* p : profiles) {
        fields.push_back(context_fields(*p, env));
    }
    std::vector<row> rows;
    for (std::size_t f = 0; f < fields.front().size(); ++f) {
        row r{{{fields.front()[f].what}}, ""};
        bool differs = false;
        for (const auto& pf : fields) {
            differs = differs || pf[f].value != fields.front()[f].value;
            r.cells.emplace_back(pf[f].value);
        }
        if (differs) {
            rows.push_back(std::move(r));
        }
    }
    if (rows.empty()) {
        return para("The profiles' run contexts do not differ.");
    }
    std::vector<column> cols = {{"context that differs"}};
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        cols.emplace_back(profile_tag(i));
    }
    return "<h3>Context that differs</h3>" + render_table(cols, rows, "compact");
}

} // namespace

std::string profile_tag(std::size_t index) {
    return "P" + std::to_string(index + 1);
}

std::string section_context(const std::vector<report_input>& inputs) {
    std::string s = section_open("context", "Devices and run context");
    if (inputs.size() > 1) {
        s += context_differences_table(inputs);
    }
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto& in = inputs[i];
        if (inputs.size() > 1) {
            s += "<h3>" + html_escape(profile_tag(i) + ": " + in.path) + "</h3>";
        }
        if (!in.prof.complete) {
            s += para("This profile is incomplete: the run was interrupted and only the "
                      "finished cases are present.",
                      "warn");
        }
        s += "<div class=\"cards\">";
        for (const auto& d : in.prof.devices) {
            s += device_card(d);
        }
        s += "<div class=\"card wide\"><h4>Run</h4>" + run_context(in) + "</div></div>";
        s += kernels_details(in.prof);
    }
    return s + "</section>";
}

} // namespace grp::html
