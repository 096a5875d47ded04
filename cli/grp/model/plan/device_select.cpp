#include "grp/model/plan/device_select.hpp"

#include "grp/core/error.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace grp {

namespace {

bool all_digits(const std::string& s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

int to_index(const std::string& s, const std::string& whole) {
    if (!all_digits(s) || s.size() > 6) {
        throw usage_error("--device '" + whole + "': '" + s +
                          "' is not a device index; use INDEX, P:D, a name substring or 'all'");
    }
    return std::stoi(s);
}

std::vector<device_info> match(const device_selector& sel, const std::vector<device_info>& devs) {
    std::vector<device_info> out;
    for (const auto& d : devs) {
        switch (sel.what) {
        case device_selector::kind::all:
            out.push_back(d);
            break;
        case device_selector::kind::flat_index:
            if (d.index == sel.index) {
                out.push_back(d);
            }
            break;
        case device_selector::kind::platform_device:
            if (d.platform_index == sel.index && d.device_index == sel.device) {
                out.push_back(d);
            }
            break;
        case device_selector::kind::name_substring: {
            const auto needle = lower(sel.text);
            if (lower(d.name).find(needle) != std::string::npos ||
                lower(d.platform_name).find(needle) != std::string::npos ||
                lower(d.vendor).find(needle) != std::string::npos) {
                out.push_back(d);
            }
            break;
        }
        case device_selector::kind::default_device:
            break;
        }
    }
    if (sel.what == device_selector::kind::default_device && !devs.empty()) {
        auto gpu = std::find_if(devs.begin(), devs.end(), [](auto& d) { return d.is_gpu(); });
        out.push_back(gpu != devs.end() ? *gpu : devs.front());
    }
    return out;
}

} // namespace

device_selector parse_device_selector(const std::string& text) {
    device_selector sel;
    sel.text = text;
    if (text.empty()) {
        // `-d "$DEVICE"` with the variable unset: choosing the default would hide the mistake.
        throw usage_error("--device is empty; give an index, P:D, a name substring, 'all' or "
                          "'default' (an unset variable in a script?)");
    }
    if (text == "default") {
        sel.what = device_selector::kind::default_device;
    } else if (lower(text) == "all") {
        sel.what = device_selector::kind::all;
    } else if (auto colon = text.find(':'); colon != std::string::npos) {
        sel.what = device_selector::kind::platform_device;
        sel.index = to_index(text.substr(0, colon), text);
        sel.device = to_index(text.substr(colon + 1), text);
    } else if (all_digits(text)) {
        sel.what = device_selector::kind::flat_index;
        sel.index = to_index(text, text);
    } else if (text.front() == '-') {
        throw usage_error("--device '" + text + "': indices are zero or more");
    } else {
        sel.what = device_selector::kind::name_substring;
    }
    return sel;
}

std::vector<device_info> select_devices(const std::vector<device_selector>& selectors,
                                        const std::vector<device_info>& devices) {
    std::vector<device_selector> sels = selectors;
    if (sels.empty()) {
        sels.emplace_back();
    }
    std::vector<device_info> out;
    for (const auto& sel : sels) {
        auto found = match(sel, devices);
        if (found.empty()) {
            throw usage_error("--device '" + sel.text + "' matches no device. Devices here:\n" +
                              describe_device_list(devices) +
                              "Use a flat index, P:D, a case-insensitive name substring, or "
                              "'all'.");
        }
        for (auto& d : found) {
            bool seen = std::any_of(out.begin(), out.end(),
                                    [&](const device_info& o) { return o.index == d.index; });
            if (!seen) {
                out.push_back(std::move(d));
            }
        }
    }
    return out;
}

std::string describe_device_list(const std::vector<device_info>& devices) {
    std::ostringstream os;
    for (const auto& d : devices) {
        os << "  " << d.index << "  [" << d.platform_index << ':' << d.device_index << "]  "
           << d.name << " (" << d.platform_name << ", " << d.type << ")\n";
    }
    return os.str();
}

devices_parallel parse_devices_parallel(const std::string& text) {
    if (text == "auto") {
        return devices_parallel::automatic;
    }
    if (text == "on") {
        return devices_parallel::on;
    }
    if (text == "off") {
        return devices_parallel::off;
    }
    throw usage_error("--devices-parallel '" + text + "': expected auto, on or off");
}

bool may_select_several(const std::vector<device_selector>& selectors) {
    return selectors.size() > 1 ||
           std::any_of(selectors.begin(), selectors.end(), [](const device_selector& s) {
               return s.what == device_selector::kind::all ||
                      s.what == device_selector::kind::name_substring;
           });
}

bool measure_in_parallel(devices_parallel mode, const std::vector<device_info>& selected) {
    if (selected.size() < 2 || mode == devices_parallel::off) {
        return false;
    }
    return mode == devices_parallel::on ||
           std::none_of(selected.begin(), selected.end(), [](const device_info& d) {
               return d.type.find("cpu") != std::string::npos;
           });
}

} // namespace grp
