// Device selection syntax shared by every command: "0" (flat index), "1:0" (platform:device),
// "nvidia" (case-insensitive substring of platform or device name), "all". Parsing and matching
// are pure so they are unit-tested without a driver.
#pragma once

#include "grp/core/machine/device_info.hpp"

#include <string>
#include <vector>

namespace grp {

struct device_selector {
    enum class kind { default_device, all, flat_index, platform_device, name_substring };
    kind what = kind::default_device;
    int index = 0;    ///< flat index, or platform index for platform_device
    int device = 0;   ///< device index for platform_device
    std::string text; ///< the selector as the user wrote it
};

/// Parses one selector; "" means the default device. Throws usage_error on "1:x", "-3", etc.
device_selector parse_device_selector(const std::string& text);

/// Resolves selectors against the enumerated devices; the result keeps the order given and
/// drops duplicates. Default: the first GPU, else the first device. Throws usage_error, listing
/// the available devices, when a selector matches nothing.
std::vector<device_info> select_devices(const std::vector<device_selector>& selectors,
                                        const std::vector<device_info>& devices);

/// One line per device, "  0  [0:0]  NAME (PLATFORM)", for error messages and listings.
std::string describe_device_list(const std::vector<device_info>& devices);

} // namespace grp
