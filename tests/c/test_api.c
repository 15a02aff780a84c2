/* Tests of every function and every status of the yono C API (C11). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#ifdef YONO_SELFTEST
/* Test-only, not in yono.h: exported by the library's "selftest" build. */
enum yono_status yono_selftest_internal_error(void);
#endif

#define YONO_START                                                                 \
    "wLwRwP1nKnGnSnNnL/wNwBwP4nBnR/wS1wP1nPnPnPnPnP/wG1wP6/wK1wP3eP1eK/6eP1eG/"     \
    "sPsPsPsPsP1eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL s -/-/-/- swne 1"
#define AFTER_5G5F                                                                 \
    "wLwRwP1nKnGnSnNnL/wNwBwP4nBnR/wS1wP1nPnPnPnPnP/wG1wP6/wK1wP3eP1eK/4sP1eP1eG/"  \
    "sPsPsPsP2eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL w -/-/-/- swne 2"
#define SHOGI_START                                                                \
    "nLnNnSnGnKnGnSnNnL/1nR5nB1/nPnPnPnPnPnPnPnPnP/9/9/9/sPsPsPsPsPsPsPsPsP/"       \
    "1sB5sR1/sLsNsSsGsKsGsSsNsL s -/-/-/- s-n- 1"
#define SHOGI_SFEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

static const char *move_text(yono_move mv) {
    static char buf[YONO_MOVE_TEXT_MAX];
    if (yono_move_to_text(mv, buf, sizeof buf, NULL) != YONO_STATUS_OK) {
        return "<bad move>";
    }
    return buf;
}

static size_t legal_count(const yono_game *pos) {
    size_t n = 9999;
    if (yono_game_legal_moves(pos, NULL, 0, &n) != YONO_STATUS_OK) {
        return 9999;
    }
    return n;
}

/* The ruleset of `pos` (checking that the call succeeds). */
static yono_ruleset ruleset_of(const yono_game *pos) {
    yono_ruleset rs = 99;
    CHECK_OK(yono_game_ruleset(pos, &rs));
    return rs;
}

/* The seats in the game of `pos` (checking that the call succeeds). */
static yono_seat_set seats_of(const yono_game *pos) {
    yono_seat_set seats = 0xFF;
    CHECK_OK(yono_game_seats_in_game(pos, &seats));
    return seats;
}

/* The score of `seat` in `pos` (checking that the call succeeds). */
static int8_t score_of(const yono_game *pos, yono_seat seat) {
    int8_t score = -5;
    CHECK_OK(yono_game_score(pos, seat, &score));
    return score;
}

static int has_legal_move(const yono_game *pos, const char *text) {
    yono_move moves[YONO_MAX_MOVES];
    size_t n = 0;
    if (yono_game_legal_moves(pos, moves, YONO_MAX_MOVES, &n) != YONO_STATUS_OK) {
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        if (strcmp(move_text(moves[i]), text) == 0) {
            return 1;
        }
    }
    return 0;
}

static void test_library(void) {
    const char *v = yono_version();
    CHECK(v != NULL && strlen(v) >= 5 && strchr(v, '.') != NULL);
    CHECK(strcmp(yono_status_name(YONO_STATUS_OK), "YONO_STATUS_OK") == 0);
    CHECK(strcmp(yono_status_name(YONO_STATUS_NULL_ARGUMENT), "YONO_STATUS_NULL_ARGUMENT") == 0);
    CHECK(strcmp(yono_status_name(YONO_STATUS_INVALID_UTF8), "YONO_STATUS_INVALID_UTF8") == 0);
    CHECK(strcmp(yono_status_name(YONO_STATUS_PARSE_ERROR), "YONO_STATUS_PARSE_ERROR") == 0);
    CHECK(strcmp(yono_status_name(YONO_STATUS_ILLEGAL_MOVE), "YONO_STATUS_ILLEGAL_MOVE") == 0);
    CHECK(strcmp(yono_status_name(YONO_STATUS_BUFFER_TOO_SMALL), "YONO_STATUS_BUFFER_TOO_SMALL") == 0);
    CHECK(strcmp(yono_status_name(YONO_STATUS_GAME_OVER), "YONO_STATUS_GAME_OVER") == 0);
    CHECK(strcmp(yono_status_name(YONO_STATUS_INTERNAL_ERROR), "YONO_STATUS_INTERNAL_ERROR") == 0);
    CHECK(strcmp(yono_status_name(YONO_STATUS_INVALID_ARGUMENT), "YONO_STATUS_INVALID_ARGUMENT") == 0);
    CHECK(strcmp(yono_status_name(YONO_STATUS_NOTHING_TO_UNDO), "YONO_STATUS_NOTHING_TO_UNDO") == 0);
    CHECK(strcmp(yono_status_name(10), "YONO_STATUS_UNKNOWN") == 0);
    CHECK(strcmp(yono_status_name(-1), "YONO_STATUS_UNKNOWN") == 0);

#ifdef YONO_SELFTEST
    /* The panic boundary: a panic comes back as INTERNAL_ERROR, and the library
     * keeps working afterwards. (Only the "selftest" build of the library has this
     * function; tests/c/run.sh builds it.) */
    CHECK_STATUS(yono_selftest_internal_error(), YONO_STATUS_INTERNAL_ERROR, "internal_error");
    CHECK(strstr(yono_last_error_message(), "deliberate panic") != NULL);
#endif
    yono_game *pos = yono_game_new();
    CHECK(pos != NULL);
    /* A successful call clears the last error. */
    CHECK(strcmp(yono_last_error_code(), "") == 0 && strcmp(yono_last_error_message(), "") == 0);
    yono_game_free(pos);
    yono_game_free(NULL);
}

