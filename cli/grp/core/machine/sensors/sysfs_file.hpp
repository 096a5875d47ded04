// Reading one sysfs attribute without trusting it: the file is opened non-blocking and read
// only when it is a regular file (a FIFO or a device planted in a fake or strange tree never
// blocks a run), at most a page of it, and a number is read as a signed decimal that must be the
// whole text, so a negative value is never taken for a huge unsigned one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace grp {

/// The text of the regular file `path` (at most 4096 bytes), or nothing when it is missing, not
/// a regular file or unreadable. Never blocks.
std::optional<std::string> read_sysfs_text(const std::string& path);

/// The whole text of `path` as one signed decimal integer (surrounding white space allowed),
/// or nothing when it is not exactly that or does not fit 64 bits.
std::optional<std::int64_t> read_sysfs_integer(const std::string& path);

/// read_sysfs_integer, kept only when it lies in [lo, hi].
std::optional<std::int64_t> read_sysfs_in(const std::string& path, std::int64_t lo,
                                          std::int64_t hi);

} // namespace grp
