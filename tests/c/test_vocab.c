/* The vocabulary as text from C: every spelling of the rules library (seat letters and
 * names in any case, kind symbols, pieces, squares, rulesets) reads to the C numbers,
 * which are the core's (pinned at compile time in yono-ffi/src/types.rs); the names
 * written back read again. (yono-ffi's Rust tests compare every candidate spelling
 * with the core's own reading.) */
#include <stdint.h>
#include <string.h>

#include "check.h"

/* A seat, kind, square or ruleset: one byte, read from text. */
typedef yono_status (*from_text_fn)(const char *, uint8_t *);
typedef yono_status (*to_text_fn)(uint8_t, char *, size_t, size_t *);

struct spelling {
    const char *text;
    int value; /* -1: refused */
};

static void check_spellings(const char *what, from_text_fn from_text, const struct spelling *s,
                            size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint8_t out = 200;
        yono_status st = from_text(s[i].text, &out);
        if (s[i].value < 0) {
            CHECK(st == YONO_STATUS_PARSE_ERROR && out == 200);
            CHECK(strcmp(yono_last_error_code(), "unknown_name") == 0);
        } else if (st != YONO_STATUS_OK || out != s[i].value) {
            fprintf(stderr, "%s %s: %d, expected %d\n", what, s[i].text, out, s[i].value);
            CHECK(0);
        } else {
            CHECK(1);
        }
    }
}

