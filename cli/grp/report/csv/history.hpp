// `history --csv`: one row per place on the timeline (time, commit, file) and one column per
// series holding its median time in ns (empty where that place has no point): the wide shape
// Apache Otava's CSV importer reads (a time column, attribute columns, one column per metric)
// and R's read.csv takes as is. Fields through csv_field (RFC 4180).
#pragma once

#include "grp/model/history/findings.hpp"

#include <ostream>

namespace grp {

void print_history_csv(std::ostream& out, const history_result& r);

} // namespace grp
