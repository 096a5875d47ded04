// `gpu-reduce-prof platforms`: every OpenCL platform and device with the facts a tuner needs,
// as a table or as JSON (stable keys, see device_info.cpp).
#include "commands/command.hpp"
#include "grp/core/machine/conditions_probe.hpp"
#include "grp/core/machine/sensors/open.hpp"
#include "grp/core/strings.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/ocl/enumerate.hpp"
#include "grp/ocl/timer_probe.hpp"
#include "grp/report/text/table.hpp"

#include <iostream>
#include <memory>

namespace grp::cli {

namespace {

struct platforms_options {
    bool json = false;
    bool extensions = false;
    std::vector<std::string> devices;
};

/// The sensors run would read for the device, in the table's words.
std::vector<std::pair<std::string, std::string>> sensor_rows(const sensor_description& s) {
    std::vector<std::pair<std::string, std::string>> rows = {
        {"sensors", s.backend == "none" ? "none" : s.backend + ": " + joined(s.found, ", ")}};
    for (const auto& why : s.lacking) {
        rows.emplace_back("  lacking", why);
    }
    return rows;
}

/// The conditions' key and the facts it covers, in the table's words.
std::pair<std::string, std::string> conditions_row(const device_conditions& c) {
    std::string facts;
    for (const auto& name : c.key_facts) {
        const auto* f = c.find(name);
        facts += (facts.empty() ? "" : ", ") + name + " " +
                 (f && !f->value.is_null()
                      ? (f->value.is_string() ? f->value.get<std::string>() : f->value.dump())
                      : "unknown");
    }
    return {"conditions", "key " + c.key() + ": " + facts + " (--json: every fact and why)"};
}

/// What the probe found (timer_probe.hpp) and the device's conditions, in the table's words.
std::vector<std::pair<std::string, std::string>> probe_rows(const device_info& d,
                                                            const ocl::probe_result& probe) {
    return {{"timer", describe(probe.timer)},
            {"loop limit", probe.loop_limit ? std::to_string(*probe.loop_limit) +
                                                  " iterations per work-item (longer loops give "
                                                  "wrong results)"
                                            : "none found"},
            conditions_row(probe_conditions(d, conditions_settings_from_env()))};
}

void print_device(std::ostream& os, const device_info& d, const ocl::probe_result& probe,
                  bool extensions) {
    text_table t;
    t.add_column("property");
    t.add_column("value");
    std::string sizes;
    for (auto s : d.max_work_item_sizes) {
        sizes += (sizes.empty() ? "" : " x ") + std::to_string(s);
    }
    std::vector<std::pair<std::string, std::string>> rows = {
        {"vendor", d.vendor},
        {"type", d.type},
        {"device version", or_unavailable(d.device_version)},
        {"driver version", or_unavailable(d.driver_version)},
        {"OpenCL C", or_unavailable(d.opencl_c_version)},
        {"uuid", or_unavailable(d.uuid)},
        {"pci bus", or_unavailable(d.pci_bus)},
        {"compute units", or_unavailable(d.compute_units)},
        {"max clock", d.max_clock_mhz ? std::to_string(*d.max_clock_mhz) + " MHz" : "unavailable"},
        {"max work-group size", or_unavailable(d.max_work_group_size)},
        {"max work-item sizes", sizes.empty() ? "unavailable" : sizes},
        {"preferred wg multiple", or_unavailable(d.preferred_work_group_multiple)},
        {"local memory",
         bytes_or_unavailable(d.local_mem_bytes) + " (" + or_unavailable(d.local_mem_type) + ")"},
        {"global memory", bytes_or_unavailable(d.global_mem_bytes)},
        {"global cache", bytes_or_unavailable(d.global_cache_bytes) + ", line " +
                             or_unavailable(d.global_cacheline_bytes) + " B"},
        {"max allocation", bytes_or_unavailable(d.max_alloc_bytes)},
        {"sub-groups",
         d.subgroups ? "yes (max " + or_unavailable(d.max_sub_groups) + " per group)" : "no"},
        {"fp64", d.fp64 ? "yes" : "no"},
        {"timer resolution",
         d.timer_resolution_ns ? std::to_string(*d.timer_resolution_ns) + " ns" : "unavailable"},
        {"extensions", std::to_string(d.extensions.size()) +
                           (extensions ? "" : " (list them with --extensions)")},
    };
    const auto sensors = sensor_rows(open_sensors(d, sensor_settings_from_env(true)).description);
    const auto probed = probe_rows(d, probe);
    rows.insert(rows.end(), probed.begin(), probed.end());
    rows.insert(rows.end(), sensors.begin(), sensors.end());
    for (auto& [k, v] : rows) {
        t.add_row({{k}, {v}});
    }
    os << "Device " << d.index << " [" << d.platform_index << ':' << d.device_index
       << "]: " << terminal_escape(d.name) << '\n';
    t.print(os, false, "  ");
    if (extensions) {
        for (const auto& e : d.extensions) {
            os << "    " << terminal_escape(e) << '\n';
        }
    }
}

int run_platforms(const platforms_options& opt) {
    std::vector<device_selector> sels;
    for (const auto& s : opt.devices) {
        sels.push_back(parse_device_selector(s));
    }
    if (sels.empty()) {
        sels.push_back(parse_device_selector("all"));
    }
    auto devices = ocl::select(sels);
    if (opt.json) {
        nlohmann::ordered_json j = nlohmann::ordered_json::array();
        for (const auto& h : devices) {
            nlohmann::ordered_json dj = h.info;
            const auto s = open_sensors(h.info, sensor_settings_from_env(true)).description;
            dj["sensors"] = {{"backend", s.backend}, {"found", s.found}, {"lacking", s.lacking}};
            dj["conditions"] =
                conditions_json(probe_conditions(h.info, conditions_settings_from_env()));
            const auto probe = ocl::test_timer(h.device);
            dj["timer"] = to_json(probe.timer);
            dj["loop_limit"] = probe.loop_limit ? nlohmann::ordered_json(*probe.loop_limit)
                                                : nlohmann::ordered_json(nullptr);
            j.push_back(dj);
        }
        // Driver strings need not be UTF-8; JSON output must be.
        std::cout << j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
                  << '\n';
        return 0;
    }
    int last_platform = -1;
    for (const auto& h : devices) {
        if (h.info.platform_index != last_platform) {
            last_platform = h.info.platform_index;
            std::cout << "Platform " << h.info.platform_index << ": "
                      << terminal_escape(h.info.platform_name) << " ("
                      << terminal_escape(h.info.platform_vendor) << ", "
                      << terminal_escape(h.info.platform_version) << ")\n";
        }
        print_device(std::cout, h.info, ocl::test_timer(h.device), opt.extensions);
        std::cout << '\n';
    }
    return 0;
}

} // namespace

void add_platforms(CLI::App& app, command_slot& slot) {
    auto opt = std::make_shared<platforms_options>();
    auto* sub = app.add_subcommand("platforms", "List OpenCL platforms and devices with the facts "
                                                "a tuner needs");
    sub->footer("Examples:\n  gpu-reduce-prof platforms\n  gpu-reduce-prof platforms --json\n"
                "  gpu-reduce-prof platforms --device nvidia --extensions\n\n"
                "A fact the driver cannot report is shown as 'unavailable' (null in JSON).\n"
                "The timer line is a test, not the driver's word: two launches of a probe kernel\n"
                "timed by their events and by the host clock (trusted, scaled, zero,\n"
                "out-of-order, or host: no profiling, runs time on the host clock).");
    sub->add_flag("--json", opt->json, "Print a JSON array, one object per device (stable keys)");
    sub->add_flag("--extensions", opt->extensions, "List each device's extensions");
    add_device_option(sub, opt->devices);
    sub->callback([opt, &slot] {
        slot = [opt] {
            return run_platforms(*opt);
        };
    });
}

} // namespace grp::cli
