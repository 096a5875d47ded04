// Fuzzes the shard record (runs[].shard) and what merge builds on it: up to four profiles
// (split at NUL bytes; one alone is a shard merged on its own) are read through the loading
// path every command uses (shard_problems among its checks), their census taken as merge takes
// it (check_shards), then merged as merge --allow-missing does. Oracles besides the sanitizers:
// a census names every shard 1..N once, present or missing, and only indices of N; a merge of
// an incomplete set is never complete; a merged profile written back loads again.
#include "fuzz_common.hpp"
#include "grp/model/baseline/merge.hpp"
#include "grp/model/baseline/shards.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

std::vector<std::string> split_all(const std::string& text, std::size_t most) {
    std::vector<std::string> out;
    std::size_t from = 0;
    while (out.size() + 1 < most) {
        const auto nul = text.find('\0', from);
        if (nul == std::string::npos) {
            break;
        }
        out.push_back(text.substr(from, nul - from));
        from = nul + 1;
    }
    out.push_back(text.substr(from));
    return out;
}

[[noreturn]] void finding(const char* what) {
    std::fprintf(stderr, "%s\n", what);
    std::abort();
}

// Every shard 1..N is present or missing, once; every input's index is one of them.
void check_census(const grp::shard_census& c,
                  const std::vector<std::pair<grp::profile, std::string>>& inputs) {
    if (c.present.size() + c.missing.size() != c.count) {
        finding("the census does not account for every shard 1..N");
    }
    for (const auto& [p, label] : inputs) {
        for (const auto& r : p.runs) {
            if (r.shard &&
                (r.shard->index < 1 || r.shard->index > c.count || r.shard->count != c.count)) {
                finding("a shard outside 1..N, or of another N, passed the census");
            }
        }
    }
}

void merge(const std::vector<std::pair<grp::profile, std::string>>& inputs,
           const grp::shard_census& c) {
    grp::merge_result m;
    try {
        m = grp::merge_profiles(inputs, c.sharded);
        grp::mark_missing_shards(m.merged, c);
        if (!c.missing.empty() && m.merged.complete) {
            finding("a merge with shards missing says it is complete");
        }
        grp::check_merged_shards(m.merged); // merge refuses what its readers would
    } catch (const grp::error&) {
        return;
    }
    try {
        (void)grp::parse_profile(grp::profile_text(m.merged), "merged.json");
    } catch (const grp::error& e) {
        std::fprintf(stderr, "a merged profile, written, does not load: %s\n", e.what());
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::pair<grp::profile, std::string>> inputs;
    for (const auto& text : split_all(grp::fuzz::text_of(data, size), 4)) {
        const auto label = "s" + std::to_string(inputs.size() + 1) + ".json";
        auto p = grp::fuzz::load(text, label);
        if (!p) {
            return 0;
        }
        if (!grp::shard_problems(*p).empty()) {
            finding("a profile with a shard problem loaded");
        }
        inputs.emplace_back(std::move(*p), label);
    }
    grp::shard_census c;
    try {
        c = grp::check_shards(inputs);
    } catch (const grp::error&) {
        return 0; // refused, with a message and an exit code
    }
    if (c.sharded) {
        check_census(c, inputs);
    }
    grp::drop_left_out(inputs, c); // a shard's second copy, as merge leaves it out
    merge(inputs, c);
    return 0;
}
