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

/* One vocabulary type read from text: its functions, how many values it has, and
 * spellings with the value each reads as (-1: refused). */
struct vocabulary {
    const char *name;
    from_text_fn from_text;
    to_text_fn to_text;
    int count;
    struct spelling spellings[24];
};

static const struct vocabulary TYPES[] = {
    {"seat", yono_seat_from_text, yono_seat_to_text, 4,
     {{"s", YONO_SEAT_SOUTH}, {"S", YONO_SEAT_SOUTH}, {"south", YONO_SEAT_SOUTH},
      {"South", YONO_SEAT_SOUTH}, {"SOUTH", YONO_SEAT_SOUTH}, {"w", YONO_SEAT_WEST},
      {"West", YONO_SEAT_WEST}, {"n", YONO_SEAT_NORTH}, {"NORTH", YONO_SEAT_NORTH},
      {"e", YONO_SEAT_EAST}, {"east", YONO_SEAT_EAST}, {"", -1}, {"x", -1}, {"So", -1},
      {"South ", -1}, {"southwest", -1}}},
    {"kind", yono_piece_kind_from_text, yono_piece_kind_to_text, 14,
     {{"K", YONO_PIECE_KING}, {"P", YONO_PIECE_PAWN}, {"+R", YONO_PIECE_DRAGON},
      {"+B", YONO_PIECE_HORSE}, {"+P", YONO_PIECE_PROMOTED_PAWN}, {"Rook", YONO_PIECE_ROOK},
      {"promoted silver", YONO_PIECE_PROMOTED_SILVER}, {"+G", -1}, {"+K", -1}, {"X", -1},
      {"", -1}, {"++R", -1}}},
    {"square", yono_square_from_text, yono_square_to_text, YONO_SQUARE_COUNT,
     {{"9a", 0}, {"1a", 8}, {"5e", 40}, {"9i", 72}, {"1i", 80}, {"0a", -1}, {"5j", -1},
      {"55", -1}, {"5e ", -1}, {"5E", -1}, {"", -1}}},
    {"ruleset", yono_ruleset_from_text, yono_ruleset_to_text, 2,
     {{"yono", YONO_RULESET_YONO}, {"Yono", YONO_RULESET_YONO}, {"SHOGI", YONO_RULESET_SHOGI},
      {"shogi", YONO_RULESET_SHOGI}, {"chess", -1}, {"", -1}}},
};

static void test_byte_types(void) {
    for (size_t t = 0; t < sizeof TYPES / sizeof *TYPES; t++) {
        const struct vocabulary *v = &TYPES[t];
        /* The spellings (the list ends at the first zeroed entry). */
        for (const struct spelling *s = v->spellings; s->text != NULL; s++) {
            uint8_t out = 200;
            yono_status st = v->from_text(s->text, &out);
            if (s->value < 0) {
                CHECK(st == YONO_STATUS_PARSE_ERROR && out == 200);
                CHECK(strcmp(yono_last_error_code(), "unknown_name") == 0);
            } else if (st != YONO_STATUS_OK || out != s->value) {
                fprintf(stderr, "%s %s: %d, expected %d\n", v->name, s->text, out, s->value);
                CHECK(0);
            }
        }
        /* Every number written as text reads back; one past the last is refused. */
        for (int n = 0; n < v->count; n++) {
            char buf[32];
            uint8_t back = 200;
            CHECK_OK(v->to_text((uint8_t)n, buf, sizeof buf, NULL));
            CHECK_OK(v->from_text(buf, &back));
            CHECK(back == n);
        }
        size_t need = 0;
        CHECK_STATUS(v->to_text((uint8_t)v->count, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                     "invalid_argument");
    }
    char text[16];
    CHECK_OK(yono_seat_to_text(YONO_SEAT_WEST, text, sizeof text, NULL));
    CHECK(strcmp(text, "West") == 0);
    CHECK_OK(yono_piece_kind_to_text(YONO_PIECE_PROMOTED_SILVER, text, sizeof text, NULL));
    CHECK(strcmp(text, "+S") == 0);
    uint8_t sq = 0;
    CHECK_OK(yono_square_from_text("5i", &sq));
    CHECK(sq == YONO_SQUARE(5, 9));
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
    test_byte_types();
    test_pieces();
    return check_summary("test_vocab");
}
