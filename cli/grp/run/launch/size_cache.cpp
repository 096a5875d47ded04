#include "grp/run/launch/size_cache.hpp"

#include "grp/core/files/json_file.hpp"
#include "grp/model/spec/kernel_spec.hpp"
#include "grp/run/launch/peak.hpp"
#include "grp/run/run_record.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <unistd.h>

namespace grp::run {

namespace {

using ojson = nlohmann::ordered_json;

// Not the global memory: PoCL reports a share of the RAM free when the process starts, so it
// differs from one process to the next (the sanitizer CI run found it).
std::string device_key(const device_info& d) {
    return d.name + "|" + d.driver_version.value_or("") + "|" +
           std::to_string(d.compute_units.value_or(0)) + "|" +
           std::to_string(d.global_cache_bytes.value_or(0));
}

ojson read_cache(const std::string& path) {
    try {
        auto j = parse_json_text(read_regular_file(path, "size cache", 1 << 20), path,
                                 json_limits{1 << 20, 8});
        if (j.is_object() && j.value("version", 0) == 1 && j.contains("devices") &&
            j["devices"].is_object()) {
            return j;
        }
    } catch (const std::exception&) { // missing, unreadable or foreign: measure again
    }
    return ojson{{"version", 1}, {"devices", ojson::object()}};
}

} // namespace

std::string size_cache_path() {
    if (const char* p = std::getenv("GRP_SIZE_CACHE"); p != nullptr && *p != '\0') {
        return std::string(p) == "off" ? "" : p;
    }
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x != nullptr && *x == '/') {
        return std::string(x) + "/gpu-reduce-prof/default-size.json";
    }
    if (const char* h = std::getenv("HOME"); h != nullptr && *h == '/') {
        return std::string(h) + "/.cache/gpu-reduce-prof/default-size.json";
    }
    return "";
}

std::optional<size_choice> cached_default_size(const device_info& info) {
    const auto path = size_cache_path();
    if (path.empty()) {
        return std::nullopt;
    }
    const auto j = read_cache(path);
    const auto it = j["devices"].find(device_key(info));
    if (it == j["devices"].end() || !it->is_object() || !(*it)["bytes"].is_number_unsigned() ||
        !(*it)["why"].is_string()) {
        return std::nullopt;
    }
    const auto bytes = (*it)["bytes"].get<std::uint64_t>();
    if (bytes < knee_floor_bytes || bytes > knee_budget_bytes) {
        return std::nullopt; // not a size this tool chose
    }
    return size_choice{bytes, (*it)["why"].get<std::string>() + " (measured " +
                                  it->value("measured", std::string("earlier")) + ", kept in " +
                                  path + ")"};
}

void store_default_size(const device_info& info, const size_choice& c) {
    const auto path = size_cache_path();
    if (path.empty()) {
        return;
    }
    auto j = read_cache(path);
    j["devices"][device_key(info)] = {{"bytes", c.bytes}, {"why", c.why}, {"measured", utc_now()}};
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    const auto tmp = path + ".tmp" + std::to_string(::getpid());
    std::ofstream(tmp) << j.dump(2) << '\n';
    fs::rename(tmp, path, ec);
    if (ec) {
        fs::remove(tmp, ec);
        std::cerr << "note: could not keep the measured default size in " << path
                  << ": the next run measures it again\n";
    }
}

bool measures_default_size(const run_options& opt, const device_info& info) {
    // Shards plan one sweep on many machines: a knee measured on each could differ (#49).
    return device_class(info.type) == "cpu" && opt.sweep.sizes.empty() && !opt.time_nothing &&
           !opt.once && !opt.shard;
}

device_info sized_device(ocl::session& s, const run_options& opt, const device_info& info,
                         const progress_sink& progress) {
    device_info out = info;
    if (!measures_default_size(opt, info)) {
        return out;
    }
    auto c = cached_default_size(info);
    const bool cached = c.has_value();
    if (!c) {
        c = choose_from_knee(measure_roofs(s, opt.measure, knee_ladder(info.max_alloc_bytes)),
                             info.global_cache_bytes);
        if (c->bytes == 0) {
            return out;
        }
        store_default_size(info, *c);
    }
    out.measured_default_bytes = c->bytes;
    if (progress.size_chosen) {
        progress.size_chosen(info, *c, cached);
    }
    return out;
}

} // namespace grp::run
