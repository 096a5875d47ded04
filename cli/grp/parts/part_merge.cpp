#include "grp/parts/part_merge.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/baseline/merge.hpp"
#include "grp/model/profile/io.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>

namespace grp::parts {

profile merge_parts(const std::vector<labelled_part>& parts, std::size_t count,
                    const std::vector<std::string>& argv, std::vector<std::string>& warnings) {
    auto merged = merge_profiles(parts);
    profile p = std::move(merged.merged);
    warnings = std::move(merged.warnings);
    std::uint64_t rounds = 0;
    for (const auto& part : parts) {
        rounds += part.first.settings.value("rounds", std::uint64_t{0});
    }
    p.tool.argv = argv;
    for (auto& run : p.runs) {
        run.source.clear(); // runs of this invocation; a later merge tags them with its file
    }
    p.settings.erase("merged_from");
    p.settings["rounds"] = rounds;
    p.settings["runs"] = count;
    if (p.complete && parts.size() < count) {
        p.complete = false;
        p.incomplete_reason =
            std::to_string(parts.size()) + " of " + std::to_string(count) + " processes finished";
    }
    return p;
}

std::string take_part(const part_folder& folder, std::size_t i, std::size_t count,
                      const std::vector<std::string>& argv, std::vector<labelled_part>& parts,
                      std::vector<std::string>& warnings, profile& p) {
    std::string path = folder.file(i);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        path = rescued_part(path); // the process could not write it there (a full disk)
        if (path.empty()) {
            return "";
        }
    }
    try {
        parts.emplace_back(load_profile(path), "process " + std::to_string(i));
        p = merge_parts(parts, count, argv, warnings);
        if (path != folder.file(i)) {
            std::cerr << "note: the part of process " << i << ", rescued to "
                      << terminal_escape(path) << ", is merged\n";
        }
        return "";
    } catch (const error& e) {
        if (!parts.empty() && parts.back().second == "process " + std::to_string(i)) {
            parts.pop_back(); // read, but refused by the merge; `p` is still the earlier merge
        }
        return "the part of process " + std::to_string(i) + " could not be read (" +
               terminal_escape(e.what(), true) + ") and stays at " + terminal_escape(path);
    }
}

std::string time_left(const std::vector<labelled_part>& parts, std::size_t left) {
    double sum = 0;
    std::size_t timed = 0;
    for (const auto& part : parts) {
        if (part.first.runs.size() == 1 && part.first.runs.front().wall_s) {
            sum += *part.first.runs.front().wall_s;
            ++timed;
        }
    }
    if (timed == 0) {
        return "";
    }
    const long s =
        std::max(1L, std::lround(sum / static_cast<double>(timed) * static_cast<double>(left)));
    return ", about " + (s < 60 ? std::to_string(s) + " s" : std::to_string(s / 60) + " min") +
           " to go";
}

std::string kept_note(std::size_t finished, const std::string& refused) {
    std::string note =
        finished == 0 ? "no process had finished, so no profile is kept (a part that a process "
                        "could not write is kept where its message above says)"
                      : "the " + std::to_string(finished) +
                            " finished process(es) are kept (merged into the profile, "
                            "marked incomplete)";
    return note + (refused.empty() ? "" : "; " + refused);
}

} // namespace grp::parts
