// Which measurements belong to one series of `history`: the device, named by facts that stay
// put while a runner pool rotates and a driver gets a minor update (vendor, model, the driver's
// major version, the card's UUID or PCI id when the driver reports one), never by its index in
// the machine's enumeration. A driver's major version splits a series (a new compiler can move
// every kernel); its minor version does not.
#pragma once

#include "grp/core/machine/device_info.hpp"

#include <string>

namespace grp {

struct device_key {
    std::string vendor, model;
    std::string driver_major; ///< leading number of the driver version ("580" of "580.159.04")
    std::string card;         ///< "uuid XXXX", "pci XXXX" or "" when the driver reports neither
    /// "NVIDIA H100 80GB HBM3 · NVIDIA Corporation · driver 580 · uuid 1a2b..." (stable: the key).
    [[nodiscard]] std::string text() const;
    bool operator==(const device_key& o) const { return text() == o.text(); }
    bool operator!=(const device_key& o) const { return !(*this == o); }
    bool operator<(const device_key& o) const { return text() < o.text(); }
};

/// The key of device `d`. The driver major is the first run of digits of driver_version (else
/// of platform_version, where PoCL puts its own: "OpenCL 3.0 PoCL 6.0..." gives "3"; absent
/// facts stay empty).
device_key device_key_of(const device_info& d);

} // namespace grp
