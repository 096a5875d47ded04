// Reading and writing profile files: syntax errors with line:column, the schema major check
// (2.x read as is, 1.x upgraded first), the checks the schema cannot express (one case per key
// and device), and atomic writes.
#include "grp/core/error.hpp"
#include "grp/core/text_position.hpp"
#include "grp/model/profile.hpp"

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/stat.h>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

int schema_major(const std::string& version) {
    std::size_t digits = 0;
    while (digits < version.size() && version[digits] >= '0' && version[digits] <= '9') {
        ++digits;
    }
    if (digits == 0 || digits > 3 || digits >= version.size() || version[digits] != '.') {
        return -1;
    }
    return std::stoi(version.substr(0, digits));
}

} // namespace

std::vector<std::string> duplicate_case_keys(const profile& p) {
    std::set<std::pair<std::string, int>> seen;
    std::vector<std::string> out;
    for (const auto& c : p.cases) {
        if (!seen.insert({c.key.to_string(), c.device}).second) {
            out.push_back("two cases have the key " + c.key.to_string() + " on device " +
                          std::to_string(c.device) +
                          "; a profile holds one case per key and device (two kernels of the "
                          "same name? rename one in its spec)");
        }
    }
    return out;
}

profile parse_profile(const std::string& text, const std::string& path) {
    ojson j;
    try {
        j = ojson::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw file_error(path + ":" + line_column(text, e.byte == 0 ? 0 : e.byte - 1) +
                         ": not valid JSON: " + e.what() +
                         "\nIs the file complete? A profile is written by 'gpu-reduce-prof run'.");
    }
    if (!j.is_object() || !j.contains("schema_version") || !j["schema_version"].is_string()) {
        throw file_error(path + ": not a gpu-reduce-prof profile (no \"schema_version\" string)");
    }
    auto version = j["schema_version"].get<std::string>();
    int major = schema_major(version);
    if (major < profile_schema_oldest_major || major > profile_schema_major) {
        throw file_error(path + ": profile schema version " + version +
                         " is not supported; this tool reads schema " +
                         std::to_string(profile_schema_oldest_major) + ".x to " +
                         std::to_string(profile_schema_major) + ".x (writes " +
                         profile_schema_version + "). Use a matching gpu-reduce-prof.");
    }
    try {
        if (major == 1) {
            upgrade_v1_document(j);
        }
        return j.get<profile>();
    } catch (const file_error& e) {
        const std::string what = e.what();
        throw file_error(what.rfind(path + ":", 0) == 0 ? what : path + ": " + what);
    } catch (const nlohmann::json::exception& e) {
        throw file_error(path + ": malformed profile: " + e.what());
    }
}

profile load_profile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw file_error(path + ": cannot open profile for reading");
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    return parse_profile(ss.str(), path);
}

void write_file_atomic(const std::string& path, const std::string& text) {
    // A device, FIFO or socket (/dev/null, a named pipe) is written in place: renaming a temp
    // file over it would replace the node with a regular file (as root, even /dev/null).
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        std::ofstream out(path, std::ios::binary);
        out << text;
        if (!out.flush()) {
            throw file_error(path + ": write failed");
        }
        return;
    }
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) {
            throw file_error(tmp + ": cannot open for writing");
        }
        out << text;
        out.flush();
        if (!out) {
            throw file_error(tmp + ": write failed (disk full?)");
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        throw file_error(path + ": cannot rename " + tmp + " into place");
    }
}

std::string profile_text(const profile& p) {
    return ojson(p).dump(1) + "\n";
}

void save_profile(const profile& p, const std::string& path) {
    write_file_atomic(path, profile_text(p));
}

} // namespace grp
