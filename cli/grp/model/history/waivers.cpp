#include "grp/model/history/waivers.hpp"

#include "grp/core/error.hpp"
#include "grp/core/files/json_file.hpp"

#include <algorithm>
#include <cctype>
#include <fnmatch.h>

namespace grp {

namespace {

bool is_date(const std::string& s) {
    const auto digit = [&](std::size_t i) {
        return std::isdigit(static_cast<unsigned char>(s[i])) != 0;
    };
    return s.size() == 10 && s[4] == '-' && s[7] == '-' && digit(0) && digit(1) && digit(2) &&
           digit(3) && digit(5) && digit(6) && digit(8) && digit(9);
}

bool is_hex_prefix(const std::string& s) {
    return s.size() >= 7 && s.size() <= 64 && std::all_of(s.begin(), s.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

std::string field(const nlohmann::ordered_json& w, const char* name, const std::string& where) {
    const auto it = w.find(name);
    if (it == w.end()) {
        throw file_error(where + ": no \"" + name + "\"");
    }
    auto v = json_to_string(*it, where + "." + name);
    if (v.empty()) {
        throw file_error(where + "." + name + ": empty");
    }
    return v;
}

waiver waiver_from(const nlohmann::ordered_json& w, const std::string& where) {
    if (!w.is_object()) {
        throw file_error(where + ": expected an object");
    }
    waiver x{field(w, "case", where),   field(w, "device", where),  field(w, "commit", where),
             field(w, "reason", where), field(w, "expires", where), where};
    std::transform(x.commit.begin(), x.commit.end(), x.commit.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!is_hex_prefix(x.commit)) {
        throw file_error(where + ".commit: expected 7 to 64 hex digits, got '" + x.commit + "'");
    }
    if (!is_date(x.expires)) {
        throw file_error(where + ".expires: expected YYYY-MM-DD, got '" + x.expires + "'");
    }
    return x;
}

bool covers(const waiver& w, const history_result& r, const history_finding& f) {
    if (f.kind != finding_kind::step && f.kind != finding_kind::drift) {
        return false; // a wrong result is never waived: fix it
    }
    const auto& s = r.time.series[f.series];
    const auto& commit = r.time.places[f.first_bad].commit;
    return fnmatch(w.case_glob.c_str(), s.key.to_string().c_str(), 0) == 0 &&
           fnmatch(w.device_glob.c_str(), s.device.text().c_str(), 0) == 0 &&
           commit.compare(0, w.commit.size(), w.commit) == 0;
}

} // namespace

std::vector<waiver> load_waivers(const std::string& path) {
    const auto doc = parse_json_text(
        read_regular_file(path, "waivers file", std::size_t{1} << 20U, exit_code::usage), path,
        {std::size_t{1} << 20U, 16});
    const auto list = doc.is_object() ? doc.find("waivers") : doc.end();
    if (list == doc.end() || !list->is_array()) {
        throw file_error(path + ": expected {\"waivers\": [...]}");
    }
    std::vector<waiver> out;
    for (std::size_t i = 0; i < list->size(); ++i) {
        out.push_back(waiver_from((*list)[i], path + ": waivers[" + std::to_string(i) + "]"));
    }
    return out;
}

void apply_waivers(history_result& r, const std::vector<waiver>& waivers,
                   const std::string& today) {
    for (const auto& w : waivers) {
        if (w.expires < today) {
            r.expired.push_back(w.where + " (" + w.case_glob + " on " + w.device_glob + " at " +
                                w.commit + ": " + w.reason + ") expired on " + w.expires +
                                ": renew it with a new date or remove it");
            continue;
        }
        for (auto& f : r.findings) {
            if (f.waived.empty() && covers(w, r, f)) {
                f.waived = w.reason + " (until " + w.expires + ")";
                f.fails = false;
            }
        }
    }
}

} // namespace grp
