#include "grp/core/machine/sensors/linux_cpu.hpp"

#include "grp/core/machine/sensors/sysfs_file.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <set>

namespace grp {

namespace fs = std::filesystem;

namespace {

/// A count or a clock: a whole non-negative number (a negative one is invalid, never wrapped).
std::optional<std::uint64_t> read_number(const fs::path& p) {
    const auto v = read_sysfs_in(p.string(), 0, INT64_MAX);
    return v ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(*v)) : std::nullopt;
}

/// A clock in kHz: positive (0 kHz is no clock, a negative one is invalid).
std::optional<std::uint64_t> read_khz(const fs::path& p) {
    const auto v = read_sysfs_in(p.string(), 1, INT64_MAX);
    return v ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(*v)) : std::nullopt;
}

/// A temperature in m°C, signed (−5000 is −5 °C); below absolute zero or above 1000 °C invalid.
std::optional<double> read_celsius(const fs::path& p) {
    const auto v = read_sysfs_in(p.string(), -273150, 1000000);
    return v ? std::optional<double>(static_cast<double>(*v) / 1000.0) : std::nullopt;
}

std::string read_word(const fs::path& p) {
    const auto text = read_sysfs_text(p.string()).value_or("");
    const auto b = text.find_first_not_of(" \t\n");
    return b == std::string::npos ? "" : text.substr(b, text.find_first_of(" \t\n", b) - b);
}

