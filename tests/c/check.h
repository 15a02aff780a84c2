/* Minimal test harness shared by the C and C++ tests of the yono C API. */
#ifndef YONO_TEST_CHECK_H
#define YONO_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

#include "yono.h"

static int checks_passed = 0;
static int checks_failed = 0;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (cond) {                                                              \
            checks_passed++;                                                     \
        } else {                                                                 \
            checks_failed++;                                                     \
            fprintf(stderr, "%s:%d: CHECK failed: %s (last error: %s: %s)\n",    \
                    __FILE__, __LINE__, #cond, yono_last_error_code(),           \
                    yono_last_error_message());                                  \
        }                                                                        \
    } while (0)

/* A call's status, and the last error code that goes with it. */
#define CHECK_STATUS(call, expected_status, expected_code)                       \
    do {                                                                         \
        yono_status st_ = (call);                                                \
        const char *code_ = yono_last_error_code();                              \
        if (st_ == (expected_status) && strcmp(code_, (expected_code)) == 0) {   \
            checks_passed++;                                                     \
        } else {                                                                 \
            checks_failed++;                                                     \
            fprintf(stderr, "%s:%d: %s returned %s (code \"%s\": %s), "          \
                    "expected %s (code \"%s\")\n", __FILE__, __LINE__, #call,    \
                    yono_status_name((int32_t)st_), code_,                       \
                    yono_last_error_message(),                                   \
                    yono_status_name((int32_t)(expected_status)),                \
                    (expected_code));                                            \
        }                                                                        \
    } while (0)

#define CHECK_OK(call) CHECK_STATUS(call, YONO_STATUS_OK, "")

/* The position text of `pos` in a static buffer ("<error>" when it cannot be read):
 * inline, so a test that does not use it is not warned about it. */
static inline const char *text_of(const yono_position *pos) {
    static char buf[2048];
    if (yono_position_text(pos, buf, sizeof buf, NULL) != YONO_STATUS_OK) {
        return "<error>";
    }
    return buf;
}

static int check_summary(const char *name) {
    printf("%s: %d passed, %d failed\n", name, checks_passed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}

#endif