/* Every number of 0..count-1 written as text and read back; `count` itself refused. */
static void check_round_trip(from_text_fn from_text, to_text_fn to_text, int count) {
    for (int v = 0; v < count; v++) {
        char buf[32];
        uint8_t back = 200;
        CHECK_OK(to_text((uint8_t)v, buf, sizeof buf, NULL));
        CHECK_OK(from_text(buf, &back));
        CHECK(back == v);
    }
    size_t need = 0;
    CHECK_STATUS(to_text((uint8_t)count, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
}

static void test_seats(void) {
    static const struct spelling seats[] = {
        {"s", YONO_SEAT_SOUTH},   {"S", YONO_SEAT_SOUTH},   {"south", YONO_SEAT_SOUTH},
        {"South", YONO_SEAT_SOUTH}, {"SOUTH", YONO_SEAT_SOUTH}, {"w", YONO_SEAT_WEST},
        {"West", YONO_SEAT_WEST}, {"n", YONO_SEAT_NORTH},   {"NORTH", YONO_SEAT_NORTH},
        {"e", YONO_SEAT_EAST},    {"east", YONO_SEAT_EAST}, {"", -1},
        {"x", -1},                {"So", -1},               {"South ", -1},
        {"southwest", -1},
    };
    check_spellings("seat", yono_seat_from_text, seats, sizeof seats / sizeof *seats);
    check_round_trip(yono_seat_from_text, yono_seat_to_text, 4);
    char name[16];
    CHECK_OK(yono_seat_to_text(YONO_SEAT_WEST, name, sizeof name, NULL));
    CHECK(strcmp(name, "West") == 0);
}

static void test_kinds(void) {
    static const struct spelling kinds[] = {
        {"K", YONO_PIECE_KING},    {"P", YONO_PIECE_PAWN},        {"+R", YONO_PIECE_DRAGON},
        {"+B", YONO_PIECE_HORSE},  {"+P", YONO_PIECE_PROMOTED_PAWN}, {"+G", -1},
        {"+K", -1},                {"X", -1},                     {"", -1},
        {"++R", -1},
    };
    check_spellings("kind", yono_piece_kind_from_text, kinds, sizeof kinds / sizeof *kinds);
    check_round_trip(yono_piece_kind_from_text, yono_piece_kind_to_text, 14);
    char symbol[8];
    CHECK_OK(yono_piece_kind_to_text(YONO_PIECE_PROMOTED_SILVER, symbol, sizeof symbol, NULL));
    CHECK(strcmp(symbol, "+S") == 0);
}

static void test_squares_and_rulesets(void) {
    static const struct spelling squares[] = {
        {"9a", 0}, {"1a", 8}, {"5e", 40}, {"9i", 72}, {"1i", 80},
        {"0a", -1}, {"5j", -1}, {"55", -1}, {"5e ", -1}, {"", -1},
    };
    check_spellings("square", yono_square_from_text, squares, sizeof squares / sizeof *squares);
    check_round_trip(yono_square_from_text, yono_square_to_text, YONO_SQUARE_COUNT);
    uint8_t sq = 0;
    CHECK_OK(yono_square_from_text("5i", &sq));
    CHECK(sq == YONO_SQUARE(5, 9));

    static const struct spelling rulesets[] = {
        {"yono", YONO_RULESET_YONO}, {"Yono", YONO_RULESET_YONO}, {"SHOGI", YONO_RULESET_SHOGI},
        {"shogi", YONO_RULESET_SHOGI}, {"chess", -1}, {"", -1},
    };
    check_spellings("ruleset", yono_ruleset_from_text, rulesets, sizeof rulesets / sizeof *rulesets);
    check_round_trip(yono_ruleset_from_text, yono_ruleset_to_text, 2);
}

static void test_pieces(void) {
    yono_piece p = {9, 9};
    CHECK_OK(yono_piece_from_text("n+R", &p));
    CHECK(p.seat == YONO_SEAT_NORTH && p.kind == YONO_PIECE_DRAGON);
    CHECK_OK(yono_piece_from_text("sK", &p));
    CHECK(p.seat == YONO_SEAT_SOUTH && p.kind == YONO_PIECE_KING);
    CHECK_STATUS(yono_piece_from_text("x+R", &p), YONO_STATUS_PARSE_ERROR, "unknown_name");
    CHECK(p.seat == YONO_SEAT_SOUTH && p.kind == YONO_PIECE_KING);
    char text[8];
    yono_piece horse = {YONO_SEAT_EAST, YONO_PIECE_HORSE};
    CHECK_OK(yono_piece_to_text(horse, text, sizeof text, NULL));
    CHECK(strcmp(text, "e+B") == 0);
    yono_piece empty = {YONO_SEAT_NONE, YONO_PIECE_NONE};
    CHECK_STATUS(yono_piece_to_text(empty, text, sizeof text, NULL), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    CHECK_STATUS(yono_seat_from_text(NULL, &p.seat), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_seat_from_text("\xff", &p.seat), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
}

/* The status as text and how a game ended: a Shogi perpetual check (the checker,
 * South, loses) and a Yo[n]o fourfold repetition (drawn). */
static void test_status_and_end_reason(void) {
    static const char *const checks[] = {"1b1a", "9a9b", "1a1b", "9b9a"};
    yono_game *game = NULL;
    CHECK_OK(yono_game_from_text("nK8/8sR/9/9/9/9/9/9/4sK4 s -/-/-/- s-n- 1", &game));
    char text[64];
    yono_end_reason reason = 0;
    CHECK_OK(yono_game_status_text(game, text, sizeof text, NULL));
    CHECK(strcmp(text, "ongoing") == 0);
    CHECK_OK(yono_game_end_reason(game, &reason));
    CHECK(reason == YONO_END_NONE);
    for (int i = 0; i < 12; i++) CHECK_OK(yono_game_play_text(game, checks[i % 4]));
    CHECK_OK(yono_game_status_text(game, text, sizeof text, NULL));
    CHECK(strcmp(text, "won by North") == 0);
    CHECK_OK(yono_game_end_reason(game, &reason));
    CHECK(reason == YONO_END_PERPETUAL_CHECK);
    yono_game_free(game);

    static const char *const shuffle[] = {"5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"};
    game = yono_game_new();
    for (int i = 0; i < 24; i++) CHECK_OK(yono_game_play_text(game, shuffle[i % 8]));
    CHECK_OK(yono_game_status_text(game, text, sizeof text, NULL));
    CHECK(strcmp(text, "drawn by repetition") == 0);
    CHECK_OK(yono_game_end_reason(game, &reason));
    CHECK(reason == YONO_END_REPETITION);
    CHECK_STATUS(yono_game_end_reason(NULL, &reason), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    yono_game_free(game);
}

int main(void) {
    test_status_and_end_reason();
    test_seats();
    test_kinds();
    test_squares_and_rulesets();
    test_pieces();
    return check_summary("test_vocab");
}