/// Entries of `dir` whose names start with `prefix`, sorted; none when `dir` is missing.
std::vector<fs::path> entries(const fs::path& dir, const std::string& prefix) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().filename().string().rfind(prefix, 0) == 0) {
            out.push_back(it->path());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// One RAPL package zone (intel-rapl:N, not its subzones intel-rapl:N:M).
struct rapl_zone {
    fs::path counter;
    std::uint64_t range = 0;
    std::uint64_t last = 0;
};

/// The files a CPU's sensors are read from.
struct linux_files {
    std::vector<fs::path> freq_files, temp_files, throttle_files;
    std::vector<rapl_zone> zones;
};

class linux_source final : public sensor_source {
public:
    linux_source(sensor_description d, linux_files f) : desc_(std::move(d)), f_(std::move(f)) {}

    sensor_reading read() override {
        sensor_reading r;
        r.t_s = sensor_now_s();
        double sum = 0;
        std::size_t n = 0;
        for (const auto& f : f_.freq_files) {
            if (auto khz = read_khz(f)) {
                sum += static_cast<double>(*khz) / 1000.0;
                ++n;
            }
        }
        if (n > 0) {
            r.clock_mhz = sum / static_cast<double>(n);
        }
        for (const auto& f : f_.temp_files) {
            if (auto c = read_celsius(f)) {
                r.temperature_c = std::max(r.temperature_c.value_or(-1e9), *c);
            }
        }
        read_energy(r);
        read_throttle(r);
        return r;
    }
    [[nodiscard]] const sensor_description& description() const override { return desc_; }

private:
    sensor_description desc_;
    linux_files f_;
    std::uint64_t energy_total_ = 0; ///< µJ over every package since open, wraps undone
    std::optional<std::uint64_t> throttles_;

    /// The packages' counters summed into one that never wraps: a counter below its last value
    /// went round its range once. Without a range (no max_energy_range_uj), or past it, a lower
    /// value is a reset: that interval's energy is unknown, so the reading is marked
    /// (energy_reset) and carries none; the sum goes on from the new value.
    void read_energy(sensor_reading& r) {
        bool any = false;
        for (auto& z : f_.zones) {
            auto now = read_number(z.counter);
            if (!now) {
                continue;
            }
            any = true;
            std::optional<std::uint64_t> add;
            if (*now >= z.last) {
                add = *now - z.last;
            } else if (z.range > z.last && *now <= z.range) {
                add = z.range - z.last + *now;
            }
            if (add && *add <= UINT64_MAX / 2 - energy_total_) {
                energy_total_ += *add;
            } else {
                r.energy_reset = true; // a reset, or a jump no counter makes
            }
            z.last = *now;
        }
        if (any && !r.energy_reset) {
            r.energy_uj = energy_total_;
        }
    }

    void read_throttle(sensor_reading& r) {
        if (f_.throttle_files.empty()) {
            return;
        }
        std::uint64_t total = 0;
        for (const auto& f : f_.throttle_files) {
            total = std::min(total + read_number(f).value_or(0), UINT64_MAX / 2);
        }
        if (throttles_ && total > *throttles_) {
            r.reasons |= clock_reason_cpu_thermal;
        }
        throttles_ = total;
        r.throttle_count = total;
    }
};

void find_clocks(const fs::path& sys, linux_files& s, sensor_description& d) {
    for (const auto& cpu : entries(sys / "devices/system/cpu", "cpu")) {
        if (read_khz(cpu / "cpufreq/scaling_cur_freq")) { // a FIFO, 0 or junk: not a clock
            s.freq_files.push_back(cpu / "cpufreq/scaling_cur_freq");
        }
        if (read_number(cpu / "thermal_throttle/core_throttle_count")) {
            s.throttle_files.push_back(cpu / "thermal_throttle/core_throttle_count");
        }
    }
    if (auto max = read_khz(sys / "devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq")) {
        d.max_clock_mhz = static_cast<double>(*max) / 1000.0;
    }
    if (s.freq_files.empty()) {
        d.lacking.emplace_back("clock: no cpufreq scaling_cur_freq under " +
                               (sys / "devices/system/cpu").string());
    } else {
        d.found.emplace_back("clock");
    }
    if (!s.throttle_files.empty()) {
        d.found.emplace_back("reasons");
    }
}

void find_energy(const fs::path& sys, linux_files& s, sensor_description& d) {
    const auto base = sys / "class/powercap";
    std::string why = "no RAPL counter under " + base.string();
    for (const auto& zone : entries(base, "intel-rapl:")) {
        if (zone.filename().string().find(':', 11) != std::string::npos) {
            continue; // a subzone (core, uncore, dram): the package counts it already
        }
        auto now = read_number(zone / "energy_uj");
        if (!now) {
            why = (zone / "energy_uj").string() + " is not readable (often root only)";
            continue;
        }
        s.zones.push_back(
            {zone / "energy_uj", read_number(zone / "max_energy_range_uj").value_or(0), *now});
    }
    if (s.zones.empty()) {
        d.lacking.push_back("energy: " + why);
        d.lacking.emplace_back("power: derived from the energy counter, which is missing");
    } else {
        d.found.emplace_back("energy");
        d.energy_wrap_uj = s.zones.front().range;
    }
}

void find_temperature(const fs::path& sys, linux_files& s, sensor_description& d) {
    static const std::set<std::string> cpu_monitors{"coretemp", "k10temp", "zenpower",
                                                    "cpu_thermal"};
    for (const auto& mon : entries(sys / "class/hwmon", "hwmon")) {
        if (cpu_monitors.count(read_word(mon / "name")) == 0) {
            continue;
        }
        for (const auto& f : entries(mon, "temp")) {
            const auto name = f.filename().string();
            if (name.size() > 6 && name.substr(name.size() - 6) == "_input" && read_celsius(f)) {
                s.temp_files.push_back(f);
            }
        }
    }
    if (s.temp_files.empty()) {
        d.lacking.push_back("temperature: no coretemp, k10temp or zenpower monitor under " +
                            (sys / "class/hwmon").string());
    } else {
        d.found.emplace_back("temperature");
    }
}

} // namespace

sensor_handle open_linux_cpu(const std::string& sysfs) {
    const fs::path sys(sysfs);
    sensor_description d;
    d.backend = "linux";
    d.device = "the host CPU (" + sys.string() + ")";
    linux_files files;
    find_clocks(sys, files, d);
    find_energy(sys, files, d);
    find_temperature(sys, files, d);
    sensor_handle h;
    if (d.found.empty()) {
        d.backend = "none";
        h.description = d;
        return h;
    }
    h.description = d;
    h.source = std::make_unique<linux_source>(d, std::move(files));
    return h;
}

} // namespace grp
