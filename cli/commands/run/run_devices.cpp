#include "commands/run/run_devices.hpp"

#include "commands/command.hpp"
#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/plan/device_select.hpp"
#include "grp/ocl/enumerate.hpp"
#include "grp/parts/device_parts.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/run_record.hpp"

#include <iostream>

namespace grp::cli {

namespace {

void announce(const std::vector<device_info>& devices) {
    std::cerr << "measuring " << devices.size()
              << " devices at once, a process each (--devices-parallel off: one after the "
                 "other):";
    for (const auto& d : devices) {
        std::cerr << "\n  " << parts::device_prefix(d) << terminal_escape(d.name) << " ("
                  << terminal_escape(d.platform_name) << ")";
    }
    std::cerr << "\neach line below starts with the device its process measures\n";
}

// A usage or file error is the same on every device: when every process stopped with the same
// one, the run stops with it, as one process would have. A device's own failure (OpenCL, a
// kernel build, a process killed) is recorded instead, and the run ends with exit 1.
void stop_when_all_failed_alike(const std::vector<parts::device_part>& parts) {
    const int code = parts.front().exit_status;
    for (const auto& dp : parts) {
        if (dp.failure.empty() || dp.exit_status != code) {
            return;
        }
    }
    if (code == static_cast<int>(exit_code::opencl) ||
        code == static_cast<int>(exit_code::kernel_build) ||
        code == static_cast<int>(exit_code::process_killed)) {
        return;
    }
    throw error("every device's process stopped with exit status " + std::to_string(code) + ": " +
                    parts.front().failure,
                static_cast<exit_code>(code));
}

// The host's end and, in a profile of one run, this process's wall time (from its start to the
// merge, the devices' processes included); each run's phases and the cores other processes kept
// busy stay the devices' own (this process's view would count its own children as others).
void finish_times(profile& p) {
    const auto merged = p.runs;
    run::finish_host_record(p);
    for (std::size_t j = 0; j < p.runs.size() && j < merged.size(); ++j) {
        p.runs[j].phases = merged[j].phases;
        p.runs[j].other_cpu_cores = merged[j].other_cpu_cores;
    }
}

} // namespace

std::vector<device_info> parallel_devices(const run_cli_options& o, const run::run_options& opts) {
    const auto mode = parse_devices_parallel(o.devices_parallel);
    if (!o.part.empty() || o.device_child >= 0 || mode == devices_parallel::off ||
        !may_select_several(opts.devices)) {
        return {};
    }
    // A shard's plan and a resumed profile cover every selected device at once (their hash,
    // their union): one process must hold them all.
    if (!o.shard.empty() || !o.resume.empty()) {
        if (mode == devices_parallel::on) {
            throw usage_error(std::string("--devices-parallel on with ") +
                              (o.shard.empty() ? "--resume" : "--shard") +
                              ": its plan covers every selected device in one process; drop "
                              "--devices-parallel (auto measures them one after the other "
                              "then), or run one process per device yourself");
        }
        return {};
    }
    std::vector<device_info> selected;
    // No probe kernel: the listing makes no context (each device's process lists them again).
    for (const auto& h : ocl::select(opts.devices, /*probe=*/false)) {
        selected.push_back(h.info);
    }
    return measure_in_parallel(mode, selected) ? selected : std::vector<device_info>{};
}

std::shared_ptr<parts::part_folder> make_part_folder(const std::string& out,
                                                     parts::checkpoint_store& store) {
    auto folder = std::make_shared<parts::part_folder>(out);
    const std::weak_ptr<parts::part_folder> weak = folder;
    store.set_hooks(
        [weak] {
            if (const auto f = weak.lock()) {
                f->saved();
            }
        },
        [weak] {
            const auto f = weak.lock();
            return f ? f->leave(run::follower() != 0) : std::string();
        });
    return folder;
}

void measure_devices(const std::vector<device_info>& devices, parts::part_folder& folder,
                     bool quiet, std::uint64_t order_seed, profile& p) {
    if (!quiet) {
        announce(devices);
    }
    const auto parts = parts::run_device_children(invocation_argv(), devices, order_seed, folder);
    stop_when_all_failed_alike(parts);
    p = parts::merge_device_parts(parts, p);
    finish_times(p);
    if (!run::interrupted()) {
        return;
    }
    const int sig = run::interrupt_signal();
    if (p.cases.empty()) { // no empty profile
        throw error(std::string("interrupted by ") + run::signal_name(sig) +
                        " before any device's process finished a case: no profile is written",
                    static_cast<exit_code>(128 + sig));
    }
    p.complete = false;
    p.incomplete_reason = std::string("interrupted by ") + run::signal_name(sig);
}

} // namespace grp::cli