static void test_start_position(void) {
    yono_game *pos = yono_game_new();
    CHECK(pos != NULL);
    CHECK(strcmp(text_of(pos), YONO_START) == 0);

    CHECK(ruleset_of(pos) == YONO_RULESET_YONO);
    yono_seat turn = 99;
    CHECK_OK(yono_game_turn(pos, &turn));
    CHECK(turn == YONO_SEAT_SOUTH);
    CHECK(seats_of(pos) == 0xF);
    uint32_t number = 0;
    CHECK_OK(yono_game_move_number(pos, &number));
    CHECK(number == 1);

    /* Pieces: the setup table of RULES.md section 2. */
    yono_piece p = {0, 0};
    CHECK_OK(yono_game_piece_at(pos, YONO_SQUARE(5, 9), &p));
    CHECK(p.seat == YONO_SEAT_SOUTH && p.kind == YONO_PIECE_KING);
    CHECK_OK(yono_game_piece_at(pos, YONO_SQUARE(9, 5), &p));
    CHECK(p.seat == YONO_SEAT_WEST && p.kind == YONO_PIECE_KING);
    CHECK_OK(yono_game_piece_at(pos, YONO_SQUARE(1, 2), &p));
    CHECK(p.seat == YONO_SEAT_NORTH && p.kind == YONO_PIECE_ROOK);
    CHECK_OK(yono_game_piece_at(pos, YONO_SQUARE(2, 8), &p));
    CHECK(p.seat == YONO_SEAT_EAST && p.kind == YONO_PIECE_BISHOP);
    CHECK_OK(yono_game_piece_at(pos, YONO_SQUARE(5, 5), &p));
    CHECK(p.seat == YONO_SEAT_NONE && p.kind == YONO_PIECE_NONE);
    CHECK_OK(yono_game_piece_at(pos, 0, &p)); /* 9a: West Lance */
    CHECK(p.seat == YONO_SEAT_WEST && p.kind == YONO_PIECE_LANCE);
    CHECK_OK(yono_game_piece_at(pos, 80, &p)); /* 1i: East Lance */
    CHECK(p.seat == YONO_SEAT_EAST && p.kind == YONO_PIECE_LANCE);
    int pieces = 0;
    for (uint8_t sq = 0; sq < YONO_SQUARE_COUNT; sq++) {
        CHECK(yono_game_piece_at(pos, sq, &p) == YONO_STATUS_OK);
        pieces += p.seat != YONO_SEAT_NONE;
    }
    CHECK(pieces == 48);
    p.seat = 7;
    CHECK_STATUS(yono_game_piece_at(pos, 81, &p), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK(p.seat == 7); /* unchanged on error */

    CHECK(YONO_SQUARE_FILE(YONO_SQUARE(3, 7)) == 3 && YONO_SQUARE_RANK(YONO_SQUARE(3, 7)) == 7);
    CHECK(YONO_SQUARE(9, 1) == 0 && YONO_SQUARE(1, 1) == 8 && YONO_SQUARE(1, 9) == 80);

    for (yono_seat s = 0; s < 4; s++) {
        for (yono_piece_kind k = YONO_PIECE_ROOK; k <= YONO_PIECE_PAWN; k++) {
            uint8_t c = 99;
            CHECK_OK(yono_game_reserve_count(pos, s, k, &c));
            CHECK(c == 0);
        }
        yono_seat_set t = 99;
        CHECK_OK(yono_game_threatened_by(pos, s, &t));
        CHECK(t == 0);
        CHECK(score_of(pos, s) == -1);
        uint8_t out = 9;
        CHECK_OK(yono_game_is_out(pos, s, &out));
        CHECK(out == 0);
    }
    uint8_t c = 0;
    CHECK_STATUS(yono_game_reserve_count(pos, 4, YONO_PIECE_PAWN, &c), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK_STATUS(yono_game_reserve_count(pos, 0, YONO_PIECE_KING, &c), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK_STATUS(yono_game_reserve_count(pos, 0, YONO_PIECE_DRAGON, &c), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK_STATUS(yono_game_reserve_count(pos, 0, YONO_PIECE_NONE, &c), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    yono_seat_set t = 0;
    CHECK_STATUS(yono_game_threatened_by(pos, YONO_SEAT_NONE, &t), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    int8_t score = 0;
    CHECK_STATUS(yono_game_score(pos, 4, &score), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    uint8_t out = 0;
    CHECK_STATUS(yono_game_is_out(pos, 200, &out), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");

    yono_game_status gs = 99;
    CHECK_OK(yono_game_get_status(pos, &gs));
    CHECK(gs == YONO_GAME_ONGOING);
    yono_seat winner = 0;
    CHECK_OK(yono_game_winner(pos, &winner));
    CHECK(winner == YONO_SEAT_NONE);

    /* Legal moves: 12, South's King only to 5h or 6h. */
    size_t n = 0;
    CHECK_OK(yono_game_legal_moves(pos, NULL, 0, &n));
    CHECK(n == 12);
    yono_move moves[12];
    memset(moves, 0xAB, sizeof moves);
    size_t n2 = 0;
    CHECK_STATUS(yono_game_legal_moves(pos, moves, 11, &n2), YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    CHECK(n2 == 12);
    CHECK(moves[0].type == 0xAB); /* nothing written */
    CHECK_OK(yono_game_legal_moves(pos, moves, 12, NULL));
    int king_moves = 0;
    for (size_t i = 0; i < 12; i++) {
        CHECK(moves[i].type == YONO_MOVE_BOARD);
        CHECK_OK(yono_game_check_move(pos, moves[i]));
        if (moves[i].from == YONO_SQUARE(5, 9)) {
            king_moves++;
            CHECK(moves[i].to == YONO_SQUARE(5, 8) || moves[i].to == YONO_SQUARE(6, 8));
        }
    }
    CHECK(king_moves == 2);
    CHECK(has_legal_move(pos, "5i5h") && has_legal_move(pos, "5i6h") && !has_legal_move(pos, "5i4h"));

    /* Perft from the Yo[n]o start: 12, 134, 1498, 16746. */
    uint64_t nodes = 0;
    CHECK_OK(yono_game_perft(pos, 0, &nodes));
    CHECK(nodes == 1);
    const uint64_t expected[] = {12, 134, 1498, 16746};
    for (uint32_t d = 1; d <= 4; d++) {
        CHECK_OK(yono_game_perft(pos, d, &nodes));
        CHECK(nodes == expected[d - 1]);
    }

    /* Shogi-only SFEN. */
    char buf[200];
    CHECK_STATUS(yono_game_sfen(pos, buf, sizeof buf, NULL), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");

    yono_game_free(pos);
}

static void test_text_buffers(void) {
    yono_game *pos = yono_game_new();
    size_t need = 0;
    CHECK_OK(yono_game_text(pos, NULL, 0, &need));
    CHECK(need == strlen(YONO_START) + 1);
    char *buf = (char *)malloc(need);
    CHECK(buf != NULL);
    size_t need2 = 0;
    CHECK_OK(yono_game_text(pos, buf, need, &need2));
    CHECK(need2 == need && strcmp(buf, YONO_START) == 0);
    /* One byte short: an empty string and the size. */
    memset(buf, 'x', need);
    need2 = 0;
    CHECK_STATUS(yono_game_text(pos, buf, need - 1, &need2), YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    CHECK(need2 == need && buf[0] == '\0' && buf[1] == 'x');
    CHECK(strstr(yono_last_error_message(), "too small") != NULL);
    /* Length 1 and 0. */
    buf[0] = 'x';
    CHECK_STATUS(yono_game_text(pos, buf, 1, NULL), YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    CHECK(buf[0] == '\0');
    buf[0] = 'x';
    CHECK_STATUS(yono_game_text(pos, buf, 0, NULL), YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    CHECK(buf[0] == 'x'); /* a zero-length buffer is not touched */
    free(buf);

    /* The diagram. */
    CHECK_OK(yono_game_diagram(pos, NULL, 0, &need));
    CHECK(need > 400);
    buf = (char *)malloc(need);
    CHECK_OK(yono_game_diagram(pos, buf, need, NULL));
    CHECK(strlen(buf) + 1 == need);
    CHECK(strncmp(buf, "     9   8   7", 14) == 0);
    CHECK(strstr(buf, "sK") != NULL && strstr(buf, "eK") != NULL);
    CHECK(strstr(buf, "South") != NULL && strstr(buf, "move 1") != NULL);
    CHECK_STATUS(yono_game_diagram(pos, buf, 10, NULL), YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    CHECK(buf[0] == '\0');
    free(buf);
    yono_game_free(pos);
}

static void test_moves_text(void) {
    const char *texts[] = {"7g7f", "8h2b+", "P*5e", "R*1a", "N*9i", "pass", "1a9i"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        yono_move mv;
        memset(&mv, 0x55, sizeof mv);
        CHECK_OK(yono_move_from_text(texts[i], &mv));
        CHECK(strcmp(move_text(mv), texts[i]) == 0);
    }
    yono_move mv;
    CHECK_OK(yono_move_from_text("8h2b+", &mv));
    CHECK(mv.type == YONO_MOVE_BOARD && mv.from == YONO_SQUARE(8, 8) && mv.to == YONO_SQUARE(2, 2) &&
          mv.promote == 1 && mv.drop_kind == 0);
    CHECK_OK(yono_move_from_text("P*5e", &mv));
    CHECK(mv.type == YONO_MOVE_DROP && mv.drop_kind == YONO_PIECE_PAWN && mv.to == YONO_SQUARE(5, 5) &&
          mv.from == 0 && mv.promote == 0);
    CHECK_OK(yono_move_from_text("pass", &mv));
    CHECK(mv.type == YONO_MOVE_PASS && mv.from == 0 && mv.to == 0);

    /* A move built by hand. */
    yono_move hand = {YONO_MOVE_BOARD, YONO_SQUARE(7, 7), YONO_SQUARE(7, 6), 0, 0};
    CHECK(strcmp(move_text(hand), "7g7f") == 0);
    yono_move drop = {YONO_MOVE_DROP, 77, YONO_SQUARE(1, 1), 5, YONO_PIECE_ROOK}; /* from/promote ignored */
    CHECK(strcmp(move_text(drop), "R*1a") == 0);

    /* Malformed text. */
    const char *bad[] = {"5j5k", "", "7g7g", "K*5e", "+P*5e", "7g7f++", "PASS", "pass ",
                         "P*5e+", "7g", "0a1a"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mv.type = 42;
        CHECK_STATUS(yono_move_from_text(bad[i], &mv), YONO_STATUS_PARSE_ERROR, "malformed_move");
        CHECK(mv.type == 42);
        CHECK(strstr(yono_last_error_message(), "malformed move") != NULL);
    }
    CHECK_STATUS(yono_move_from_text("\xff\xfe", &mv), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
    CHECK_STATUS(yono_move_from_text("7g\xc3", &mv), YONO_STATUS_INVALID_UTF8, "invalid_utf8");

    /* Invalid structs. */
    char buf[YONO_MOVE_TEXT_MAX];
    yono_move invalid[] = {
        {3, 0, 1, 0, 0},                                  /* type */
        {YONO_MOVE_BOARD, 81, 1, 0, 0},                   /* from */
        {YONO_MOVE_BOARD, 1, 81, 0, 0},                   /* to */
        {YONO_MOVE_BOARD, 5, 5, 0, 0},                    /* from == to */
        {YONO_MOVE_BOARD, 5, 6, 2, 0},                    /* promote */
        {YONO_MOVE_DROP, 0, 5, 0, YONO_PIECE_KING},       /* drop kind */
        {YONO_MOVE_DROP, 0, 5, 0, YONO_PIECE_DRAGON},     /* drop kind */
        {YONO_MOVE_DROP, 0, 255, 0, YONO_PIECE_PAWN},     /* drop square */
    };
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        CHECK_STATUS(yono_move_to_text(invalid[i], buf, sizeof buf, NULL), YONO_STATUS_INVALID_ARGUMENT,
                     "invalid_argument");
    }

    /* Buffers. */
    size_t need = 0;
    CHECK_OK(yono_move_to_text(hand, NULL, 0, &need));
    CHECK(need == 5);
    CHECK_STATUS(yono_move_to_text(hand, buf, 4, &need), YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    CHECK(need == 5 && buf[0] == '\0');
    CHECK_OK(yono_move_to_text(hand, buf, 5, NULL));
    CHECK(strcmp(buf, "7g7f") == 0);
    yono_move longest = {YONO_MOVE_BOARD, YONO_SQUARE(8, 8), YONO_SQUARE(2, 2), 1, 0};
    CHECK_OK(yono_move_to_text(longest, NULL, 0, &need));
    CHECK(need <= YONO_MOVE_TEXT_MAX);
}

static void test_play_undo_clone(void) {
    yono_game *pos = yono_game_new();
    /* Illegal moves, each with its reason; the position is unchanged. */
    CHECK_STATUS(yono_game_play_text(pos, "5i3g"), YONO_STATUS_ILLEGAL_MOVE, "unreachable_square");
    CHECK(strstr(yono_last_error_message(), "cannot move") != NULL);
    CHECK_STATUS(yono_game_play_text(pos, "pass"), YONO_STATUS_ILLEGAL_MOVE, "pass_not_allowed");
    CHECK_STATUS(yono_game_play_text(pos, "5e5d"), YONO_STATUS_ILLEGAL_MOVE, "no_piece_to_move");
    CHECK_STATUS(yono_game_play_text(pos, "P*5e"), YONO_STATUS_ILLEGAL_MOVE, "not_in_reserve");
    CHECK_STATUS(yono_game_play_text(pos, "9i9h"), YONO_STATUS_ILLEGAL_MOVE, "own_piece");
    CHECK_STATUS(yono_game_play_text(pos, "5g5f+"), YONO_STATUS_ILLEGAL_MOVE, "cannot_promote");
    CHECK_STATUS(yono_game_play_text(pos, "zzz"), YONO_STATUS_PARSE_ERROR, "malformed_move");
    CHECK_STATUS(yono_game_play_text(pos, "5g\xff"), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
    yono_move king_4h = {YONO_MOVE_BOARD, YONO_SQUARE(5, 9), YONO_SQUARE(3, 7), 0, 0};
    CHECK_STATUS(yono_game_check_move(pos, king_4h), YONO_STATUS_ILLEGAL_MOVE, "unreachable_square");
    CHECK_STATUS(yono_game_play(pos, king_4h), YONO_STATUS_ILLEGAL_MOVE, "unreachable_square");
    yono_move bad = {9, 0, 0, 0, 0};
    CHECK_STATUS(yono_game_check_move(pos, bad), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK_STATUS(yono_game_play(pos, bad), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK(strcmp(text_of(pos), YONO_START) == 0);

    yono_move undone;
    CHECK_STATUS(yono_game_undo(pos, &undone), YONO_STATUS_NOTHING_TO_UNDO, "nothing_to_undo");
    size_t hist = 9;
    CHECK_OK(yono_game_history(pos, NULL, 0, &hist));
    CHECK(hist == 0);

    /* By text, then by value. */
    CHECK_OK(yono_game_play_text(pos, "5g5f"));
    CHECK(strcmp(text_of(pos), AFTER_5G5F) == 0);
    yono_seat turn = 0;
    CHECK_OK(yono_game_turn(pos, &turn));
    CHECK(turn == YONO_SEAT_WEST);
    yono_move west;
    CHECK_OK(yono_move_from_text("7e6e", &west));
    CHECK_OK(yono_game_play(pos, west));
    uint32_t number = 0;
    CHECK_OK(yono_game_move_number(pos, &number));
    CHECK(number == 3);

    /* Clone: independent. */
    yono_game *copy = (yono_game *)&number; /* must be overwritten */
    CHECK_OK(yono_game_clone(pos, &copy));
    CHECK(copy != NULL && copy != pos && strcmp(text_of(copy), text_of(pos)) == 0);
    yono_move history[4];
    CHECK_OK(yono_game_history(copy, history, 4, &hist));
    CHECK(hist == 2 && strcmp(move_text(history[0]), "5g5f") == 0 && strcmp(move_text(history[1]), "7e6e") == 0);
    CHECK_STATUS(yono_game_history(copy, history, 1, &hist), YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    CHECK(hist == 2);
    CHECK_OK(yono_game_undo(copy, &undone));
    CHECK(strcmp(move_text(undone), "7e6e") == 0);
    CHECK(strcmp(text_of(copy), AFTER_5G5F) == 0);
    CHECK_OK(yono_game_move_number(pos, &number));
    CHECK(number == 3); /* the original did not move back */
    CHECK_OK(yono_game_undo(copy, NULL));
    CHECK(strcmp(text_of(copy), YONO_START) == 0);
    CHECK_STATUS(yono_game_undo(copy, NULL), YONO_STATUS_NOTHING_TO_UNDO, "nothing_to_undo");
    yono_game_free(copy);
    yono_game_free(pos);
}

/* West's Rook on 1c threatens East's King on 1e; South moves, West is next, so East
 * is checkmated at once and scores 0 (three other seats left). */
#define THREAT_POS "4nK4/9/8wR/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1"
/* East, to move, is in checkmate by South: it must pass, then falls; South wins. */
#define MATE_POS "sR7eK/9/7sGsR/9/9/9/9/9/4sK4 e -/-/-/- s01e 1"

static void test_threats_and_endings(void) {
    yono_game *pos = NULL;
    CHECK_OK(yono_game_from_text(THREAT_POS, &pos));
    CHECK(pos != NULL);
    yono_seat_set t = 99;
    CHECK_OK(yono_game_threatened_by(pos, YONO_SEAT_EAST, &t));
    CHECK(t == (1u << YONO_SEAT_WEST) && YONO_SEAT_SET_HAS(t, YONO_SEAT_WEST));
    for (yono_seat s = 0; s < 3; s++) {
        CHECK_OK(yono_game_threatened_by(pos, s, &t));
        CHECK(t == 0);
    }
    CHECK_OK(yono_game_play_text(pos, "5i5h"));
    CHECK(seats_of(pos) == 0x7);
    CHECK(score_of(pos, YONO_SEAT_EAST) == 0);
    uint8_t out = 0;
    CHECK_OK(yono_game_is_out(pos, YONO_SEAT_EAST, &out));
    CHECK(out == 1);
    CHECK_OK(yono_game_threatened_by(pos, YONO_SEAT_EAST, &t));
    CHECK(t == 0); /* no King any more */
    yono_piece p;
    CHECK_OK(yono_game_piece_at(pos, YONO_SQUARE(1, 5), &p));
    CHECK(p.seat == YONO_SEAT_NONE);
    yono_game_status gs = 9;
    CHECK_OK(yono_game_get_status(pos, &gs));
    CHECK(gs == YONO_GAME_ONGOING);
    /* Undo brings East back. */
    CHECK_OK(yono_game_undo(pos, NULL));
    CHECK(seats_of(pos) == 0xF);
    yono_game_free(pos);

    pos = NULL;
    CHECK_OK(yono_game_from_text(MATE_POS, &pos));
    CHECK_OK(yono_game_threatened_by(pos, YONO_SEAT_EAST, &t));
    CHECK(t == (1u << YONO_SEAT_SOUTH));
    yono_move moves[4];
    size_t n = 0;
    CHECK_OK(yono_game_legal_moves(pos, moves, 4, &n));
    CHECK(n == 1 && moves[0].type == YONO_MOVE_PASS);
    CHECK(score_of(pos, YONO_SEAT_NORTH) == 1);
    CHECK_OK(yono_game_is_out(pos, YONO_SEAT_WEST, &out));
    CHECK(out == 1);
    CHECK_OK(yono_game_play(pos, moves[0]));
    CHECK_OK(yono_game_get_status(pos, &gs));
    CHECK(gs == YONO_GAME_WON);
    yono_seat winner = 9, turn = 9;
    CHECK_OK(yono_game_winner(pos, &winner));
    CHECK_OK(yono_game_turn(pos, &turn));
    CHECK(winner == YONO_SEAT_SOUTH && turn == YONO_SEAT_SOUTH);
    const int8_t expected[4] = {3, 0, 1, 2};
    for (yono_seat s = 0; s < 4; s++) {
        CHECK(score_of(pos, s) == expected[s]);
    }
    CHECK(legal_count(pos) == 0);
    uint64_t nodes = 9;
    CHECK_OK(yono_game_perft(pos, 1, &nodes));
    CHECK(nodes == 0);
    yono_move pass = {YONO_MOVE_PASS, 0, 0, 0, 0};
    CHECK_STATUS(yono_game_play(pos, pass), YONO_STATUS_GAME_OVER, "game_over");
    CHECK_STATUS(yono_game_play_text(pos, "5i5h"), YONO_STATUS_GAME_OVER, "game_over");
    CHECK_STATUS(yono_game_check_move(pos, pass), YONO_STATUS_GAME_OVER, "game_over");
    yono_game_free(pos);
}

static void test_repetition(void) {
    /* Each seat's King steps out and back: the start position recurs every 8
     * plies; its fourth occurrence (after 24 plies) draws. */
    const char *cycle[8] = {"5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"};
    yono_game *pos = yono_game_new();
    yono_game_status gs = 9;
    for (int ply = 0; ply < 24; ply++) {
        CHECK_OK(yono_game_get_status(pos, &gs));
        CHECK(gs == YONO_GAME_ONGOING);
        CHECK_OK(yono_game_play_text(pos, cycle[ply % 8]));
    }
    CHECK_OK(yono_game_get_status(pos, &gs));
    CHECK(gs == YONO_GAME_DRAWN_BY_REPETITION);
    yono_seat winner = 0;
    CHECK_OK(yono_game_winner(pos, &winner));
    CHECK(winner == YONO_SEAT_NONE);
    for (yono_seat s = 0; s < 4; s++) {
        CHECK(score_of(pos, s) == 0); /* 3 minus the 3 other remaining seats */
    }
    CHECK(legal_count(pos) == 0);
    CHECK_STATUS(yono_game_play_text(pos, "5i5h"), YONO_STATUS_GAME_OVER, "game_over");
    yono_move mv;
    CHECK_OK(yono_move_from_text("5i5h", &mv));
    CHECK_STATUS(yono_game_check_move(pos, mv), YONO_STATUS_GAME_OVER, "game_over");
    uint64_t nodes = 9;
    CHECK_OK(yono_game_perft(pos, 2, &nodes));
    CHECK(nodes == 0);
    CHECK_OK(yono_game_undo(pos, NULL));
    CHECK_OK(yono_game_get_status(pos, &gs));
    CHECK(gs == YONO_GAME_ONGOING);
    CHECK(legal_count(pos) > 0);
    yono_game_free(pos);
}

static void test_parse_errors(void) {
    yono_game *pos = (yono_game *)&pos;
    CHECK_STATUS(yono_game_from_text("9/9/9 s -/-/-/- swne 1", &pos), YONO_STATUS_PARSE_ERROR, "rank_count");
    CHECK(pos == NULL);
    CHECK(strstr(yono_last_error_message(), "9 ranks") != NULL);
    CHECK_STATUS(yono_game_from_text("", &pos), YONO_STATUS_PARSE_ERROR, "empty");
    CHECK_STATUS(yono_game_from_text("   ", &pos), YONO_STATUS_PARSE_ERROR, "empty");
    CHECK_STATUS(yono_game_from_text(
                     "wLwRwP1nKnGnSnNnL/wNwBwP4nBnR/wS1wP1nPnPnPnPnP/wG1wP6/wK1wP3eP1eK/6eP1eG/"
                     "sPsPsPsPsP1eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL x -/-/-/- swne 1",
                     &pos),
                 YONO_STATUS_PARSE_ERROR, "turn");
    /* Well-formed but impossible: two Kings for South. */
    CHECK_STATUS(yono_game_from_text("4nK4/9/9/9/wK7eK/9/9/9/3sKsK4 s -/-/-/- swne 1", &pos),
                 YONO_STATUS_PARSE_ERROR, "too_many_kings");
    /* The seat to move could capture a King. */
    CHECK_STATUS(yono_game_from_text("4nK4/9/8wR/9/wK7eK/9/9/9/4sK4 w -/-/-/- swne 1", &pos),
                 YONO_STATUS_PARSE_ERROR, "king_capturable");
    CHECK_STATUS(yono_game_from_text("\xff", &pos), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
    CHECK(pos == NULL);

    /* A huge input: rejected cleanly. */
    size_t big = 4u << 20;
    char *huge = (char *)malloc(big + 1);
    CHECK(huge != NULL);
    memset(huge, '9', big);
    huge[big] = '\0';
    CHECK_STATUS(yono_game_from_text(huge, &pos), YONO_STATUS_PARSE_ERROR, "too_long");
    CHECK_STATUS(yono_game_from_sfen(huge, &pos), YONO_STATUS_PARSE_ERROR, "too_long");
    yono_move mv;
    CHECK_STATUS(yono_move_from_text(huge, &mv), YONO_STATUS_PARSE_ERROR, "malformed_move");
    CHECK(strlen(yono_last_error_message()) < 300);
    yono_game *start = yono_game_new();
    CHECK_STATUS(yono_game_play_text(start, huge), YONO_STATUS_PARSE_ERROR, "malformed_move");
    yono_game_free(start);
    free(huge);

    CHECK_STATUS(yono_game_from_sfen("lnsgkgsnl/1r5b1 b - 1", &pos), YONO_STATUS_PARSE_ERROR, "rank_count");
    CHECK_STATUS(yono_game_from_sfen("\xc3\x28", &pos), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
    CHECK(pos == NULL);
}

static void test_shogi(void) {
    yono_game *pos = (yono_game *)&pos;
    CHECK_STATUS(yono_game_new_ruleset(2, &pos), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK(pos == NULL);
    CHECK_OK(yono_game_new_ruleset(YONO_RULESET_SHOGI, &pos));
    CHECK(strcmp(text_of(pos), SHOGI_START) == 0);
    CHECK(ruleset_of(pos) == YONO_RULESET_SHOGI);
    CHECK(seats_of(pos) == 0x5);
    CHECK(score_of(pos, YONO_SEAT_WEST) == -1);

    char sfen[200];
    size_t need = 0;
    CHECK_OK(yono_game_sfen(pos, sfen, sizeof sfen, &need));
    CHECK(strcmp(sfen, SHOGI_SFEN) == 0 && need == strlen(SHOGI_SFEN) + 1);
    CHECK_STATUS(yono_game_sfen(pos, sfen, 10, NULL), YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");

    yono_game *from_sfen = NULL;
    CHECK_OK(yono_game_from_sfen(SHOGI_SFEN, &from_sfen));
    CHECK(strcmp(text_of(from_sfen), SHOGI_START) == 0);
    yono_game *from_text = NULL;
    CHECK_OK(yono_game_from_text(SHOGI_START, &from_text));
    CHECK(ruleset_of(from_text) == YONO_RULESET_SHOGI);

    /* Published perft: 30, 900, 25470, 719731. */
    const uint64_t expected[] = {30, 900, 25470, 719731};
    for (uint32_t d = 1; d <= 4; d++) {
        uint64_t nodes = 0;
        CHECK_OK(yono_game_perft(from_sfen, d, &nodes));
        CHECK(nodes == expected[d - 1]);
    }

    /* Shogi repetition: both Kings step out and back. */
    const char *cycle[4] = {"5i5h", "5a5b", "5h5i", "5b5a"};
    yono_game_status gs = 0;
    for (int ply = 0; ply < 12; ply++) {
        CHECK_OK(yono_game_play_text(from_text, cycle[ply % 4]));
    }
    CHECK_OK(yono_game_get_status(from_text, &gs));
    CHECK(gs == YONO_GAME_DRAWN_BY_REPETITION);
    CHECK(score_of(from_text, YONO_SEAT_SOUTH) == 0);
    CHECK_OK(yono_game_sfen(from_text, sfen, sizeof sfen, NULL));
    CHECK(strncmp(sfen, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 13", 64) == 0);

    yono_game_free(from_text);
    yono_game_free(from_sfen);
    yono_game_free(pos);
}

/* A small deterministic random generator. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rng_next(void) {
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33);
}

/* Plays a whole four-player game with random legal moves, preferring moves that
 * checkmate someone. Returns the number of plies, or -1 on failure. */
static int play_random_game(yono_game *pos, int max_plies) {
    static yono_move moves[YONO_MAX_MOVES];
    for (int ply = 0; ply < max_plies; ply++) {
        yono_game_status gs = 0;
        if (yono_game_get_status(pos, &gs) != YONO_STATUS_OK) return -1;
        if (gs != YONO_GAME_ONGOING) return ply;
        size_t n = 0;
        if (yono_game_legal_moves(pos, moves, YONO_MAX_MOVES, &n) != YONO_STATUS_OK || n == 0) return -1;
        yono_seat_set before = 0, after = 0;
        if (yono_game_seats_in_game(pos, &before) != YONO_STATUS_OK) return -1;
        size_t pick = rng_next() % n;
        for (size_t i = 0; i < n; i++) {
            if (yono_game_play(pos, moves[i]) != YONO_STATUS_OK) return -1;
            if (yono_game_seats_in_game(pos, &after) != YONO_STATUS_OK ||
                yono_game_undo(pos, NULL) != YONO_STATUS_OK)
                return -1;
            if (after != before) {
                pick = i;
                break;
            }
        }
        if (yono_game_play(pos, moves[pick]) != YONO_STATUS_OK) return -1;
    }
    return -1;
}

static void test_full_game(void) {
    yono_game *pos = yono_game_new();
    int plies = play_random_game(pos, 20000);
    CHECK(plies > 0);
    yono_game_status gs = 0;
    CHECK_OK(yono_game_get_status(pos, &gs));
    CHECK(gs == YONO_GAME_WON || gs == YONO_GAME_DRAWN_BY_REPETITION);
    size_t hist = 0;
    CHECK_OK(yono_game_history(pos, NULL, 0, &hist));
    CHECK((int)hist == plies);
    if (gs == YONO_GAME_WON) {
        yono_seat winner = 9, turn = 8;
        yono_seat_set seats = 0;
        CHECK_OK(yono_game_winner(pos, &winner));
        CHECK_OK(yono_game_turn(pos, &turn));
        CHECK_OK(yono_game_seats_in_game(pos, &seats));
        CHECK(winner == turn && seats == (1u << winner));
        int total = 0, max = -1;
        for (yono_seat s = 0; s < 4; s++) {
            int8_t score = -1;
            uint8_t out = 9;
            CHECK_OK(yono_game_score(pos, s, &score));
            CHECK_OK(yono_game_is_out(pos, s, &out));
            CHECK(score >= 0 && score <= 3);
            CHECK(out == (s != winner));
            total += score;
            if (score > max) max = score;
        }
        CHECK(max == 3 && total >= 3 && total <= 6);
        printf("full game: %d plies, won by seat %d\n", plies, (int)winner);
    } else {
        printf("full game: %d plies, drawn by repetition\n", plies);
    }
    CHECK(legal_count(pos) == 0);
    CHECK_STATUS(yono_game_play_text(pos, "pass"), YONO_STATUS_GAME_OVER, "game_over");

    /* Replaying the history from a fresh start reaches the same position. */
    yono_move *history = (yono_move *)malloc(sizeof(yono_move) * (hist ? hist : 1));
    CHECK_OK(yono_game_history(pos, history, hist, NULL));
    yono_game *replay = yono_game_new();
    for (size_t i = 0; i < hist; i++) {
        char text[YONO_MOVE_TEXT_MAX];
        CHECK(yono_move_to_text(history[i], text, sizeof text, NULL) == YONO_STATUS_OK);
        CHECK(yono_game_play_text(replay, text) == YONO_STATUS_OK);
    }
    char a[1100], b[1100];
    CHECK_OK(yono_game_text(pos, a, sizeof a, NULL));
    CHECK_OK(yono_game_text(replay, b, sizeof b, NULL));
    CHECK(strcmp(a, b) == 0);
    /* Undoing everything returns to the start. */
    for (size_t i = 0; i < hist; i++) {
        CHECK(yono_game_undo(pos, NULL) == YONO_STATUS_OK);
    }
    CHECK(strcmp(text_of(pos), YONO_START) == 0);
    free(history);
    yono_game_free(replay);
    yono_game_free(pos);
}

int main(void) {
    test_library();
    test_start_position();
    test_text_buffers();
    test_moves_text();
    test_play_undo_clone();
    test_threats_and_endings();
    test_repetition();
    test_parse_errors();
    test_shogi();
    test_full_game();
    return check_summary("test_api");
}
