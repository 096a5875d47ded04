#include "grp/run/rounds.hpp"

#include "grp/core/machine/cpu_affinity.hpp"
#include "grp/core/machine/cpu_contention.hpp"
#include "grp/model/plan/round_order.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/launch/case_checks.hpp"

#include <algorithm>
#include <set>
#include <thread>

namespace grp::run {

namespace {

using clock = std::chrono::steady_clock;

double seconds_since(clock::time_point t) {
    return std::chrono::duration<double>(clock::now() - t).count();
}

void note_flag(case_result& r, const std::string& flag) {
    if (std::find(r.flags.begin(), r.flags.end(), flag) == r.flags.end()) {
        r.flags.push_back(flag);
    }
}

// One timed launch chain: restore (untimed) if needed, run, check the final value, record.
void timed_launch(round_context& ctx, prepared_case& c, round_record& round,
                  std::vector<double>& kept, std::uint64_t resolution) {
    if (c.restore_each_launch) {
        ctx.inputs.restore(c.input);
    }
    const auto t = c.chain->run(resolution);
    const auto values = c.chain->read_result();
    check_launch(c, values, c.chain->read_counter());
    if (!t.flag.empty()) {
        ++round.flagged;
        note_flag(c.result, t.flag);
        return;
    }
    round.samples_ns.push_back(t.span_ns);
    if (c.result.passes.size() > 1) {
        round.pass_sum_ns.push_back(t.pass_sum_ns);
    }
    round.overhead_ns.push_back(t.overhead_ns);
    kept.push_back(static_cast<double>(t.span_ns));
}

bool round_done(const measure_options& m, const round_record& round,
                const std::vector<double>& kept, double elapsed_s) {
    const auto attempts = round.samples_ns.size() + round.flagged;
    if (attempts >= m.max_samples) {
        return true;
    }
    if (kept.size() < m.min_samples) {
        // A case whose every stamp is flagged must still end: give up after the budget.
        return attempts >= m.min_samples && elapsed_s >= round_budget_s(m);
    }
    return median_rse(kept) <= m.max_noise || elapsed_s >= round_budget_s(m);
}

// Waits until `spacing` after the previous round's start; the device idles meanwhile.
void keep_spacing(round_context& ctx, clock::time_point previous) {
    const auto due = previous + std::chrono::duration_cast<clock::duration>(
                                    std::chrono::duration<double>(ctx.measure.round_spacing_s));
    if (clock::now() < due) {
        auto t = ctx.phases.time("idle");
        while (clock::now() < due && !interrupted()) {
            std::this_thread::sleep_for(
                std::min<clock::duration>(due - clock::now(), std::chrono::milliseconds(20)));
        }
    }
}

} // namespace

void sample_round(round_context& ctx, prepared_case& c) {
    const auto& m = ctx.measure;
    const auto resolution = ctx.session.info().timer_resolution_ns.value_or(0);
    round_record round;
    round.started_s = seconds_since(ctx.run_start);
    contention_meter contention;
    contention.start();
    round.warmup = m.warmup;
    round.cpu = ctx.round_cpu;
    std::vector<double> kept;
    try {
        c.chain->bind(ctx.inputs.get(c.input).working);
        for (std::uint64_t i = 0; i < m.warmup && !interrupted(); ++i) {
            if (c.restore_each_launch) {
                ctx.inputs.restore(c.input);
            }
            c.chain->run_untimed();
        }
        const auto start = clock::now();
        while (!interrupted() && !round_done(m, round, kept, seconds_since(start))) {
            timed_launch(ctx, c, round, kept, resolution);
        }
        if (c.restore_each_launch) {
            // Its last launch changed the shared working copy (declared in place, or caught
            // writing): the next case must start from pristine data.
            ctx.inputs.restore(c.input);
        } else {
            ++c.result.verification.input_checks;
            if (ctx.inputs.modified(c.input)) {
                ctx.inputs.restore(c.input);
                c.result.verification.input_modified = true;
                c.restore_each_launch = true;
                mark_wrong(c.result, "the kernel wrote into its input buffer during timing");
            }
        }
    } catch (const cl::Error& e) {
        if (interrupted()) {
            return; // cut off by the stop request: not a finished round
        }
        c.result.status = case_status::failed;
        c.result.reason = ocl::wrap("timing " + c.result.key.to_string(), e).what();
        c.chain.reset();
        return;
    }
    round.cpu_wait = contention.ratio();
    if (kept.size() >= 2 && median_rse(kept) > m.max_noise) {
        c.result.noise_target_met = false;
    }
    if (!round.samples_ns.empty() || round.flagged > 0) {
        c.result.rounds.push_back(std::move(round));
    }
}

namespace {

/// Rounds of the case that another process did not disturb (compare sets the others aside).
std::size_t clean_rounds(const case_result& r) {
    return static_cast<std::size_t>(
        std::count_if(r.rounds.begin(), r.rounds.end(), [](const auto& x) {
            return !x.cpu_wait || *x.cpu_wait <= disturbed_cpu_wait;
        }));
}

/// Whether round `r` visits case `c`: every planned round visits every active case; an extra
/// round only the cases that lack undisturbed rounds.
bool visits(std::size_t r, const measure_options& m, const prepared_case& c) {
    return c.active() && (r < m.rounds || clean_rounds(c.result) < m.rounds);
}

} // namespace

void run_rounds(round_context& ctx, const std::vector<prepared_case*>& cases,
                const round_progress& progress) {
    std::set<input_key> inputs;
    for (auto* c : cases) {
        c->result.rounds_planned = ctx.measure.rounds;
        if (c->active()) {
            inputs.insert(c->input);
        }
    }
    const auto& m = ctx.measure;
    clock::time_point previous{};
    for (std::size_t r = 0; r < m.rounds + m.extra_rounds && !interrupted(); ++r) {
        if (r >= m.rounds && std::none_of(cases.begin(), cases.end(),
                                          [&](const auto* c) { return visits(r, m, *c); })) {
            break; // every case has its undisturbed rounds
        }
        if (r > 0) {
            keep_spacing(ctx, previous);
        }
        previous = clock::now();
        auto t = ctx.phases.time("sampling");
        for (const auto& k : inputs) {
            ctx.inputs.refresh(k); // fresh allocations: placement varies between rounds
        }
        std::optional<cpu_pin> pin; // after refresh: its helper threads keep the whole mask
        if (auto cpu = rotation_cpu(ctx.rotation_cpus, m.first_round + r)) {
            pin.emplace(*cpu);
        }
        ctx.round_cpu = pin ? pin->pinned() : std::nullopt;
        // Every round visits the cases in a fresh seeded permutation (round_order.hpp), so no case
        // keeps a neighbour or a place in the pass; the round records its position.
        const auto order = round_order(cases.size(), m.order_seed, m.first_round + r);
        for (std::size_t k = 0; k < order.size() && !interrupted(); ++k) {
            auto& c = *cases[order[k]];
            if (visits(r, m, c)) {
                const std::size_t before = c.result.rounds.size();
                sample_round(ctx, c);
                if (c.result.rounds.size() > before) {
                    c.result.rounds.back().position = static_cast<std::uint32_t>(k);
                }
                if (progress) {
                    progress(r, k);
                }
            }
        }
        if (progress) {
            progress(r, cases.size());
        }
    }
}

} // namespace grp::run
