#include "commands/run/run_control.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/ocl/enumerate.hpp"

#include <chrono>
#include <cmath>
#include <iostream>
#include <thread>
#include <unistd.h>

namespace grp::cli {

namespace {

/// A failed set call in words, with what to do about the common one.
std::string refused(const std::string& what, const nvml_status& s) {
    return what + ": " + s.text() +
           (s.code == 4 ? " (setting clocks and power limits needs root, or a driver that "
                          "lets this user; the run goes on without it)"
                        : "");
}

/// Another run's lock on the GPU that is still live; a lock of this very process (it restarted
/// itself after a hung launch) is waited for while its watchdog restores it.
std::string held_elsewhere(const std::string& path) {
    for (int i = 0; i < 40; ++i) {
        const auto other = read_control_lock(path);
        if (!other || (process_gone(other->run_pid) && process_gone(other->watchdog_pid))) {
            return "";
        }
        if (other->run_pid != ::getpid()) {
            return "another gpu-reduce-prof run (pid " + std::to_string(other->run_pid) +
                   ") holds this GPU's settings (" + path + ")";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return "this GPU's earlier lock " + path + " was not restored within 2 s";
}

} // namespace

run_control::run_control(const run_cli_options& o, const run::run_options& opts) {
    request_ = parse_clocks(o.clocks);
    request_.power_limit_w = parse_power_limit(o.power_limit);
    if (request_.any()) {
        try {
            watchdog_ = std::make_unique<control_watchdog>(); // before any thread and any change
        } catch (const std::exception& e) {
            no_watchdog_ = std::string("no watchdog to restore the settings: ") + e.what();
        }
    }
    for (const auto& line : recover_stale_locks(control_state_dir())) {
        std::cerr << "control: " << terminal_escape(line) << '\n';
    }
    apply(opts);
}

run_control::~run_control() {
    for (auto& h : devices_) {
        if (h.record.applied && !h.record.restored) {
            restore(h);
        }
    }
}

void run_control::apply(const run::run_options& opts) {
    if (!request_.any()) {
        return;
    }
    for (const auto& h : ocl::select(opts.devices, false)) {
        apply_one(h.info);
    }
}

void run_control::apply_one(const device_info& d) {
    held h;
    h.device = d;
    auto& r = h.record;
    r.requested = request_.describe();
    std::string why;
    if (!nvml_controls(d)) {
        why = std::string(d.is_gpu() ? "not an NVIDIA GPU" : "a CPU device") +
              ": run sets clocks and power limits through NVML, on NVIDIA GPUs only";
    } else if (!watchdog_) {
        why = no_watchdog_;
    } else if (h.gpu = nvml_control::open(nvml_library_from_env(), d.pci_bus, d.uuid, why); h.gpu) {
        h.lock.path = control_lock_path(control_state_dir(), h.gpu->uuid());
        why = held_elsewhere(h.lock.path);
    }
    if (!why.empty()) {
        refuse(std::move(h), why);
        return;
    }
    h.lock = {h.lock.path,
              ::getpid(),
              watchdog_->pid(),
              h.gpu->library(),
              h.gpu->uuid(),
              request_.clocks != control_request::clock_kind::none,
              request_.memory_mhz.has_value(),
              std::nullopt};
    unsigned previous = 0;
    if (request_.power_limit_w) {
        if (const auto s = h.gpu->power_limit_mw(previous); s.ok()) {
            h.lock.power_limit_mw = previous;
            r.previous_power_limit_w = previous / 1000.0;
        } else {
            r.why_not.push_back(refused("power limit: reading the limit now", s));
        }
    }
    try {
        write_control_lock(h.lock);
    } catch (const std::exception& e) { // no lock, no change: nothing could put it back
        refuse(std::move(h), std::string("nothing applied: ") + e.what());
        return;
    }
    watchdog_->hold(h.lock.path);
    set(h);
    devices_.push_back(std::move(h));
}

void run_control::refuse(held&& h, const std::string& why) {
    h.record.why_not.push_back(why);
    std::cerr << "control: " << terminal_escape(h.device.name)
              << ": not applied: " << terminal_escape(why) << "; the run goes on unlocked\n";
    devices_.push_back(std::move(h));
}

void run_control::set(held& h) {
    auto& r = h.record;
    auto& gpu = *h.gpu;
    bool clocks = false, memory = false, power = false;
    if (request_.clocks != control_request::clock_kind::none) {
        unsigned mhz = request_.clock_mhz;
        nvml_status s;
        if (request_.clocks == control_request::clock_kind::base) {
            s = gpu.lock_clocks(nvml_clock_limit_tdp, nvml_clock_limit_tdp);
        } else if (request_.clocks == control_request::clock_kind::max) {
            s = gpu.max_clock_mhz(mhz);
        }
        if (s.ok() && request_.clocks != control_request::clock_kind::base) {
            s = gpu.lock_clocks(mhz, mhz);
            r.clocks_min_mhz = r.clocks_max_mhz = mhz;
        }
        clocks = s.ok();
        if (!clocks) {
            r.clocks_min_mhz = r.clocks_max_mhz = std::nullopt;
            r.why_not.push_back(refused("clocks", s));
        } else {
            r.clocks = request_.clocks == control_request::clock_kind::base
                           ? "base (TDP)"
                           : std::to_string(mhz) + " MHz";
        }
    }
    if (request_.memory_mhz) {
        const auto s = gpu.lock_memory_clocks(*request_.memory_mhz, *request_.memory_mhz);
        memory = s.ok();
        r.memory_clock_mhz = memory ? request_.memory_mhz : std::nullopt;
        if (!memory) {
            r.why_not.push_back(refused("memory clocks", s));
        }
    }
    if (request_.power_limit_w && h.lock.power_limit_mw) {
        const auto s = gpu.set_power_limit_mw(
            static_cast<unsigned>(std::lround(*request_.power_limit_w * 1000)));
        power = s.ok();
        r.power_limit_w = power ? request_.power_limit_w : std::nullopt;
        if (!power) {
            r.why_not.push_back(refused("power limit", s));
        }
    }
    finish_apply(h, clocks, memory, power);
}

void run_control::finish_apply(held& h, bool clocks, bool memory, bool power) {
    auto& r = h.record;
    r.applied = clocks || memory || power;
    // The lock now holds what was changed, so a restore never undoes what it did not do.
    h.lock.clocks = clocks;
    h.lock.memory_clocks = memory;
    if (!power) {
        h.lock.power_limit_mw = std::nullopt;
    }
    if (!r.applied) {
        bool ok = false;
        restore_control_lock(h.lock, ok); // nothing to undo: removes the lock
        watchdog_->release(h.lock.path);
    } else {
        try {
            write_control_lock(h.lock);
        } catch (const std::exception&) { // the wider lock stays: its restore is a superset
        }
    }
    std::cerr << "control: " << terminal_escape(h.device.name) << " (" << h.lock.uuid
              << "): " << (r.applied ? "applied " : "nothing applied of ") << r.requested;
    for (const auto& w : r.why_not) {
        std::cerr << "\n  not applied: " << terminal_escape(w);
    }
    if (r.applied) {
        std::cerr << "\n  restored at the end of the run, by its watchdog (pid " << watchdog_->pid()
                  << ") if the run dies first";
    }
    std::cerr << '\n';
}

void run_control::restore(held& h) {
    bool ok = false;
    h.record.restore = restore_control_lock(h.lock, ok);
    h.record.restored = ok;
    if (ok) {
        watchdog_->release(h.lock.path);
    }
    if (!ok) {
        std::cerr << "control: " << h.lock.uuid << ": " << terminal_escape(h.record.restore)
                  << "\n  the lock " << h.lock.path << " stays; the next run tries again\n";
    }
}

void run_control::finish(profile& p) {
    for (auto& h : devices_) {
        if (h.record.applied && !h.record.restored) {
            restore(h);
        }
        if (h.record.previous_power_limit_w && !h.record.power_limit_w) {
            h.record.previous_power_limit_w = std::nullopt; // not changed: nothing to put back
        }
        for (auto& pd : p.devices) {
            if (pd.info.index == h.device.index && pd.info.name == h.device.name) {
                pd.control = h.record;
            }
        }
    }
}

} // namespace grp::cli
