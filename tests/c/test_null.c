/* Hardening: every function with NULL for each pointer argument, and zero-length
 * and short buffers. Run under valgrind: no invalid access, no leak. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define NUL_ARG(call) CHECK_STATUS(call, YONO_STATUS_NULL_ARGUMENT, "null_argument")
#define SHORT(call) CHECK_STATUS(call, YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small")
/* A query refuses a NULL handle and a NULL output: fn(NULL, ..., &out) and
 * fn(pos, ..., NULL), with the arguments `...` in between (NUL_QUERY: none). */
#define NUL_QUERY(fn, out)              \
    do {                                \
        NUL_ARG(fn(NULL, &(out)));      \
        NUL_ARG(fn(pos, NULL));         \
    } while (0)
#define NUL_QUERY_WITH(fn, out, ...)                \
    do {                                            \
        NUL_ARG(fn(NULL, __VA_ARGS__, &(out)));     \
        NUL_ARG(fn(pos, __VA_ARGS__, NULL));        \
    } while (0)

typedef yono_status (*text_fn)(const yono_game *, char *, size_t, size_t *);

/* The buffer rules, for one text-writing function. */
static void check_text_fn(const char *name, text_fn fn, const yono_game *pos) {
    size_t need = 0;
    char small[4] = {'x', 'x', 'x', 'x'};
    NUL_ARG(fn(NULL, small, sizeof small, &need));
    NUL_ARG(fn(NULL, NULL, 0, &need));
    NUL_ARG(fn(pos, NULL, 0, NULL));  /* a size query needs `needed` */
    NUL_ARG(fn(pos, NULL, 10, &need)); /* NULL buffer with a length */
    CHECK_OK(fn(pos, NULL, 0, &need));
    CHECK(need > 4);
    /* Zero-length buffer: not touched. */
    SHORT(fn(pos, small, 0, NULL));
    CHECK(small[0] == 'x');
    /* Every short length: "" and the size; nothing past the buffer. */
    char *buf = (char *)malloc(need);
    for (size_t len = 1; len < need; len++) {
        memset(buf, 'y', need);
        size_t need2 = 0;
        yono_status st = fn(pos, buf, len, &need2);
        CHECK(st == YONO_STATUS_BUFFER_TOO_SMALL && need2 == need && buf[0] == '\0');
        CHECK(len == 1 || buf[1] == 'y');
    }
    /* Exact length: the whole text, in exactly `need` bytes (valgrind would flag an
     * overrun of the malloc'd block). */
    size_t need3 = 0;
    CHECK_OK(fn(pos, buf, need, &need3));
    CHECK(need3 == need && strlen(buf) + 1 == need);
    CHECK_OK(fn(pos, buf, need, NULL));
    free(buf);
    printf("%s: buffer rules checked (%zu bytes)\n", name, need);
}

