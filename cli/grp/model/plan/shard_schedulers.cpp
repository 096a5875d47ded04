#include "grp/model/plan/shard_schedulers.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace grp {

namespace {

using shard_variables = std::map<std::string, std::string>;

// A job array: each task's ID within a range (min, max, step; or a count of tasks).
struct array_scheduler {
    const char* source;
    const char* id;               // the task's ID
    const char* min;              // the array's first ID; nullptr: the scheduler does not say
    const char* max;              // its last ID
    const char* count;            // its number of tasks; nullptr: from min, max and step
    const char* step;             // nullptr: 1
    std::uint64_t default_min;    // the first ID of the scheduler's plain numbering (0-(N-1))
    const char* not_an_array;     // the ID's value in a job that is no array, or nullptr
    std::vector<const char*> job; // the job's own variables, kept for its resubmission
};

// An index, 0- or 1-based, with the count where the scheduler says it.
struct index_scheduler {
    const char* source;
    const char* index;
    std::uint64_t base; // the first shard's index
    const char* count;  // nullptr: auto/N or GRP_SHARD_COUNT
};

// The first found wins, in this order: docs/fleet.md's table.
const std::vector<array_scheduler>& array_schedulers() {
    static const std::vector<array_scheduler> table{
        {"slurm",
         "SLURM_ARRAY_TASK_ID",
         "SLURM_ARRAY_TASK_MIN",
         "SLURM_ARRAY_TASK_MAX",
         "SLURM_ARRAY_TASK_COUNT",
         "SLURM_ARRAY_TASK_STEP",
         0,
         nullptr,
         {"SLURM_ARRAY_JOB_ID", "SLURM_JOB_NAME", "SLURM_SUBMIT_DIR"}},
        // Grid Engine (SGE, OGS, UGE): qsub -t 1-8; SGE_TASK_ID is "undefined" outside an array
        {"sge",
         "SGE_TASK_ID",
         "SGE_TASK_FIRST",
         "SGE_TASK_LAST",
         nullptr,
         "SGE_TASK_STEPSIZE",
         1,
         "undefined",
         {"JOB_ID", "JOB_NAME", "SGE_O_WORKDIR"}},
        // LSF: bsub -J "name[1-8]"; it says no first index (arrays from 1); 0 outside an array
        {"lsf",
         "LSB_JOBINDEX",
         nullptr,
         "LSB_JOBINDEX_END",
         nullptr,
         "LSB_JOBINDEX_STEP",
         1,
         "0",
         {"LSB_JOBID", "LSB_JOBNAME"}},
    };
    return table;
}

const std::vector<index_scheduler>& index_schedulers() {
    static const std::vector<index_scheduler> table{
        {"pbs", "PBS_ARRAY_INDEX", 0, nullptr}, // PBS Pro / OpenPBS qsub -J 0-7
        {"flux", "FLUX_JOB_CC", 0, nullptr},    // flux submit --cc=0-7
        {"kubernetes", "JOB_COMPLETION_INDEX", 0, nullptr},
        {"gitlab", "CI_NODE_INDEX", 1, "CI_NODE_TOTAL"},
        {"circleci", "CIRCLE_NODE_INDEX", 0, "CIRCLE_NODE_TOTAL"},
        {"buildkite", "BUILDKITE_PARALLEL_JOB", 0, "BUILDKITE_PARALLEL_JOB_COUNT"},
        // Azure Pipelines' strategy: parallel: N (System.JobPositionInPhase as a variable)
        {"azure", "SYSTEM_JOBPOSITIONINPHASE", 1, "SYSTEM_TOTALJOBSINPHASE"},
    };
    return table;
}

std::optional<std::uint64_t> shard_digits(const std::string& text) {
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != text.npos) {
        return std::nullopt;
    }
    return std::stoull(text);
}

void keep_variable(const env_lookup& env, const char* name, shard_variables& out) {
    if (name == nullptr) {
        return;
    }
    if (const auto v = env(name)) {
        out[name] = *v;
    }
}

std::optional<std::uint64_t> optional_number(const env_lookup& env, const char* name) {
    return name == nullptr ? std::nullopt : shard_env_number(env, name);
}

