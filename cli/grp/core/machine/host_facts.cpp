#include "grp/core/machine/host_facts.hpp"

#include "grp/core/machine/sensors/sysfs_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

namespace grp {

namespace fs = std::filesystem;

namespace {

const char* const cpu_dir = "sys/devices/system/cpu/";

/// The first word of the file's text, "" when missing or empty.
std::string first_word(const std::string& path) {
    std::istringstream in(read_sysfs_text(path).value_or(""));
    std::string w;
    in >> w;
    return w;
}

/// The value of the first "NAME : value" line of /proc/cpuinfo's first page (cpu0's entry).
std::string cpuinfo_field(const std::string& root, const std::string& name) {
    std::istringstream in(read_sysfs_text(root + "proc/cpuinfo").value_or(""));
    for (std::string line; std::getline(in, line);) {
        const auto colon = line.find(':');
        if (colon != std::string::npos && line.compare(0, name.size(), name) == 0 &&
            line.find_first_not_of(" \t", name.size()) == colon) {
            const auto b = line.find_first_not_of(" \t", colon + 1);
            return b == std::string::npos ? "" : line.substr(b);
        }
    }
    return "";
}

condition_fact governor(const std::string& root) {
    std::set<std::string> seen;
    std::error_code ec;
    for (fs::directory_iterator it(root + cpu_dir, ec), end; !ec && it != end; it.increment(ec)) {
        const auto name = it->path().filename().string();
        if (name.size() > 3 && name.rfind("cpu", 0) == 0 &&
            std::all_of(name.begin() + 3, name.end(),
                        [](char c) { return c >= '0' && c <= '9'; })) {
            if (auto g = first_word(it->path().string() + "/cpufreq/scaling_governor");
                !g.empty()) {
                seen.insert(g);
            }
        }
    }
    if (seen.empty()) {
        return unknown_fact("governor", std::string("no cpufreq: /") + cpu_dir +
                                            "cpu*/cpufreq/scaling_governor is missing (a VM, "
                                            "or a kernel without a cpufreq driver)");
    }
    std::string all;
    for (const auto& g : seen) {
        all += (all.empty() ? "" : ",") + g;
    }
    return known_fact("governor", all);
}

condition_fact boost(const std::string& root) {
    if (auto v = read_sysfs_in(root + cpu_dir + "intel_pstate/no_turbo", 0, 1)) {
        return known_fact("boost", *v == 0 ? "on" : "off");
    }
    if (auto v = read_sysfs_in(root + cpu_dir + "cpufreq/boost", 0, 1)) {
        return known_fact("boost", *v == 1 ? "on" : "off");
    }
    return unknown_fact("boost", std::string("neither /") + cpu_dir +
                                     "intel_pstate/no_turbo nor /" + cpu_dir +
                                     "cpufreq/boost exists");
}

condition_fact hugepages(const std::string& root) {
    const auto path = "sys/kernel/mm/transparent_hugepage/enabled";
    const auto text = read_sysfs_text(root + path).value_or("");
    const auto open = text.find('['), close = text.find(']');
    if (open == std::string::npos || close == std::string::npos || close < open) {
        return unknown_fact("transparent_hugepages",
                            std::string("/") + path + " is missing or has no [selected] mode");
    }
    return known_fact("transparent_hugepages", text.substr(open + 1, close - open - 1));
}

std::vector<condition_fact> smt(const std::string& root) {
    const auto why = std::string("/") + cpu_dir + "smt/ is missing (a kernel before 4.19)";
    const auto control = first_word(root + cpu_dir + "smt/control");
    const auto active = read_sysfs_in(root + cpu_dir + "smt/active", 0, 1);
    return {control.empty() ? unknown_fact("smt_control", why) : known_fact("smt_control", control),
            active ? known_fact("smt_active", *active == 1) : unknown_fact("smt_active", why)};
}

condition_fact microcode(const std::string& root) {
    auto v = cpuinfo_field(root, "microcode");
    if (v.empty()) {
        v = first_word(root + cpu_dir + "cpu0/microcode/version");
    }
    return v.empty() ? unknown_fact("microcode", "no microcode line in /proc/cpuinfo and no /" +
                                                     std::string(cpu_dir) +
                                                     "cpu0/microcode/version (not an x86 CPU?)")
                     : known_fact("microcode", v);
}

condition_fact virtualisation(const std::string& root) {
    const auto flags = " " + cpuinfo_field(root, "flags") + " ";
    const auto xen = first_word(root + "sys/hypervisor/type");
    if (flags.size() == 2 && xen.empty()) {
        return unknown_fact("virtualisation", "no flags line in /proc/cpuinfo (not an x86 CPU) "
                                              "and no /sys/hypervisor/type");
    }
    if (flags.find(" hypervisor ") == std::string::npos && xen.empty()) {
        return known_fact("virtualisation", "none");
    }
    auto product = read_sysfs_text(root + "sys/class/dmi/id/product_name").value_or("");
    product.erase(std::remove(product.begin(), product.end(), '\n'), product.end());
    return known_fact("virtualisation", "hypervisor" + (xen.empty() ? "" : " " + xen) +
                                            (product.empty() ? "" : " (" + product + ")"));
}

} // namespace

std::string conditions_root_from_env() {
    const char* v = std::getenv("GRP_CONDITIONS_ROOT");
    if (v == nullptr || *v == 0) {
        return "/";
    }
    std::string root = v;
    return root.back() == '/' ? root : root + "/";
}

std::vector<condition_fact> host_facts(const std::string& root) {
    std::vector<condition_fact> out = {governor(root), boost(root), hugepages(root)};
    for (auto& f : smt(root)) {
        out.push_back(std::move(f));
    }
    out.push_back(microcode(root));
    const auto release = first_word(root + "proc/sys/kernel/osrelease");
    out.push_back(release.empty()
                      ? unknown_fact("kernel_release", "/proc/sys/kernel/osrelease is missing "
                                                       "(not Linux)")
                      : known_fact("kernel_release", release));
    out.push_back(virtualisation(root));
    return out;
}

std::optional<steal_ticks> read_steal_ticks(const std::string& root) {
    std::istringstream in(read_sysfs_text(root + "proc/stat").value_or(""));
    std::string label;
    if (!(in >> label) || label != "cpu") {
        return std::nullopt;
    }
    steal_ticks t;
    std::uint64_t v = 0;
    for (int i = 0; i < 8 && in >> v; ++i) { // user nice system idle iowait irq softirq steal
        t.total += v;
        t.steal = i == 7 ? v : t.steal;
    }
    return t.total > 0 ? std::optional<steal_ticks>(t) : std::nullopt;
}

condition_fact steal_fact(const std::optional<steal_ticks>& start,
                          const std::optional<steal_ticks>& end) {
    if (!start || !end) {
        return unknown_fact("steal_pct", "/proc/stat is unreadable or not in Linux's shape");
    }
    if (end->total <= start->total || end->steal < start->steal) {
        return unknown_fact("steal_pct", "/proc/stat did not advance over the run");
    }
    const double pct = 100.0 * static_cast<double>(end->steal - start->steal) /
                       static_cast<double>(end->total - start->total);
    return known_fact("steal_pct", std::round(pct * 100) / 100);
}

} // namespace grp
