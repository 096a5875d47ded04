#include "grp/model/plan/shard.hpp"

#include "grp/core/error.hpp"

#include <cstdlib>

namespace grp {

namespace {

// A non-negative decimal integer, or nothing ("", signs, spaces, overflow).
std::optional<std::uint64_t> number_of(const std::string& text) {
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != text.npos) {
        return std::nullopt;
    }
    return std::stoull(text);
}

std::uint64_t checked_number(const std::string& text, const std::string& what) {
    const auto v = number_of(text);
    if (!v) {
        throw usage_error("--shard: " + what + " '" + text +
                          "' is not a whole number (0 or more, decimal digits only)");
    }
    return *v;
}

std::optional<std::uint64_t> env_number(const env_lookup& env, const std::string& name) {
    const auto v = env(name);
    if (!v) {
        return std::nullopt;
    }
    return checked_number(*v, name);
}

shard_spec checked(shard_spec s, const std::string& how) {
    if (s.count == 0) {
        throw usage_error("--shard " + how + ": 0 shards; the count must be 1 or more");
    }
    if (s.count > max_shards) {
        throw usage_error("--shard " + how + ": " + std::to_string(s.count) +
                          " shards, more than " + std::to_string(max_shards));
    }
    if (s.index < 1 || s.index > s.count) {
        throw usage_error("--shard " + how + ": shard " + std::to_string(s.index) + " of " +
                          std::to_string(s.count) + " does not exist; K runs from 1 to N");
    }
    return s;
}

// Slurm numbers an array's tasks by SLURM_ARRAY_TASK_ID between its MIN and MAX, in steps of
// SLURM_ARRAY_TASK_STEP (--array=0-15:4 gives 0, 4, 8, 12); COUNT is the number of tasks.
std::optional<shard_spec> from_slurm(const env_lookup& env) {
    const auto id = env_number(env, "SLURM_ARRAY_TASK_ID");
    if (!id) {
        return std::nullopt;
    }
    const auto min = env_number(env, "SLURM_ARRAY_TASK_MIN").value_or(0);
    const auto step =
        std::max<std::uint64_t>(1, env_number(env, "SLURM_ARRAY_TASK_STEP").value_or(1));
    auto count = env_number(env, "SLURM_ARRAY_TASK_COUNT");
    if (!count) {
        const auto max = env_number(env, "SLURM_ARRAY_TASK_MAX");
        if (!max || *max < min) {
            throw usage_error("--shard auto: SLURM_ARRAY_TASK_ID is set but neither "
                              "SLURM_ARRAY_TASK_COUNT nor a SLURM_ARRAY_TASK_MAX >= MIN: is "
                              "this a job array (sbatch --array=...)?");
        }
        count = (*max - min) / step + 1;
    }
    if (*id < min || (*id - min) % step != 0) {
        throw usage_error("--shard auto: SLURM_ARRAY_TASK_ID " + std::to_string(*id) +
                          " is not a task of the array (min " + std::to_string(min) + ", step " +
                          std::to_string(step) + ")");
    }
    return shard_spec{(*id - min) / step + 1, *count, "slurm"};
}

// The scheduler's shard; count 0 where the environment does not say (a Kubernetes Indexed
// Job knows its completions only in its manifest).
std::optional<shard_spec> from_environment(const env_lookup& env) {
    const auto count_var = env_number(env, "GRP_SHARD_COUNT");
    if (const auto i = env_number(env, "GRP_SHARD_INDEX")) {
        return shard_spec{*i, count_var.value_or(0), "environment"};
    }
    if (auto s = from_slurm(env)) {
        return s;
    }
    if (const auto i = env_number(env, "JOB_COMPLETION_INDEX")) {
        return shard_spec{*i + 1, count_var.value_or(0), "kubernetes"};
    }
    if (const auto i = env_number(env, "CI_NODE_INDEX")) {
        return shard_spec{*i, env_number(env, "CI_NODE_TOTAL").value_or(0), "gitlab"};
    }
    return std::nullopt;
}

shard_spec from_auto(const std::string& text, const env_lookup& env) {
    std::optional<std::uint64_t> given;
    if (text.size() > 5) {
        given = checked_number(text.substr(5), "the count N of auto/N");
    }
    auto s = from_environment(env);
    if (!s) {
        throw usage_error(
            "--shard " + text +
            ": no scheduler's variables in the environment (looked for GRP_SHARD_INDEX and "
            "GRP_SHARD_COUNT, SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, CI_NODE_INDEX and "
            "CI_NODE_TOTAL); outside a job array give the shard as K/N");
    }
    if (given && s->count != 0 && s->count != *given) {
        throw usage_error("--shard " + text + ": the environment (" + s->source + ") says " +
                          std::to_string(s->count) + " shards, not " + std::to_string(*given));
    }
    if (given) {
        s->count = *given;
    } else if (s->count == 0) {
        throw usage_error("--shard auto: the " + s->source +
                          " index is set but not the count: give it as --shard auto/N (a "
                          "Kubernetes Indexed Job's completions) or set GRP_SHARD_COUNT");
    }
    return checked(*s, text + " (from " + s->source + ")");
}

} // namespace

env_lookup process_environment() {
    return [](const std::string& name) -> std::optional<std::string> {
        const char* v = std::getenv(name.c_str()); // NOLINT(concurrency-mt-unsafe): read once
        return v == nullptr ? std::nullopt : std::optional<std::string>(v);
    };
}

shard_spec parse_shard(const std::string& text, const env_lookup& env) {
    if (text == "auto" || text.rfind("auto/", 0) == 0) {
        return from_auto(text, env);
    }
    const auto slash = text.find('/');
    if (slash == text.npos) {
        throw usage_error("--shard '" + text + "': use K/N (shard K of N, from 1), auto or auto/N");
    }
    shard_spec s{checked_number(text.substr(0, slash), "K"),
                 checked_number(text.substr(slash + 1), "N"), "argument"};
    return checked(s, text);
}

std::string describe_shard(const shard_spec& s) {
    return std::to_string(s.index) + "/" + std::to_string(s.count) + " (" + s.source + ")";
}

} // namespace grp
