/* What a C/C++ GUI author tripped over (issue 22), from C: versioned structs refuse a
 * size no version has (the slip `l->size = sizeof l`), every function but the three
 * error readers clears the last error, a handle of one type passed as another is an
 * error and not undefined behaviour. (YONO_MUST_USE on the engine functions is checked
 * by tests/c/run.sh, which compiles a call that ignores a status with -Werror.) */
#include <stdint.h>
#include <string.h>

#include "check.h"

/* Fails a call so that the last error is set. */
static void set_an_error(void) {
    CHECK_STATUS(yono_game_from_text(NULL, NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
}

static void test_struct_sizes(void) {
    yono_game *game = yono_game_new();
    yono_engine *engine = NULL;
    CHECK_OK(yono_engine_new(NULL, &engine));
    yono_search_limits limits = {sizeof limits, 300, 1, 0.1};
    yono_search_limits *l = &limits;
    yono_search_result result;
    memset(&result, 0, sizeof result);
    result.size = sizeof result;

    /* The slip of the report: sizeof the pointer. Refused, nothing searched. */
    l->size = sizeof l;
    CHECK_STATUS(yono_engine_search(engine, game, l, &result), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    CHECK(strstr(yono_last_error_message(), "yono_search_limits") != NULL);
    CHECK(result.nodes == 0);
    l->size = sizeof *l + 8; /* a newer header than the library */
    CHECK_STATUS(yono_engine_search(engine, game, l, &result), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    l->size = sizeof *l;

    yono_search_result *r = &result;
    r->size = sizeof r;
    CHECK_STATUS(yono_engine_search(engine, game, l, r), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    CHECK(strstr(yono_last_error_message(), "yono_search_result") != NULL);
    CHECK(result.nodes == 0 && result.best_move.type == 0 && result.pv_len == 0);
    r->size = sizeof *r;
    CHECK_OK(yono_engine_search(engine, game, l, r));
    CHECK(result.nodes > 0 && result.depth >= 1 && result.pv_len >= 1);
    CHECK(result.size == sizeof result);

    yono_engine_options options;
    CHECK_OK(yono_engine_options_default(&options));
    CHECK(options.size == sizeof options);
    options.size = 8;
    yono_engine *other = (yono_engine *)&options; /* must be overwritten with NULL */
    CHECK_STATUS(yono_engine_new(&options, &other), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK(other == NULL);

    yono_svg_options svg = YONO_SVG_OPTIONS_INIT;
    size_t need = 0;
    svg.struct_size = 8;
    CHECK_STATUS(yono_game_svg(game, &svg, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    CHECK(need == 0);
    CHECK_STATUS(yono_svg_options_init(&svg, 8), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    yono_engine_free(engine);
    yono_game_free(game);
}

static void test_every_call_clears_the_last_error(void) {
    set_an_error();
    CHECK(yono_version() != NULL && strcmp(yono_last_error_code(), "") == 0);
    set_an_error();
    CHECK(yono_version_number() == YONO_VERSION_NUMBER && strcmp(yono_last_error_code(), "") == 0);
    set_an_error();
    CHECK(yono_version_compatible(YONO_VERSION_NUMBER) && strcmp(yono_last_error_code(), "") == 0);
    set_an_error();
    CHECK(strcmp(yono_status_name(YONO_STATUS_OK), "YONO_STATUS_OK") == 0);
    CHECK(strcmp(yono_last_error_code(), "") == 0 && strcmp(yono_last_error_message(), "") == 0);
    set_an_error();
    CHECK(strcmp(yono_error_code_name(YONO_ERROR_NIFU), "nifu") == 0);
    CHECK(yono_last_error_code_number() == YONO_ERROR_NONE);
    set_an_error();
    yono_game_free(NULL);
    CHECK(strcmp(yono_last_error_code(), "") == 0);
    set_an_error();
    yono_record_free(NULL);
    yono_engine_free(NULL);
    CHECK(strcmp(yono_last_error_code(), "") == 0);
    set_an_error();
    yono_game *game = yono_game_new();
    CHECK(game != NULL && strcmp(yono_last_error_code(), "") == 0);
    yono_game_free(game);
    /* The readers do not clear it. */
    set_an_error();
    CHECK(yono_last_error_code_number() == YONO_ERROR_NULL_ARGUMENT);
    CHECK(strstr(yono_last_error_message(), "NULL") != NULL);
    CHECK(strcmp(yono_last_error_code(), "null_argument") == 0);
}

static void test_handle_types(void) {
    yono_game *game = yono_game_new();
    yono_record *rec = NULL;
    yono_engine *engine = NULL;
    CHECK_OK(yono_record_from_game(game, &rec));
    CHECK_OK(yono_engine_new(NULL, &engine));

    /* A record and an engine passed as a game: refused, nothing written. */
    yono_game *as_game[2] = {(yono_game *)(void *)rec, (yono_game *)(void *)engine};
    for (int i = 0; i < 2; i++) {
        yono_seat turn = 77;
        CHECK_STATUS(yono_game_turn(as_game[i], &turn), YONO_STATUS_INVALID_ARGUMENT,
                     "wrong_handle_type");
        CHECK(turn == 77);
        CHECK_STATUS(yono_game_play_text(as_game[i], "5g5f"), YONO_STATUS_INVALID_ARGUMENT,
                     "wrong_handle_type");
        yono_game *copy = (yono_game *)&turn;
        CHECK_STATUS(yono_game_clone(as_game[i], &copy), YONO_STATUS_INVALID_ARGUMENT,
                     "wrong_handle_type");
        CHECK(copy == NULL);
    }
    CHECK(strstr(yono_last_error_message(), "yono_engine") != NULL);
    /* A game passed as a record, as an engine. */
    size_t plies = 9;
    CHECK_STATUS(yono_record_ply_count((yono_record *)(void *)game, &plies),
                 YONO_STATUS_INVALID_ARGUMENT, "wrong_handle_type");
    CHECK(plies == 9);
    CHECK_STATUS(yono_engine_stop((yono_engine *)(void *)game), YONO_STATUS_INVALID_ARGUMENT,
                 "wrong_handle_type");
    yono_search_result result;
    memset(&result, 0, sizeof result);
    result.size = sizeof result;
    CHECK_STATUS(yono_engine_search(engine, (yono_game *)(void *)rec, NULL, &result),
                 YONO_STATUS_INVALID_ARGUMENT, "wrong_handle_type");
    /* A free function given another type frees nothing (valgrind sees no double free
     * below) and says so. */
    yono_game_free((yono_game *)(void *)rec);
    CHECK(strcmp(yono_last_error_code(), "wrong_handle_type") == 0);
    yono_record_free((yono_record *)(void *)engine);
    CHECK(strcmp(yono_last_error_code(), "wrong_handle_type") == 0);
    yono_engine_free((yono_engine *)(void *)game);
    CHECK(strcmp(yono_last_error_code(), "wrong_handle_type") == 0);
    CHECK_OK(yono_record_ply_count(rec, &plies));
    CHECK(plies == 0);
    yono_record_free(rec);
    yono_engine_free(engine);
    yono_game_free(game);
}

int main(void) {
    test_struct_sizes();
    test_every_call_clears_the_last_error();
    test_handle_types();
    return check_summary("test_boundary");
}
