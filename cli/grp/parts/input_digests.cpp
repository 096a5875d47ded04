#include "grp/parts/input_digests.hpp"

#include "grp/core/error.hpp"
#include "grp/core/sha256.hpp"
#include "grp/core/text_safe.hpp"

#include <fstream>
#include <map>
#include <set>

namespace grp::parts {

namespace {

constexpr const char* unreadable = "unreadable";

/// The digest of a file on disk, read in pieces (a data file may be larger than the memory the
/// run leaves free); "unreadable" when it cannot be opened or read to its end.
std::string file_digest(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return unreadable;
    }
    sha256_stream s;
    std::string chunk(1U << 20U, '\0');
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        s.update(std::string_view(chunk.data(), static_cast<std::size_t>(in.gcount())));
    }
    return in.eof() ? s.hex() : unreadable;
}

bool is_file(const std::string& path) {
    return !path.empty() && path.rfind("builtin:", 0) != 0;
}

/// PATH -> digest from "SHA256:PATH" entries (the digest is 64 hex digits or "unreadable").
std::map<std::string, std::string> by_path(const std::vector<std::string>& entries) {
    std::map<std::string, std::string> out;
    for (const auto& e : entries) {
        const auto colon = e.find(':');
        if (colon == std::string::npos) {
            throw usage_error("--part-input takes SHA256:PATH, got '" + terminal_escape(e) + "'");
        }
        out[e.substr(colon + 1)] = e.substr(0, colon);
    }
    return out;
}

std::string short_digest(const std::string& d) {
    return d == unreadable ? d : "sha256 " + d.substr(0, 12);
}

} // namespace

std::vector<std::string> input_digests(const run::run_options& o, bool sources_from_disk) {
    std::vector<std::string> out;
    std::set<std::string> seen;
    const auto add = [&](const std::string& path, const std::string& digest) {
        if (seen.insert(path).second) {
            out.push_back(digest + ":" + path);
        }
    };
    for (const auto& k : o.kernels) {
        if (is_file(k.spec_path) && seen.count(k.spec_path) == 0) {
            add(k.spec_path, file_digest(k.spec_path));
        }
        if (is_file(k.source_path) && k.source_path != k.spec_path) {
            add(k.source_path,
                sources_from_disk ? file_digest(k.source_path) : sha256_hex(k.source_text));
        }
    }
    if (o.data.kind == value_kind::file && seen.count(o.data.path) == 0) {
        add(o.data.path, file_digest(o.data.path));
    }
    return out;
}

void check_input_digests(const std::vector<std::string>& expected, const run::run_options& o,
                         const std::string& when, bool sources_from_disk) {
    const auto before = by_path(expected);
    const auto now = by_path(input_digests(o, sources_from_disk));
    std::string changes;
    const auto note = [&](const std::string& path, const std::string& what) {
        changes += "\n  " + terminal_escape(path) + ": " + what;
    };
    for (const auto& [path, digest] : before) {
        const auto it = now.find(path);
        if (it == now.end()) {
            note(path, "no longer read (a spec changed which files it names)");
        } else if (it->second != digest) {
            note(path, it->second == unreadable
                           ? "can no longer be read"
                           : "changed (" + short_digest(digest) + " when the run started, " +
                                 short_digest(it->second) + " now)");
        }
    }
    for (const auto& [path, digest] : now) {
        if (before.count(path) == 0) {
            note(path, "read now but not when the run started (a spec changed which files it "
                       "names)");
        }
    }
    if (!changes.empty()) {
        throw file_error("the inputs of this run changed " + when + ":" + changes +
                         "\nevery process of --runs must measure the same kernels and data: keep "
                         "the specs, sources and data files unchanged until the run ends (edit a "
                         "copy), then run again");
    }
}

std::vector<std::string> run_input_files(const run::run_options& o) {
    std::vector<std::string> files;
    for (const auto& k : o.kernels) {
        for (const auto* path : {&k.spec_path, &k.source_path}) {
            if (!path->empty() && path->rfind("builtin:", 0) != 0) {
                files.push_back(*path);
            }
        }
    }
    if (o.data.kind == value_kind::file) {
        files.push_back(o.data.path);
    }
    if (!o.resume_path.empty()) {
        files.push_back(o.resume_path); // the checkpoints must never overwrite what is resumed
    }
    return files;
}

} // namespace grp::parts
