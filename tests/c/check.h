/* Minimal test harness shared by the C and C++ tests of the yono C API. */
#ifndef YONO_TEST_CHECK_H
#define YONO_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>
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
            /* The error before yono_status_name(), which clears it. */          \
            fprintf(stderr, "%s:%d: %s gave code \"%s\" (%s) ", __FILE__,        \
                    __LINE__, #call, code_, yono_last_error_message());          \
            fprintf(stderr, "and status %s, expected %s (code \"%s\")\n",        \
                    yono_status_name((int32_t)st_),                              \
                    yono_status_name((int32_t)(expected_status)),                \
                    (expected_code));                                            \
        }                                                                        \
    } while (0)

#define CHECK_OK(call) CHECK_STATUS(call, YONO_STATUS_OK, "")

/* The position text of `pos` in a static buffer ("<error>" when it cannot be read):
 * inline, so a test that does not use it is not warned about it. */
static inline const char *text_of(const yono_game *pos) {
    static char buf[2048];
    if (yono_game_text(pos, buf, sizeof buf, NULL) != YONO_STATUS_OK) {
        return "<error>";
    }
    return buf;
}

/* How often `needle` occurs in `hay` (overlapping occurrences included). */
static inline int count(const char *hay, const char *needle) {
    int n = 0;
    for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + 1, needle)) n++;
    return n;
}

/* The SVG of pos with opts, malloc'ed (NULL on error, or when the size asked first
 * is not the size written). */
static inline char *svg_of(const yono_game *pos, const yono_svg_options *opts) {
    size_t need = 0;
    if (yono_game_svg(pos, opts, NULL, 0, &need) != YONO_STATUS_OK) return NULL;
    char *buf = (char *)malloc(need);
    if (buf == NULL) return NULL;
    size_t again = 0;
    if (yono_game_svg(pos, opts, buf, need, &again) != YONO_STATUS_OK || again != need ||
        strlen(buf) + 1 != need) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* The text of a game record, malloc'ed (NULL on error). */
static inline char *save(const yono_record *rec) {
    size_t need = 0;
    if (yono_record_save(rec, NULL, 0, &need) != YONO_STATUS_OK) return NULL;
    char *buf = (char *)malloc(need);
    if (buf != NULL && yono_record_save(rec, buf, need, NULL) != YONO_STATUS_OK) {
        free(buf);
        return NULL;
    }
    return buf;
}

static int check_summary(const char *name) {
    printf("%s: %d passed, %d failed\n", name, checks_passed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}

#endif
