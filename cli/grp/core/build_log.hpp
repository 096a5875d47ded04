// Build logs in the user's terms. OpenCL compilers name the source they were given by a
// driver-internal file: PoCL by its cache file (`<pocl cache>/kcache/tempfile_E8xWBs.cl:8:21`),
// NVIDIA by `<kernel>`, AMD's comgr by `.../input/CompileSource`. The user wrote `bad.cl`, so
// the log printed and kept in a failed case names that file instead; the raw log is kept too
// (the profile's case `extra.build_log_raw`) for a driver bug report.
#pragma once

#include <string>

namespace grp {

/// `log` with every driver-internal source name followed by `:LINE` (and `:COLUMN`) replaced by
/// `source_path:LINE'`, where LINE' = LINE - `prelude_lines` (the lines the tool put before the
/// user's text; 0 today: types and parameters reach the kernel as -D options, not as text).
/// A position inside the prelude keeps its driver name. Other text is unchanged.
std::string map_build_log(const std::string& log, const std::string& source_path,
                          unsigned prelude_lines = 0);

} // namespace grp
