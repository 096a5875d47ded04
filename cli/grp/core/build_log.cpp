#include "grp/core/build_log.hpp"

#include <regex>

namespace grp {

std::string map_build_log(const std::string& log, const std::string& source_path,
                          unsigned prelude_lines) {
    // PoCL's cache file, NVIDIA's `<kernel>`, AMD comgr's CompileSource; then :LINE[:COLUMN].
    static const std::regex internal(
        R"(([^\s:'"]*tempfile_[A-Za-z0-9_]+\.cl|<kernel>|[^\s:'"]*/CompileSource):([0-9]+))");
    std::string out;
    auto last = log.cbegin();
    for (std::sregex_iterator it(log.begin(), log.end(), internal), end; it != end; ++it) {
        const auto& m = *it;
        out.append(last, m[0].first);
        last = m[0].second;
        const auto line = std::stoull(m[2].str());
        if (m[2].length() > 9 || line <= prelude_lines) {
            out.append(m[0].first, m[0].second); // in the prelude (or absurd): as the driver said
            continue;
        }
        out += source_path + ":" + std::to_string(line - prelude_lines);
    }
    out.append(last, log.cend());
    return out;
}

} // namespace grp