// The array's number of tasks: its count, else from its first and last ID.
std::uint64_t array_count(const array_scheduler& a, const env_lookup& env, std::uint64_t min,
                          std::uint64_t step) {
    if (const auto count = optional_number(env, a.count)) {
        return *count;
    }
    const auto max = optional_number(env, a.max);
    if (!max || *max < min) {
        throw usage_error(std::string("--shard auto: ") + a.id + " is set but not the array's " +
                          (a.count != nullptr ? std::string(a.count) + " nor a " : "") + a.max +
                          " at or above its first task: is this a job array?");
    }
    return (*max - min) / step + 1;
}

std::optional<shard_spec> from_array(const array_scheduler& a, const env_lookup& env) {
    const auto raw = env(a.id);
    if (!raw || (a.not_an_array != nullptr && *raw == a.not_an_array)) {
        return std::nullopt;
    }
    const auto id = *shard_env_number(env, a.id);
    const auto min = optional_number(env, a.min).value_or(a.default_min);
    const auto step = std::max<std::uint64_t>(1, optional_number(env, a.step).value_or(1));
    const auto count = array_count(a, env, min, step);
    shard_spec s{0, count, a.source, {}};
    for (const char* v :
         {a.id, a.min, a.max, a.count, a.step, "GRP_SHARD_COUNT", "GRP_JOB_SCRIPT"}) {
        keep_variable(env, v, s.variables);
    }
    for (const char* v : a.job) {
        keep_variable(env, v, s.variables);
    }
    const auto pinned = shard_env_number(env, "GRP_SHARD_COUNT");
    if (pinned && *pinned != count && id >= a.default_min) {
        // Some tasks of the array submitted again: their IDs in the plain numbering.
        s.index = id - a.default_min + 1;
        s.count = *pinned;
        return s;
    }
    if (id < min || (id - min) % step != 0) {
        throw usage_error(std::string("--shard auto: ") + a.id + " " + std::to_string(id) +
                          " is not a task of the array (first " + std::to_string(min) + ", step " +
                          std::to_string(step) + ")");
    }
    s.index = (id - min) / step + 1;
    return s;
}

std::optional<shard_spec> from_index(const index_scheduler& x, const env_lookup& env) {
    const auto i = shard_env_number(env, x.index);
    if (!i) {
        return std::nullopt;
    }
    const auto pinned = shard_env_number(env, "GRP_SHARD_COUNT");
    shard_spec s{
        *i + 1 - x.base, optional_number(env, x.count).value_or(pinned.value_or(0)), x.source, {}};
    for (const char* v : {x.index, x.count, "GRP_SHARD_COUNT"}) {
        keep_variable(env, v, s.variables);
    }
    return s;
}

std::optional<std::uint64_t> recorded_number(const shard_variables& vars, const char* name) {
    const auto it = name == nullptr ? vars.end() : vars.find(name);
    return it == vars.end() ? std::nullopt : shard_digits(it->second);
}

std::string recorded_text(const shard_variables& vars, const char* name) {
    const auto it = vars.find(name);
    return it == vars.end() ? "" : it->second;
}

// The array's first ID and step in the numbering the shards were planned over: the recorded
// range, or the plain numbering where the shard itself was a resubmission (a pinned count
// its array contradicted).
std::pair<std::uint64_t, std::uint64_t> array_origin(const array_scheduler& a,
                                                     const shard_variables& vars) {
    const auto min = recorded_number(vars, a.min).value_or(a.default_min);
    const auto step = std::max<std::uint64_t>(1, recorded_number(vars, a.step).value_or(1));
    auto count = recorded_number(vars, a.count);
    const auto max = recorded_number(vars, a.max);
    if (!count && max && *max >= min) {
        count = (*max - min) / step + 1;
    }
    const auto pinned = recorded_number(vars, "GRP_SHARD_COUNT");
    if (pinned && count && *pinned != *count) {
        return {a.default_min, 1};
    }
    return {min, step};
}

// What an array task's resubmission needs: its task ID in the planned numbering, whether the
// index must be pinned too (an array not numbered the plain way), and the script, with the
// folder it was submitted from where the script's path is relative to it.
struct resubmit_parts {
    std::uint64_t id = 0;
    bool pin_index = false;
    std::string cd, script;
};

