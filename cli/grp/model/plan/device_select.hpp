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

/// run --devices-parallel: whether several selected devices are measured at once, a process
/// each, or one after the other in one process.
enum class devices_parallel { automatic, on, off };

/// "auto", "on" or "off". Throws usage_error otherwise.
devices_parallel parse_devices_parallel(const std::string& text);

/// True when `selectors` may resolve to more than one device: 'all', a name substring (every
/// device whose name holds it) or several selectors. A lone index never does, so such a run
/// lists no device before it starts.
bool may_select_several(const std::vector<device_selector>& selectors);

/// Whether the `selected` devices are measured at once: never fewer than two; `on` always;
/// `automatic` unless one is a CPU device (its threads take the host's cores, which submit
/// every other device's launches and time the host baseline); `off` never.
bool measure_in_parallel(devices_parallel mode, const std::vector<device_info>& selected);

/// One line per device, "  0  [0:0]  NAME (PLATFORM)", for error messages and listings.
std::string describe_device_list(const std::vector<device_info>& devices);

} // namespace grp
