// The run context of a profile as a list of (what, value) lines — tool, host, CPU and its
// clocks, OS, devices, drivers, platforms, the environment variables that select devices — so
// compare and report can show what differs between profiles. A field an older profile never
// recorded says "not recorded"; one its machine could not report says "unavailable".
#include "grp/model/profile/context.hpp"

#include "grp/core/strings.hpp"

#include <algorithm>
#include <cstdio>

namespace grp {

namespace {

std::string device_fields(const profile& p, std::string (*field)(const device_info&)) {
    std::vector<std::string> out;
    for (const auto& d : p.devices) {
        out.push_back(field(d.info));
    }
    return joined(out, ", ");
}

std::string fixed(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string mhz_text(const host_info& h, const std::optional<double>& mhz) {
    if (!h.clocks_recorded) {
        return "not recorded";
    }
    return mhz ? fixed(*mhz, 0) + " MHz" : "unavailable";
}

std::string text_or(const std::string& s, const char* empty) {
    return s.empty() ? empty : s;
}

/// The median of `v` as text with `unit`, and its range when it has one; "not recorded" when empty.
std::string spread_text(std::vector<double> v, const char* unit) {
    if (v.empty()) {
        return "not recorded";
    }
    std::sort(v.begin(), v.end());
    const auto mid = fixed(v[v.size() / 2], 0);
    const auto lo = fixed(v.front(), 0), hi = fixed(v.back(), 0);
    return mid + " " + unit + (lo == hi ? "" : " (" + lo + "-" + hi + ")");
}

/// What the rounds' sensors read (2.8): the highest clock, temperature and power of each round,
/// as their median and range over the profile, and how many rounds were unsteady.
std::vector<context_field> condition_fields(const profile& p) {
    std::vector<double> clock, temperature, power;
    std::size_t unsteady = 0, rounds = 0;
    for (const auto& c : p.cases) {
        for (const auto& r : c.rounds) {
            if (!r.conditions) {
                continue;
            }
            ++rounds;
            unsteady += r.unsteady() ? 1 : 0;
            const auto& k = *r.conditions;
            for (auto [from, to] : {std::pair{&k.clock_mhz_max, &clock},
                                    {&k.temperature_c, &temperature},
                                    {&k.power_w, &power}}) {
                if (*from) {
                    to->push_back(**from);
                }
            }
        }
    }
    std::vector<std::string> backends;
    for (const auto& d : p.devices) {
        backends.push_back(d.sensors ? d.sensors->backend : "not recorded");
    }
    return {{"sensors", joined(backends, ", ")},
            {"device clock", spread_text(clock, "MHz")},
            {"device temperature", spread_text(temperature, "C")},
            {"device power", spread_text(power, "W")},
            {"unsteady rounds",
             rounds ? std::to_string(unsteady) + " of " + std::to_string(rounds) : "not recorded"}};
}

} // namespace

std::string load_text(const std::optional<std::array<double, 3>>& l) {
    return l ? fixed((*l)[0], 2) : "-";
}

std::set<std::string> env_names_of(const std::vector<const profile*>& profiles) {
    std::set<std::string> names;
    for (const auto* p : profiles) {
        for (const auto& kv : p->host.env) {
            names.insert(kv.first);
        }
    }
    return names;
}

std::vector<context_field> context_fields(const profile& p, const std::set<std::string>& env) {
    const host_info& h = p.host;
    std::vector<context_field> out = {
        {"schema", p.schema_version},
        {"tool version", p.tool.version},
        {"git sha", text_or(p.tool.git_sha, "not recorded")},
        {"host", h.hostname},
        {"cpu", h.cpu_model},
        {"cpu cores", h.cpu_cores ? std::to_string(h.cpu_cores) : "not recorded"},
        {"cpu max clock", mhz_text(h, h.cpu_max_mhz)},
        {"cpu governor",
         h.clocks_recorded ? text_or(h.cpu_governor, "unavailable") : "not recorded"},
        {"memory", h.memory_bytes
                       ? fixed(static_cast<double>(h.memory_bytes) / (1U << 30), 1) + " GiB"
                       : "not recorded"},
        {"os", h.os},
        {"os release", text_or(h.os_release, "not recorded")},
        {"runs", std::to_string(p.runs.size())},
        {"load at start", load_text(h.load_start)},
        {"device", device_fields(p, [](const device_info& d) { return d.name; })},
        {"device uuid",
         device_fields(p, [](const device_info& d) { return d.uuid.value_or("not reported"); })},
        {"driver",
         device_fields(
             p, [](const device_info& d) { return d.driver_version.value_or("not reported"); })},
        {"platform", device_fields(p, [](const device_info& d) { return d.platform_version; })},
    };
    const auto conditions = condition_fields(p);
    out.insert(out.end(), conditions.begin(), conditions.end());
    for (const auto& name : env) {
        const auto it = h.env.find(name);
        out.push_back({"env " + name, it == h.env.end() ? "unset" : it->second});
    }
    return out;
}

std::vector<context_difference> context_differences(const profile& b, const profile& c) {
    const auto env = env_names_of({&b, &c});
    const auto bf = context_fields(b, env);
    const auto cf = context_fields(c, env);
    std::vector<context_difference> out;
    for (std::size_t i = 0; i < bf.size() && i < cf.size(); ++i) {
        if (bf[i].value != cf[i].value) {
            out.push_back({bf[i].what, bf[i].value, cf[i].value});
        }
    }
    return out;
}

} // namespace grp
