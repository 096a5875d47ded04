#include "grp/model/baseline/shards.hpp"

#include "grp/core/error.hpp"
#include "grp/model/plan/shard_schedulers.hpp"

#include <algorithm>
#include <cstddef>
#include <map>
#include <set>

namespace grp {

namespace {

std::string short_hash(const std::string& h) {
    return h.substr(0, 12);
}

// The first shards of a long list are named, the rest counted: a message stays readable.
constexpr std::size_t named_shards = 20;

std::string numbers_text(const std::vector<std::uint64_t>& v) {
    std::string out;
    for (std::size_t i = 0; i < v.size() && i < named_shards; ++i) {
        out += (out.empty() ? "" : ", ") + std::to_string(v[i]);
    }
    return out + (v.size() > named_shards ? " ... (" + std::to_string(v.size()) + " in all)" : "");
}

// "--shard 2/4 and --shard 4/4".
std::string shard_args(const std::vector<std::uint64_t>& missing, std::uint64_t count) {
    if (missing.size() > named_shards) {
        return "--shard K/" + std::to_string(count) + " for each";
    }
    std::string out;
    for (std::size_t i = 0; i < missing.size(); ++i) {
        out += std::string(i == 0                    ? ""
                           : i + 1 == missing.size() ? " and "
                                                     : ", ") +
               "--shard " + std::to_string(missing[i]) + "/" + std::to_string(count);
    }
    return out;
}

// The first shard seen sets the plan; every later one must match it.
void check_same_plan(shard_census& c, const shard_record& s, const std::string& label,
                     const std::string& first, std::size_t run) {
    if (c.plan_sha256.empty()) {
        c.plan_sha256 = s.plan_sha256;
        c.count = s.count;
        c.planned_cases = s.planned_cases;
        c.anchors = s.anchors;
        return;
    }
    if (s.plan_sha256 != c.plan_sha256) {
        throw usage_error(label + " is a shard of another plan (plan sha256 " +
                          short_hash(s.plan_sha256) + "..., " + first + "'s is " +
                          short_hash(c.plan_sha256) +
                          "...): shards of one sweep run the same kernels, types, sizes, local "
                          "sizes and devices; merge only the shards of one plan");
    }
    if (s.count != c.count) { // the same plan's hash: a record that is not what it claims
        throw file_error(label + ": /runs/" + std::to_string(run) +
                         "/shard/count: " + std::to_string(s.count) + " shards of the plan " +
                         first + " splits into " + std::to_string(c.count) +
                         ": its cases are not the share merge expects; merge the shards of one "
                         "split (run --shard K/" +
                         std::to_string(c.count) + ")");
    }
    if (s.anchors != c.anchors) {
        throw usage_error(label + " splits the plan around other anchors than " + first +
                          ": its cases are not the share merge expects");
    }
}

// Every shard index once: the input that holds it and the runs that claim it.
struct claim {
    std::size_t input = 0;
    std::set<std::string> run_ids;
};

std::set<std::uint64_t> shard_indices_of(const profile& p) {
    std::set<std::uint64_t> out;
    for (const auto& r : p.runs) {
        if (r.shard) {
            out.insert(r.shard->index);
        }
    }
    return out;
}

// How a copy of a shard ranks: complete first, then the more cases measured ok.
std::pair<bool, std::size_t> copy_rank(const profile& p) {
    std::size_t ok = 0;
    for (const auto& c : p.cases) {
        ok += c.status == case_status::ok ? 1 : 0;
    }
    return {p.complete, ok};
}

std::string copy_text(const profile& p) {
    const auto [complete, ok] = copy_rank(p);
    return std::string(complete ? "complete" : "incomplete") + ", " + std::to_string(ok) +
           " cases ok";
}

// One shard index in two inputs from different runs (a retry that raced the task it retried):
// one copy kept by rule, the other left out of the merge, said in a note. An input that holds
// other shards besides cannot be left out whole: refused, as merge cannot keep half a file.
void keep_one_copy(shard_census& c, claim& held, std::size_t input, std::uint64_t index,
                   const std::vector<std::pair<profile, std::string>>& inputs) {
    const auto& [old_p, old_label] = inputs[held.input];
    const auto& [new_p, new_label] = inputs[input];
    if (shard_indices_of(old_p).size() > 1 || shard_indices_of(new_p).size() > 1) {
        throw usage_error("shard " + std::to_string(index) + " twice: " + old_label + " and " +
                          new_label +
                          " are different runs of it, and one of them holds other shards "
                          "too; its cases would be timed twice: merge one of them");
    }
    const bool newer_wins = copy_rank(new_p) > copy_rank(old_p); // ties: the one given first
    const auto kept = newer_wins ? input : held.input;
    const auto dropped = newer_wins ? held.input : input;
    c.left_out.push_back(dropped);
    c.notes.push_back("shard " + std::to_string(index) + " twice, from two runs (a retry that " +
                      "raced?): kept " + inputs[kept].second + " (" +
                      copy_text(inputs[kept].first) + "), left out " + inputs[dropped].second +
                      " (" + copy_text(inputs[dropped].first) +
                      "); merge keeps the complete copy, then the one with more cases ok, then "
                      "the one given first");
    held = claim{kept, {}};
}

void claim_indices(shard_census& c, std::map<std::uint64_t, claim>& claims, std::size_t input,
                   const std::vector<std::pair<profile, std::string>>& inputs) {
    for (const auto& r : inputs[input].first.runs) {
        if (!r.shard) {
            continue;
        }
        auto [it, fresh] = claims.try_emplace(r.shard->index, claim{input, {}});
        auto& held = it->second;
        if (!fresh && held.input != input && held.run_ids.count(r.id) == 0) {
            keep_one_copy(c, held, input, r.shard->index, inputs);
        }
        if (held.input != input) {
            return; // this input was left out: its other runs are of the same shard
        }
        held.run_ids.insert(r.id);
    }
}

// The first shard whose scheduler can resubmit a task gives the resubmission's variables.
void note_resubmission(shard_census& c, const shard_record& s) {
    if (c.resubmit_source.empty() &&
        !scheduler_resubmission(s.source, s.variables, 1, s.count).empty()) {
        c.resubmit_source = s.source;
        c.resubmit_variables = s.variables;
    }
}

} // namespace

shard_census check_shards(const std::vector<std::pair<profile, std::string>>& inputs) {
    shard_census c;
    std::map<std::uint64_t, claim> claims;
    std::string first, unsharded;
    for (std::size_t input = 0; input < inputs.size(); ++input) {
        const auto& [p, label] = inputs[input];
        bool any = false;
        for (std::size_t i = 0; i < p.runs.size(); ++i) {
            const auto& r = p.runs[i];
            if (r.shard) {
                any = true;
                first = first.empty() ? label : first;
                check_same_plan(c, *r.shard, label, first, i);
                note_resubmission(c, *r.shard);
                c.rerun_argv = c.rerun_argv.empty() ? p.tool.argv : c.rerun_argv;
            }
        }
        if (any) {
            claim_indices(c, claims, input, inputs);
        }
        unsharded = !any && unsharded.empty() ? label : unsharded;
    }
    c.sharded = !first.empty();
    if (!c.sharded) {
        return c;
    }
    if (!unsharded.empty()) {
        throw usage_error(unsharded + " is not a shard (no run of it was run --shard), but " +
                          first + " is: merge the shards of one sweep on their own");
    }
    for (std::uint64_t k = 1; k <= c.count; ++k) {
        (claims.count(k) != 0 ? c.present : c.missing).push_back(k);
    }
    if (!c.missing.empty()) {
        c.warnings.push_back(missing_text(c) + " (run " + shard_args(c.missing, c.count) +
                             " and merge again)");
    }
    return c;
}

void drop_left_out(std::vector<std::pair<profile, std::string>>& inputs, const shard_census& c) {
    auto left_out = c.left_out; // erased from the last, so the positions hold
    std::sort(left_out.rbegin(), left_out.rend());
    left_out.erase(std::unique(left_out.begin(), left_out.end()), left_out.end());
    for (const auto i : left_out) {
        if (i < inputs.size()) {
            inputs.erase(inputs.begin() + static_cast<std::ptrdiff_t>(i));
        }
    }
}

std::string missing_text(const shard_census& c) {
    return "shard" + std::string(c.missing.size() == 1 ? " " : "s ") + numbers_text(c.missing) +
           " of " + std::to_string(c.count) + " missing: the merged profile lacks " +
           (c.missing.size() == 1 ? "its" : "their") + " share of the plan's " +
           std::to_string(c.planned_cases) + " cases";
}

void mark_missing_shards(profile& merged, const shard_census& c) {
    if (c.missing.empty()) {
        return;
    }
    merged.complete = false;
    const std::string why = missing_text(c) + " (merged with --allow-missing)";
    merged.incomplete_reason =
        merged.incomplete_reason.empty() ? why : merged.incomplete_reason + "; " + why;
}

void check_merged_shards(const profile& merged) {
    const auto problems = shard_problems(merged);
    if (!problems.empty()) {
        throw file_error("the shards do not add up to one sweep: in the merged profile, " +
                         problems.front() +
                         " (do two shards hold the same cases?); nothing is written");
    }
}

} // namespace grp