int main(void) {
    yono_game *pos = NULL;
    yono_game *shogi = NULL;
    CHECK_OK(yono_game_new_ruleset(YONO_RULESET_YONO, &pos));
    CHECK_OK(yono_game_new_ruleset(YONO_RULESET_SHOGI, &shogi));
    const char *start = "wLwRwP1nKnGnSnNnL/wNwBwP4nBnR/wS1wP1nPnPnPnPnP/wG1wP6/wK1wP3eP1eK/6eP1eG/"
                        "sPsPsPsPsP1eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL s -/-/-/- swne 1";
    yono_game *made = (yono_game *)&made;

    /* Creation. */
    NUL_ARG(yono_game_new_ruleset(YONO_RULESET_YONO, NULL));
    NUL_ARG(yono_game_from_text(NULL, &made));
    CHECK(made == NULL);
    made = (yono_game *)&made;
    NUL_ARG(yono_game_from_text(start, NULL));
    NUL_ARG(yono_game_from_text(NULL, NULL));
    NUL_ARG(yono_game_from_sfen(NULL, &made));
    CHECK(made == NULL);
    NUL_ARG(yono_game_from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", NULL));
    made = (yono_game *)&made;
    NUL_ARG(yono_game_clone(NULL, &made));
    CHECK(made == NULL);
    NUL_ARG(yono_game_clone(pos, NULL));
    yono_game_free(NULL);

    /* Queries: NULL handle, NULL output. */
    yono_ruleset rs;
    NUL_QUERY(yono_game_ruleset, rs);
    yono_seat seat;
    NUL_QUERY(yono_game_turn, seat);
    yono_seat_set set;
    NUL_QUERY(yono_game_seats_in_game, set);
    uint32_t number;
    NUL_QUERY(yono_game_move_number, number);
    yono_piece piece;
    NUL_QUERY_WITH(yono_game_piece_at, piece, 0);
    NUL_ARG(yono_game_piece_at(pos, 200, NULL)); /* NULL is reported first */
    uint8_t count;
    NUL_QUERY_WITH(yono_game_reserve_count, count, 0, YONO_PIECE_PAWN);
    NUL_QUERY_WITH(yono_game_threatened_by, set, 0);
    yono_game_status gs;
    NUL_QUERY(yono_game_get_status, gs);
    NUL_QUERY(yono_game_winner, seat);
    int8_t score;
    NUL_QUERY_WITH(yono_game_score, score, 0);
    uint8_t out;
    NUL_QUERY_WITH(yono_game_is_out, out, 0);
    uint64_t nodes;
    NUL_QUERY_WITH(yono_game_perft, nodes, 1);

    /* Move arrays. */
    yono_move moves[YONO_MAX_MOVES];
    size_t n = 0;
    NUL_ARG(yono_game_legal_moves(NULL, moves, YONO_MAX_MOVES, &n));
    NUL_ARG(yono_game_legal_moves(pos, NULL, 0, NULL));
    NUL_ARG(yono_game_legal_moves(pos, NULL, 5, &n));
    CHECK_OK(yono_game_legal_moves(pos, moves, YONO_MAX_MOVES, NULL));
    SHORT(yono_game_legal_moves(pos, moves, 0, &n));
    CHECK(n == 12);
    /* An exact-size heap array for every count. */
    yono_move *exact = (yono_move *)malloc(sizeof(yono_move) * 12);
    CHECK_OK(yono_game_legal_moves(pos, exact, 12, &n));
    for (size_t cap = 1; cap < 12; cap++) {
        SHORT(yono_game_legal_moves(pos, exact, cap, NULL));
    }
    free(exact);
    NUL_ARG(yono_game_history(NULL, moves, 4, &n));
    NUL_ARG(yono_game_history(pos, NULL, 0, NULL));
    NUL_ARG(yono_game_history(pos, NULL, 1, &n));
    CHECK_OK(yono_game_history(pos, NULL, 0, &n));
    CHECK(n == 0);
    CHECK_OK(yono_game_history(pos, moves, 0, &n)); /* zero moves fit in zero */

    /* Moves. */
    yono_move mv = {YONO_MOVE_BOARD, YONO_SQUARE(5, 7), YONO_SQUARE(5, 6), 0, 0};
    NUL_ARG(yono_game_check_move(NULL, mv));
    NUL_ARG(yono_game_play(NULL, mv));
    NUL_ARG(yono_game_play_text(NULL, "5g5f"));
    NUL_ARG(yono_game_play_text(pos, NULL));
    NUL_ARG(yono_game_undo(NULL, &mv));
    NUL_ARG(yono_game_undo(NULL, NULL));
    NUL_ARG(yono_move_from_text(NULL, &mv));
    NUL_ARG(yono_move_from_text("5g5f", NULL));
    char mbuf[YONO_MOVE_TEXT_MAX];
    NUL_ARG(yono_move_to_text(mv, NULL, 0, NULL));
    NUL_ARG(yono_move_to_text(mv, NULL, 3, &n));
    SHORT(yono_move_to_text(mv, mbuf, 0, NULL));
    for (size_t len = 1; len < 5; len++) {
        SHORT(yono_move_to_text(mv, mbuf, len, &n));
        CHECK(n == 5 && mbuf[0] == '\0');
    }
    /* A NULL pointer argument fails before anything happens. */
    char before[1100], after[1100];
    CHECK_OK(yono_game_text(pos, before, sizeof before, NULL));
    NUL_ARG(yono_game_play_text(pos, NULL));
    CHECK_OK(yono_game_text(pos, after, sizeof after, NULL));
    CHECK(strcmp(before, after) == 0);

    /* Undo with NULL `undone` is allowed. */
    CHECK_OK(yono_game_play(pos, mv));
    CHECK_OK(yono_game_undo(pos, NULL));

    /* Text functions. */
    check_text_fn("yono_game_text", yono_game_text, pos);
    check_text_fn("yono_game_diagram", yono_game_diagram, pos);
    check_text_fn("yono_game_sfen", yono_game_sfen, shogi);

    /* The library-wide functions never return NULL. */
    CHECK(yono_version() != NULL);
    CHECK(yono_last_error_message() != NULL);
    CHECK(yono_last_error_code() != NULL);
    CHECK(yono_status_name(12345) != NULL);

    yono_game_free(shogi);
    yono_game_free(pos);
    return check_summary("test_null");
}
