#include "grp/core/machine/host_probe.hpp"

#include "grp/core/sha256.hpp"

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <sys/utsname.h>
#include <thread>
#include <unistd.h> // environ (_GNU_SOURCE)

namespace grp {

namespace {

std::string first_line_with(const std::string& path, const std::string& prefix) {
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind(prefix, 0) == 0) {
            return line;
        }
    }
    return "";
}

std::string after_colon(const std::string& line) {
    auto colon = line.find(':');
    if (colon == std::string::npos) {
        return "";
    }
    auto start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? "" : line.substr(start);
}

std::string os_release() {
    std::string line = first_line_with("/etc/os-release", "PRETTY_NAME=");
    if (line.empty()) {
        return "";
    }
    std::string v = line.substr(12);
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"') {
        v = v.substr(1, v.size() - 2);
    }
    return v;
}

// The variables that choose devices and drivers, so two runs can say why they differ.
std::map<std::string, std::string> relevant_env() {
    std::map<std::string, std::string> out;
    for (char** e = environ; e && *e; ++e) {
        std::string kv = *e;
        auto eq = kv.find('=');
        std::string name = kv.substr(0, eq);
        if (name.rfind("POCL_", 0) == 0 || name == "CUDA_VISIBLE_DEVICES" ||
            name == "OCL_ICD_VENDORS" || name == "OCL_ICD_FILENAMES" ||
            name == "OPENCL_VENDOR_PATH" || name == "ROCR_VISIBLE_DEVICES" ||
            name == "HIP_VISIBLE_DEVICES" || name == "GPU_DEVICE_ORDINAL" ||
            name == "ZE_AFFINITY_MASK" || name == "ONEAPI_DEVICE_SELECTOR" ||
            name == "CUDA_DEVICE_ORDER") {
            out[name] = eq == std::string::npos ? "" : kv.substr(eq + 1);
        }
    }
    return out;
}

// A cpufreq value of cpu0 in MHz (the files hold kHz); empty where cpufreq is not exposed
// (most virtual machines and many containers).
std::optional<double> cpufreq_mhz(const char* file) {
    std::ifstream in(std::string("/sys/devices/system/cpu/cpu0/cpufreq/") + file);
    double khz = 0;
    if (in >> khz && khz > 0) {
        return khz / 1000.0;
    }
    return std::nullopt;
}

// The clock now: cpufreq's, else /proc/cpuinfo's "cpu MHz" (a hypervisor's nominal figure in
// most virtual machines).
std::optional<double> current_cpu_mhz() {
    if (auto mhz = cpufreq_mhz("scaling_cur_freq")) {
        return mhz;
    }
    const std::string text = after_colon(first_line_with("/proc/cpuinfo", "cpu MHz"));
    char* end = nullptr;
    const double mhz = std::strtod(text.c_str(), &end);
    return end != text.c_str() && mhz > 0 ? std::optional<double>(mhz) : std::nullopt;
}

void probe_clocks(host_info& h) {
    h.cpu_mhz = current_cpu_mhz();
    h.cpu_max_mhz = cpufreq_mhz("cpuinfo_max_freq");
    std::ifstream gov("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
    std::getline(gov, h.cpu_governor);
}

} // namespace

std::optional<std::array<double, 3>> read_load_average() {
    std::ifstream in("/proc/loadavg");
    std::array<double, 3> l{};
    if (in >> l[0] >> l[1] >> l[2]) {
        return l;
    }
    return std::nullopt;
}

host_info probe_host() {
    host_info h;
    char name[256] = {};
    gethostname(name, sizeof name - 1);
    h.hostname = name;
    utsname u{};
    if (uname(&u) == 0) {
        h.os = std::string(u.sysname) + " " + u.release + " " + u.machine;
    }
    h.os_release = os_release();
    h.cpu_model = after_colon(first_line_with("/proc/cpuinfo", "model name"));
    h.cpu_cores = std::thread::hardware_concurrency();
    std::string mem = after_colon(first_line_with("/proc/meminfo", "MemTotal:"));
    h.memory_bytes = std::strtoull(mem.c_str(), nullptr, 10) * 1024;
    std::ifstream id("/etc/machine-id");
    std::string machine;
    if (id >> machine && !machine.empty()) {
        h.machine_id = sha256_hex("gpu-reduce-prof:" + machine).substr(0, 16); // not the raw id
    }
    h.load_start = read_load_average();
    h.env = relevant_env();
    probe_clocks(h);
    return h;
}

std::string random_run_id() {
    std::random_device rd;
    std::ostringstream os;
    os << std::hex;
    for (int i = 0; i < 2; ++i) {
        os.width(8);
        os.fill('0');
        os << rd();
    }
    return os.str();
}

bool same_host(const host_info& a, const host_info& b) {
    if (!a.machine_id.empty() && !b.machine_id.empty()) {
        return a.machine_id == b.machine_id;
    }
    return a.hostname == b.hostname && a.cpu_model == b.cpu_model;
}

} // namespace grp
