// The C++ tests' error handling (test_cpp.cpp, test_gui.cpp), of the kind a C++ GUI
// would write: a failed yono_status becomes an exception carrying the library's code
// and message.
#ifndef YONO_TEST_ERROR_HPP
#define YONO_TEST_ERROR_HPP

#include <stdexcept>
#include <string>

#include "yono.h"

struct Error : std::runtime_error {
    yono_status status;
    std::string code;
    Error(yono_status s, const char *c, const char *m) : std::runtime_error(m), status(s), code(c) {}
};

inline void ok(yono_status s) {
    if (s != YONO_STATUS_OK) throw Error(s, yono_last_error_code(), yono_last_error_message());
}

#endif