resubmit_parts array_task(const array_scheduler& a, const shard_variables& vars, std::uint64_t k,
                          const char* name_var, const char* dir_var) {
    const auto [min, step] = array_origin(a, vars);
    resubmit_parts r{min + (k - 1) * step, min != a.default_min || step != 1, "", ""};
    r.script = recorded_text(vars, "GRP_JOB_SCRIPT");
    r.script = r.script.empty() ? recorded_text(vars, name_var) : r.script;
    r.script = r.script.empty() ? "JOB_SCRIPT" : r.script;
    const auto dir = recorded_text(vars, dir_var);
    if (r.script[0] != '/' && !dir.empty()) {
        r.cd = "cd " + as_shell_word(dir) + " && ";
    }
    r.script = as_shell_word(r.script);
    return r;
}

const array_scheduler& array_scheduler_of(const std::string& source) {
    const auto& t = array_schedulers();
    return *std::find_if(t.begin(), t.end(), [&](const auto& a) { return a.source == source; });
}

// sbatch passes the submitting shell's environment to the task (--export=ALL, its default).
std::string slurm_resubmission(const shard_variables& vars, std::uint64_t k, std::uint64_t n) {
    const auto r =
        array_task(array_scheduler_of("slurm"), vars, k, "SLURM_JOB_NAME", "SLURM_SUBMIT_DIR");
    return r.cd + (r.pin_index ? "GRP_SHARD_INDEX=" + std::to_string(k) + " " : "") +
           "GRP_SHARD_COUNT=" + std::to_string(n) + " sbatch --array=" + std::to_string(r.id) +
           " " + r.script;
}

// qsub passes on only the variables -v names.
std::string sge_resubmission(const shard_variables& vars, std::uint64_t k, std::uint64_t n) {
    const auto r = array_task(array_scheduler_of("sge"), vars, k, "JOB_NAME", "SGE_O_WORKDIR");
    return r.cd + "qsub -v " + (r.pin_index ? "GRP_SHARD_INDEX=" + std::to_string(k) + "," : "") +
           "GRP_SHARD_COUNT=" + std::to_string(n) + " -t " + std::to_string(r.id) + " " + r.script;
}

} // namespace

std::optional<std::uint64_t> shard_env_number(const env_lookup& env, const std::string& name) {
    const auto v = env(name);
    if (!v) {
        return std::nullopt;
    }
    const auto n = shard_digits(*v);
    if (!n) {
        throw usage_error("--shard: " + name + " '" + *v +
                          "' is not a whole number (0 or more, decimal digits only)");
    }
    return n;
}

std::optional<shard_spec> scheduler_shard(const env_lookup& env) {
    if (const auto i = shard_env_number(env, "GRP_SHARD_INDEX")) {
        shard_spec s{*i, shard_env_number(env, "GRP_SHARD_COUNT").value_or(0), "environment", {}};
        for (const char* v : {"GRP_SHARD_INDEX", "GRP_SHARD_COUNT"}) {
            keep_variable(env, v, s.variables);
        }
        return s;
    }
    for (const auto& a : array_schedulers()) {
        if (auto s = from_array(a, env)) {
            return s;
        }
    }
    for (const auto& x : index_schedulers()) {
        if (auto s = from_index(x, env)) {
            return s;
        }
    }
    return std::nullopt;
}

std::string scheduler_index_variables() {
    std::string out = "GRP_SHARD_INDEX and GRP_SHARD_COUNT";
    for (const auto& a : array_schedulers()) {
        out += std::string(", ") + a.id;
    }
    for (const auto& x : index_schedulers()) {
        out += std::string(", ") + x.index +
               (x.count != nullptr ? std::string(" and ") + x.count : "");
    }
    return out;
}

std::string scheduler_resubmission(const std::string& source, const shard_variables& variables,
                                   std::uint64_t k, std::uint64_t n) {
    if (k < 1) {
        return "";
    }
    if (source == "slurm") {
        return slurm_resubmission(variables, k, n);
    }
    return source == "sge" ? sge_resubmission(variables, k, n) : "";
}

} // namespace grp
