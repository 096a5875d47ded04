// Profiles built in C++ for the profile and schema tests: one with every optional field set and
// every list filled, one with every optional empty. Serializing them with to_json and validating
// the result against the schema keeps the writer and profiles/profile.schema.json from drifting.
#pragma once

#include "grp/model/profile/profile.hpp"

namespace grp::test {

/// Every optional set to a distinct finite value, every list non-empty, every flag off its
/// default, so a field lost in a round trip shows up as a difference.
inline device_info rich_device_info() {
    device_info d;
    d.index = 1;
    d.platform_index = 1;
    d.device_index = 0;
    d.platform_name = "NVIDIA CUDA";
    d.platform_vendor = "NVIDIA Corporation";
    d.platform_version = "OpenCL 3.0 CUDA 12.2.148";
    d.name = "NVIDIA GeForce RTX 3080";
    d.vendor = "NVIDIA Corporation";
    d.type = "gpu";
    d.device_version = "OpenCL 3.0 CUDA";
    d.driver_version = "535.104.05";
    d.opencl_c_version = "OpenCL C 1.2";
    d.uuid = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
    d.compute_units = 68;
    d.max_clock_mhz = 1710;
    d.max_work_group_size = 1024;
    d.max_work_item_sizes = {1024, 1024, 64};
    d.local_mem_type = "local";
    d.local_mem_bytes = 49152;
    d.global_mem_bytes = 10737418240ULL;
    d.global_cache_bytes = 1966080;
    d.global_cacheline_bytes = 128;
    d.max_alloc_bytes = 2684354560ULL;
    d.preferred_work_group_multiple = 32;
    d.subgroups = true;
    d.max_sub_groups = 32;
    d.fp64 = true;
    d.timer_resolution_ns = 1000;
    d.extensions = {"cl_khr_fp64", "cl_khr_subgroups"};
    return d;
}

inline case_result rich_case() {
    case_result c;
    c.key = make_case_key("layout_tree", "float", "aos12", 1048576, 256);
    c.device = 0;
    c.scenario = "barrier";
    c.status = case_status::race_observed;
    c.reason = "12 of 100 launches without a barrier were wrong";
    c.build_options = "-D T=float -D blockSize=256 -D nIsPow2=1";
    c.passes = {{1048576, 524288, 256, 2048}, {2048, 256, 256, 1}};
    c.finish = "host";
    round_record first;
    first.run = 0;
    first.started_s = 0.25;
    first.warmup = 3;
    first.flagged = 1;
    first.samples_ns = {412000, 409500};
    first.pass_sum_ns = {401000, 399000};
    first.overhead_ns = {8100, 7900};
    first.position = 2;
    round_conditions cond;
    cond.seconds = 0.125;
    cond.readings = 5;
    cond.clock_mhz_min = 1410;
    cond.clock_mhz_max = 1980;
    cond.mem_clock_mhz_min = 2619;
    cond.mem_clock_mhz_max = 2619;
    cond.temperature_c = 41;
    cond.power_w = 243.5;
    cond.energy_j = 30.4375;
    cond.energy_source = "counter";
    cond.reasons = {"idle", "sw_power_cap"};
    cond.unsteady = "throttled: sw_power_cap";
    cond.cooldown_s = 1.25;
    first.conditions = cond;
    round_record second = first;
    second.started_s = 0.75;
    second.flagged = 0;
    second.samples_ns = {415250};
    second.pass_sum_ns = {404000};
    second.overhead_ns = {8300};
    second.position = 4;
    c.rounds = {first, second};
    c.rounds_planned = 3;
    c.flags = {"END before START"};
    c.noise_target_met = false;
    c.derive_from_rounds();
    c.verification.data = "random (seed 1)";
    c.verification.exact_ok = false;
    c.verification.exact_data = "windows";
    c.verification.exact_launches = 2;
    c.verification.exact_failure = "records [0, 8): expected exactly 12, got 11";
    c.verification.launches_checked = 100;
    c.verification.wrong_launches = 12;
    c.verification.example_wrong = 7.5;
    c.verification.input_checks = 3;
    c.verification.input_modified = true;
    c.notes = {"a note"};
    c.above_peak = true;
    c.bytes = 12582912;
    c.bytes_counted = "input read once: 12 B per record (aos12)";
    c.gbps = 30.54;
    c.elements_per_s = 2545087378.5;
    c.pct_of_peak = 4.2;
    c.result = {1.5, -2.25, 3.125};
    c.reference = {1.5, -2.25, 3.0};
    c.abs_error = 0.125;
    c.rel_error = 0.04;
    c.tolerance = 1e-5;
    c.extra = {{"wrong_launches", 12}, {"launches", 100}};
    check_record k; // 2.7, what check records: one finding, one pass
    k.simulator = "Oclgrind 21.10";
    sim_diagnostic d;
    d.kind = "data-race";
    d.message = "Read-write data race at local memory";
    d.address_space = "local";
    d.kernel = "reduce_aos12";
    d.at = {{"user.cl", 54, 5, "part[tid] += part[tid + s];"}, {"user.cl", 54, 5, "same"}};
    d.work_items = {"Global(1,0,0) Local(1,0,0) Group(0,0,0)"};
    d.count = 3;
    k.diagnostics = {d};
    k.diagnostics_seen = 3;
    k.capped = true;
    sim_pass_counts pass;
    pass.kernel = "reduce_aos12";
    pass.work_groups = 4;
    pass.instructions = 1000;
    pass.barriers = 64;
    pass.bytes = {{"load global", 4096}};
    pass.by_opcode = {{"fadd", 256}, {"load global", 1024}};
    k.passes = {pass};
    access_summary a; // 2.18, how the passes accessed memory
    a.global_requests = 32;
    a.segments[0][0] = 4.0;
    a.segments[1][2] = 2.0;
    a.local_requests = 16;
    a.bank_conflict_ways = 1.5;
    a.simd_efficiency = 0.75;
    a.instructions_per_barrier = 15.5;
    a.distinct_lines = 32;
    a.line_entropy_bits = 5.0;
    k.access = a;
    c.check = k;
    c.energy = case_energy{243.5, 0.0735, 14.5, 3.5e9, "energy counter over 2.25 s of rounds", ""};
    return c;
}

inline profile rich_profile() {
    profile p;
    p.schema_version = "2.4.2";
    p.incomplete_reason = "interrupted by SIGTERM";
    p.complete = false;
    p.tool = {"gpu-reduce-prof", "0.1.0", "8df9425a1b2c", {"gpu-reduce-prof", "run", "-o", "p"}};
    p.host.hostname = "ci-runner-7";
    p.host.os = "Linux 6.1.0 x86_64";
    p.host.started_at = "2024-05-02T09:14:03Z";
    p.host.finished_at = "2024-05-02T09:14:11Z";
    p.host.cpu_model = "AMD EPYC 7763";
    p.host.cpu_cores = 2;
    p.host.memory_bytes = 8ULL << 30;
    p.host.machine_id = "0123456789abcdef";
    p.host.load_start = std::array<double, 3>{0.5, 0.25, 0.125};
    p.host.env = {{"POCL_DEVICES", "cpu"}};
    p.runs = {{"feedc0de00000001", "", "8df9425a1b2c", "0.1.0", p.host, {}, {}, {}, {}, {}}};
    p.runs.front().phases.seconds = {{"build", 0.5}, {"sampling", 1.25}};
    p.runs.front().wall_s = 2.5;
    p.runs.front().other_cpu_cores = 0.25;
    p.runs.front().revision =
        git_revision{"0123456789abcdef0123456789abcdef01234567", "2026-11-28T12:00:00+00:00", true};
    // 2.15: a shard of a sharded sweep, its anchor the sample case (so `fleet` is written too)
    p.runs.front().shard = shard_record{2,
                                        4,
                                        "slurm",
                                        std::string(64, 'c'),
                                        16,
                                        5,
                                        {"layout_tree/float/aos12/n=1048576/local=256"},
                                        {{"SLURM_ARRAY_TASK_ID", "1"}}}; // 2.18
    p.settings = {{"samples", 30}, {"max_noise", 0.01}};
    profile_device d;
    d.info = rich_device_info();
    d.peak = peak_bandwidth{712.5, 640.25, 268435456, 376750.5, 838612.0, "stream_read"};
    d.phases.seconds = {{"build", 0.5}, {"sampling", 2.25}};
    d.simd_width_estimate = 32;
    d.sensors = sensor_record{"nvml",
                              "NVIDIA H100 80GB HBM3 (00000000:19:00.0)",
                              {"clock", "energy"},
                              {"power: nvmlDeviceGetPowerUsage failed"},
                              1980,
                              0.046,
                              "clock steady at 1980 MHz"};
    d.control = control_record{"clocks max, power limit 300 W",
                               1980,
                               1980,
                               "1980 MHz",
                               std::nullopt,
                               300,
                               700,
                               true,
                               true,
                               "reset the locked SM clock; set the power limit back to 700 W",
                               {"memory clocks: NVML_ERROR_NOT_SUPPORTED (3)"}};
    d.conditions =
        device_conditions{{known_fact("board_name", "NVIDIA H100 80GB HBM3"),
                           known_fact("power_limit_w", 700.0), known_fact("smt_active", true),
                           unknown_fact("ecc", "nvmlDeviceGetEccMode: no permission")},
                          gpu_key_facts()};
    p.devices.push_back(d);
    p.kernels.push_back({"layout_tree",
                         "reduce_aos12",
                         "builtin:layout.cl",
                         "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                         {{"args", {"input", "output", "n", "local"}}}});
    p.cases.push_back(rich_case());
    p.scenarios = {{"barrier", {{"wrong_fraction", 0.12}}}};
    host_baseline hb;
    hb.type = "int";
    hb.n = 1048576;
    hb.data = "random (seed 1)";
    hb.bytes = 4194304;
    hb.warmup = 1;
    hb.methods = {{"sequential", 1, {412000, 409500}, 410750.0, -1234.0},
                  {"threads", 16, {61000, 60500}, 60750.0, -1234.0}};
    p.host_baselines.push_back(hb);
    return p;
}

/// One device, kernel and case, each default-constructed: every optional empty, every list empty.
inline profile empty_optionals_profile() {
    profile p;
    p.devices.emplace_back();
    p.kernels.emplace_back();
    p.cases.emplace_back();
    return p;
}

} // namespace grp::test
