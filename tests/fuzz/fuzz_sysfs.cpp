// Fuzzes the Linux CPU sensors on a fake sysfs tree (GRP_SENSOR_SYSFS): the input, split at NUL
// bytes, gives the files of a tree (clocks, a throttle counter, a RAPL zone with and without its
// range, a hwmon monitor); a part that begins with 'F' becomes a FIFO, 'D' a folder, 'X' no file.
// The sensors are opened and read four times, the energy counter and a temperature rewritten
// from the later parts between reads. Oracles besides the sanitizers and the timeout (a FIFO that
// blocks is a hang): a clock is positive and finite, a temperature lies between absolute zero
// and 1000 °C, the energy counter never goes back, and a reading marked reset carries no energy.
#include "grp/core/machine/sensors/linux_cpu.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

const char* const files[] = {
    "devices/system/cpu/cpu0/cpufreq/scaling_cur_freq",
    "devices/system/cpu/cpu1/cpufreq/scaling_cur_freq",
    "devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq",
    "devices/system/cpu/cpu0/thermal_throttle/core_throttle_count",
    "class/powercap/intel-rapl:0/energy_uj",
    "class/powercap/intel-rapl:0/max_energy_range_uj",
    "class/powercap/intel-rapl:1/energy_uj",
    "class/hwmon/hwmon0/name",
    "class/hwmon/hwmon0/temp1_input",
    "class/hwmon/hwmon0/temp2_input",
};
constexpr std::size_t file_count = sizeof files / sizeof files[0];

void fail(const char* what, double v) {
    std::fprintf(stderr, "fuzz_sysfs: %s (%.17g)\n", what, v);
    std::abort();
}

void put(const fs::path& p, const std::string& part) {
    std::error_code ec;
    fs::remove_all(p, ec);
    fs::create_directories(p.parent_path(), ec);
    if (!part.empty() && part[0] == 'F') {
        ::mkfifo(p.c_str(), 0600);
    } else if (!part.empty() && part[0] == 'D') {
        fs::create_directories(p, ec);
    } else if (part.empty() || part[0] != 'X') {
        std::ofstream(p, std::ios::binary) << part;
    }
}

void check(const grp::sensor_reading& r, std::optional<std::uint64_t>& last_energy) {
    if (r.clock_mhz && !(*r.clock_mhz > 0 && std::isfinite(*r.clock_mhz))) {
        fail("a clock that is not positive and finite", *r.clock_mhz);
    }
    if (r.temperature_c && !(*r.temperature_c >= -273.15 && *r.temperature_c <= 1000)) {
        fail("a temperature beyond physics", *r.temperature_c);
    }
    if (r.energy_reset && r.energy_uj) {
        fail("a reset reading with an energy", static_cast<double>(*r.energy_uj));
    }
    if (r.energy_uj) {
        if (last_energy && *r.energy_uj < *last_energy) {
            fail("the energy counter went back", static_cast<double>(*r.energy_uj));
        }
        last_energy = r.energy_uj;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const fs::path root = "/tmp/grp-fuzz-sysfs-" + std::to_string(::getpid());
    std::vector<std::string> parts(1);
    for (std::size_t i = 0; i < size && parts.size() < file_count + 8; ++i) {
        if (data[i] == 0) {
            parts.emplace_back();
        } else {
            parts.back() += static_cast<char>(data[i]);
        }
    }
    parts.resize(file_count + 8);
    std::error_code ec;
    fs::remove_all(root, ec);
    for (std::size_t i = 0; i < file_count; ++i) {
        put(root / files[i], parts[i]);
    }
    const auto h = grp::open_linux_cpu(root.string());
    if (h.source) {
        std::optional<std::uint64_t> last;
        for (std::size_t k = 0; k < 4; ++k) {
            check(h.source->read(), last);
            put(root / files[4], parts[file_count + 2 * k]);
            put(root / files[8], parts[file_count + 2 * k + 1]);
        }
    }
    return 0;
}
