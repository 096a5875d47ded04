#include "grp/model/plan/shard.hpp"

#include "grp/core/error.hpp"
#include "grp/model/plan/shard_schedulers.hpp"

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

shard_spec from_auto(const std::string& text, const env_lookup& env) {
    std::optional<std::uint64_t> given;
    if (text.size() > 5) {
        given = checked_number(text.substr(5), "the count N of auto/N");
    }
    auto s = scheduler_shard(env);
    if (!s) {
        throw usage_error(
            "--shard " + text + ": no scheduler's variables in the environment (looked for " +
            scheduler_index_variables() + "); outside a job array give the shard as K/N");
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
                 checked_number(text.substr(slash + 1), "N"),
                 "argument",
                 {}};
    return checked(s, text);
}

std::string describe_shard(const shard_spec& s) {
    return std::to_string(s.index) + "/" + std::to_string(s.count) + " (" + s.source + ")";
}

} // namespace grp
