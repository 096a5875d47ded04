#include "grp/run/sensing.hpp"

#include "grp/run/interrupt.hpp"

#include <chrono>
#include <cstdio>
#include <thread>

namespace grp::run {

device_sensors open_device_sensors(const device_info& dev, const sensor_settings& s,
                                   const settle_options& settle, const cooldown_options& cooldown) {
    device_sensors out;
    out.handle = open_sensors(dev, s);
    if (cooldown.max_s > 0 && nvml_controls(dev)) {
        std::string why; // no cool-down without NVML: the rounds' conditions still say so
        out.thermal = nvml_control::open(s.nvml, dev.pci_bus, dev.uuid, why);
    }
    out.judge_clock = out.handle.description.backend == "nvml";
    out.settle = settle;
    if (!dev.is_gpu()) {
        out.settled = true; // a CPU ramps in milliseconds: each round's warm-up covers it
        out.skipped = "none: a CPU's clock ramps within each round's warm-up";
    }
    return out;
}

std::optional<double> cool_before_round(device_sensors& s, const cooldown_options& opt) {
    if (!s.thermal) {
        return std::nullopt;
    }
    const auto read = [&s] {
        thermal_reading r;
        unsigned t = 0, limit = 0;
        if (!interrupted() && s.thermal->temperature_c(t).ok() &&
            s.thermal->slowdown_c(limit).ok()) {
            r.temperature_c = t;
            r.slowdown_c = limit;
        }
        return r;
    };
    const auto sleep = [](double seconds) {
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    };
    const auto waited = cool_down(read, opt, sleep, sensor_now_s);
    if (waited && *waited >= opt.max_s) {
        s.thermal.reset(); // a GPU that runs this hot never cools: no round waits again
    }
    return waited;
}

sensor_record sensor_record_of(const sensor_description& d) {
    sensor_record r;
    r.backend = d.backend;
    r.device = d.device;
    r.found = d.found;
    r.lacking = d.lacking;
    r.max_clock_mhz = d.max_clock_mhz;
    return r;
}

void settle_before_rounds(device_sensors& s, input_store& inputs, std::vector<prepared_case>& cases,
                          sensor_record& record) {
    if (s.settled) {
        if (!s.skipped.empty() && record.settle.empty()) {
            record.settle = s.skipped;
        }
        return;
    }
    s.settled = true;
    prepared_case* first = nullptr;
    for (auto& c : cases) {
        if (c.active() && !c.restore_each_launch) {
            first = &c;
            break;
        }
    }
    if (first == nullptr) {
        return;
    }
    first->chain->bind(inputs.get(first->input).working);
    const auto r = settle_clocks(
        s.handle.source.get(),
        [&] {
            if (!interrupted()) {
                first->chain->run_untimed();
            }
        },
        s.settle);
    record.settle_s = r.seconds;
    record.settle = r.how + " (" + std::to_string(r.launches) + " launches of " +
                    first->result.key.to_string() + ")";
}

void mark_rounds(const device_sensors& s, profile& p, int device) {
    if (s.judge_clock) { // this process's rounds are run 0 until a merge renumbers them
        mark_below_steady_clock(p.cases, device, 0);
    }
}

} // namespace grp::run
