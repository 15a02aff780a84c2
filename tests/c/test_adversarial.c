/* Adversarial input through the C API, beyond test_null.c and test_api.c: megabyte
 * strings and invalid UTF-8 at every entry point taking text (including invalid
 * bytes past the 1024-byte limit and after a valid prefix), text cut short by an
 * embedded NUL, every field of the position text malformed, moves for the wrong seat,
 * drops not held or outside the zone, out-of-range structs, moves after the game
 * ended, and a random game with the invariants checked after every move. Every
 * rejected call must leave the position exactly as it was. Run under valgrind. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define START "wLwRwP1nKnGnSnNnL/wNwBwP4nBnR/wS1wP1nPnPnPnPnP/wG1wP6/wK1wP3eP1eK/6eP1eG/" \
              "sPsPsPsPsP1eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL s -/-/-/- swne 1"
#define KINGS_FULL "4nK4/9/9/9/wK7eK/9/9/9/4sK4 %c RBGSNLP/RBGSNLP/RBGSNLP/RBGSNLP swne 1"

static char hist_text[2048];

static size_t history_len(const yono_game *pos) {
    size_t n = 0;
    if (yono_game_history(pos, NULL, 0, &n) != YONO_STATUS_OK) {
        return (size_t)-1;
    }
    return n;
}

/* Whether `pos` still has the text and history length it had. */
static int unchanged(const yono_game *pos, const char *text, size_t hist) {
    return strcmp(text_of(pos), text) == 0 && history_len(pos) == hist;
}

/* A move is refused with (status, code) by check_move, play and play_text, and
 * the position is unchanged. */
static void refused(yono_game *pos, yono_move mv, yono_status st, const char *code) {
    strcpy(hist_text, text_of(pos));
    size_t hist = history_len(pos);
    CHECK_STATUS(yono_game_check_move(pos, mv), st, code);
    CHECK_STATUS(yono_game_play(pos, mv), st, code);
    char mtext[YONO_MOVE_TEXT_MAX];
    if (yono_move_to_text(mv, mtext, sizeof mtext, NULL) == YONO_STATUS_OK) {
        CHECK_STATUS(yono_game_play_text(pos, mtext), st, code);
    }
    CHECK(unchanged(pos, hist_text, hist));
}

static void test_big_and_invalid_strings(void) {
    yono_game *pos = yono_game_new();
    yono_game *made = (yono_game *)&made;
    yono_move mv = {YONO_MOVE_PASS, 0, 0, 0, 0};
    /* 1 MiB strings: valid texts repeated, invalid UTF-8 at the end (past the
     * length limit) and at the start. UTF-8 is checked before anything else. */
    size_t len = (size_t)1 << 20;
    char *big = (char *)malloc(len + 1);
    size_t unit = strlen(START);
    for (size_t i = 0; i < len; i += unit) {
        memcpy(big + i, START, i + unit <= len ? unit : len - i);
    }
    big[len] = '\0';
    CHECK_STATUS(yono_game_from_text(big, &made), YONO_STATUS_PARSE_ERROR, "too_long");
    CHECK(made == NULL);
    CHECK_STATUS(yono_game_from_sfen(big, &made), YONO_STATUS_PARSE_ERROR, "too_long");
    CHECK_STATUS(yono_move_from_text(big, &mv), YONO_STATUS_PARSE_ERROR, "malformed_move");
    CHECK(mv.type == YONO_MOVE_PASS);
    CHECK_STATUS(yono_game_play_text(pos, big), YONO_STATUS_PARSE_ERROR, "malformed_move");
    CHECK(strlen(yono_last_error_message()) < 300);
    big[len - 1] = (char)0xff;
    CHECK_STATUS(yono_game_from_text(big, &made), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
    CHECK_STATUS(yono_game_from_sfen(big, &made), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
    CHECK_STATUS(yono_move_from_text(big, &mv), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
    CHECK_STATUS(yono_game_play_text(pos, big), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
    /* A megabyte of spaces: too long, not empty. */
    memset(big, ' ', len);
    CHECK_STATUS(yono_game_from_text(big, &made), YONO_STATUS_PARSE_ERROR, "too_long");
    free(big);

    /* Invalid UTF-8 of every kind, after a valid start text. */
    const char *bad_utf8[] = {
        "\x80",             /* lone continuation byte */
        "\xc0\xaf",         /* overlong '/' */
        "\xe0\x80\xaf",     /* overlong, three bytes */
        "\xed\xa0\x80",     /* UTF-16 surrogate */
        "\xf4\x90\x80\x80", /* above U+10FFFF */
        "\xf5\x80\x80\x80", /* invalid lead byte */
        "\xe2\x82",         /* truncated */
        "\xfe\xff",
    };
    char buf[1200];
    for (size_t i = 0; i < sizeof bad_utf8 / sizeof bad_utf8[0]; i++) {
        snprintf(buf, sizeof buf, "%s%s", START, bad_utf8[i]);
        CHECK_STATUS(yono_game_from_text(buf, &made), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
        CHECK(made == NULL);
        snprintf(buf, sizeof buf, "%s%s", bad_utf8[i], "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        CHECK_STATUS(yono_game_from_sfen(buf, &made), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
        snprintf(buf, sizeof buf, "5g5f%s", bad_utf8[i]);
        CHECK_STATUS(yono_move_from_text(buf, &mv), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
        CHECK_STATUS(yono_game_play_text(pos, buf), YONO_STATUS_INVALID_UTF8, "invalid_utf8");
    }
    /* Valid multi-byte UTF-8 is a parse error, not an encoding error. */
    CHECK_STATUS(yono_game_from_text("\xc3\xa9", &made), YONO_STATUS_PARSE_ERROR, "field_count");
    CHECK_STATUS(yono_move_from_text("\xef\xbc\x95g5f", &mv), YONO_STATUS_PARSE_ERROR, "malformed_move");
    CHECK(strcmp(text_of(pos), START) == 0 && history_len(pos) == 0);
    yono_game_free(pos);
}

/* C strings end at the first NUL: whatever follows it is never seen. */
static void test_embedded_nul(void) {
    yono_game *pos = NULL;
    const char with_nul[] = START "\0 garbage";
    CHECK_OK(yono_game_from_text(with_nul, &pos));
    CHECK(strcmp(text_of(pos), START) == 0);
    yono_game_free(pos);
    /* A NUL inside the text cuts it: each cut is refused with a parse error. */
    char buf[sizeof START];
    size_t n = strlen(START);
    for (size_t i = 0; i < n; i++) {
        memcpy(buf, START, n + 1);
        buf[i] = '\0';
        pos = (yono_game *)&pos;
        yono_status st = yono_game_from_text(buf, &pos);
        CHECK(st == YONO_STATUS_PARSE_ERROR && pos == NULL);
        CHECK(strlen(yono_last_error_code()) > 0);
    }
    pos = yono_game_new();
    const char move_nul[] = "5g5f\0+";
    CHECK_OK(yono_game_play_text(pos, move_nul)); /* reads "5g5f" */
    CHECK(history_len(pos) == 1);
    CHECK_STATUS(yono_game_play_text(pos, "7e\0" "6e"), YONO_STATUS_PARSE_ERROR, "malformed_move");
    CHECK(history_len(pos) == 1);
    yono_game_free(pos);
}

static void test_fields_malformed(void) {
    struct {
        const char *text;
        const char *code;
    } cases[] = {
        {"9/9/9/9/9/9/9/9 s -/-/-/- swne 1", "rank_count"},
        {"4nK4/9/9/9/wK7eK/9/9/9/4sK4 q -/-/-/- swne 1", "turn"},
        {"4nK4/9/9/9/wK7eK/9/9/9/4sK4 s -/-/-/-/- swne 1", "reserve_group_count"},
        {"4nK4/9/9/9/wK7eK/9/9/9/4sK4 s 0P/-/-/- swne 1", "reserve"},
        {"4nK4/9/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- swnx 1", "seats"},
        {"4nK4/9/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 4294967296", "move_number"},
        {"4nK4/9/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne", "field_count"},
        {"4nK4/9/9/9/wK7eK/9/9/9/4sK4\ts -/-/-/- swne 1", "field_count"},
        {"4nK4/9/9/9/wK7eK/9/2eK6/9/4sK4 s -/-/-/- swne 1", "too_many_kings"},
        {"4nK4/9/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- sw0e 1", "piece_of_seat_not_in_game"},
        {"4nK4/9/9/9/wK7eK/9/9/9/4sK2nP1 s -/-/-/- swne 1", "dead_piece"},
        {"4nK4/9/2nP6/9/wK7eK/9/2nP6/9/4sK4 s -/-/-/- swne 1", "nifu"},
        {"4nK4/4sG4/9/9/wK7eK/9/9/9/4sK4 s -/-/-/- swne 1", "king_capturable"},
        {"4nK4/9/9/9/wK7eK/9/9/9/4sK4 s 5G/-/-/- swne 1", "too_many_pieces"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        yono_game *pos = (yono_game *)&pos;
        CHECK_STATUS(yono_game_from_text(cases[i].text, &pos), YONO_STATUS_PARSE_ERROR, cases[i].code);
        CHECK(pos == NULL);
    }
}

static void test_wrong_seat_and_drops(void) {
    yono_game *pos = yono_game_new();
    /* West's moves, played when South is to move. */
    yono_game *west = NULL;
    char text[sizeof START];
    memcpy(text, START, sizeof START);
    char *turn = strstr(text, " s ");
    turn[1] = 'w';
    CHECK_OK(yono_game_from_text(text, &west));
    yono_move moves[YONO_MAX_MOVES];
    size_t n = 0;
    CHECK_OK(yono_game_legal_moves(west, moves, YONO_MAX_MOVES, &n));
    CHECK(n > 0);
    for (size_t i = 0; i < n; i++) {
        refused(pos, moves[i], YONO_STATUS_ILLEGAL_MOVE, "no_piece_to_move");
    }
    yono_game_free(west);
    /* Drops with nothing in reserve. */
    for (uint8_t kind = YONO_PIECE_ROOK; kind <= YONO_PIECE_PAWN; kind++) {
        yono_move drop = {YONO_MOVE_DROP, 0, YONO_SQUARE(7, 5), 0, kind};
        refused(pos, drop, YONO_STATUS_ILLEGAL_MOVE, "not_in_reserve");
    }
    yono_game_free(pos);

    /* Every seat holding one of each kind: every square outside its zone refused. */
    const char seats[4] = {'s', 'w', 'n', 'e'};
    for (int s = 0; s < 4; s++) {
        char full[128];
        snprintf(full, sizeof full, KINGS_FULL, seats[s]);
        CHECK_OK(yono_game_from_text(full, &pos));
        int outside = 0, occupied = 0;
        for (uint8_t sq = 0; sq < YONO_SQUARE_COUNT; sq++) {
            int file = YONO_SQUARE_FILE(sq), rank = YONO_SQUARE_RANK(sq);
            int in_zone = s == 0 ? file >= 5 : s == 1 ? rank <= 5 : s == 2 ? file <= 5 : rank >= 5;
            yono_piece piece;
            CHECK_OK(yono_game_piece_at(pos, sq, &piece));
            yono_move drop = {YONO_MOVE_DROP, 0, sq, 0, YONO_PIECE_GOLD};
            if (piece.seat != YONO_SEAT_NONE) {
                refused(pos, drop, YONO_STATUS_ILLEGAL_MOVE, "occupied");
                occupied++;
            } else if (!in_zone) {
                refused(pos, drop, YONO_STATUS_ILLEGAL_MOVE, "outside_drop_zone");
                outside++;
            } else {
                CHECK_OK(yono_game_check_move(pos, drop)); /* a Gold drops anywhere in the zone */
            }
        }
        CHECK(occupied == 4 && outside + occupied - (81 - 45) <= 4);
        /* Out-of-range structs: invalid argument, nothing changed. */
        yono_move bad[] = {
            {YONO_MOVE_DROP, 0, 81, 0, YONO_PIECE_GOLD},
            {YONO_MOVE_DROP, 0, 40, 0, YONO_PIECE_KING},
            {YONO_MOVE_DROP, 0, 40, 0, 200},
            {YONO_MOVE_BOARD, 200, 40, 0, 0},
            {YONO_MOVE_BOARD, 40, 40, 0, 0},
            {YONO_MOVE_BOARD, 40, 41, 7, 0},
            {255, 0, 0, 0, 0},
        };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            refused(pos, bad[i], YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
        }
        yono_game_free(pos);
    }

    /* A third Bishop on one binding. */
    CHECK_OK(yono_game_from_text("4nK4/9/9/9/wK7eK/9/9/9/sB1sB1sK4 s B/-/-/- swne 1", &pos));
    yono_move even = {YONO_MOVE_DROP, 0, YONO_SQUARE(9, 7), 0, YONO_PIECE_BISHOP};
    yono_move odd = {YONO_MOVE_DROP, 0, YONO_SQUARE(8, 7), 0, YONO_PIECE_BISHOP};
    refused(pos, even, YONO_STATUS_ILLEGAL_MOVE, "binding_limit");
    CHECK_OK(yono_game_check_move(pos, odd));
    yono_game_free(pos);
}

static void test_after_the_end(void) {
    yono_game *pos = NULL;
    CHECK_OK(yono_game_from_text("9/9/9/9/9/9/9/sL8/1sR2sK4 s -/-/-/- s021 31", &pos));
    /* Every board move and drop: game over. */
    for (uint8_t from = 0; from < YONO_SQUARE_COUNT; from += 3) {
        for (uint8_t to = 0; to < YONO_SQUARE_COUNT; to++) {
            if (from == to) {
                continue;
            }
            yono_move mv = {YONO_MOVE_BOARD, from, to, (uint8_t)(to & 1), 0};
            refused(pos, mv, YONO_STATUS_GAME_OVER, "game_over");
        }
    }
    for (uint8_t kind = YONO_PIECE_ROOK; kind <= YONO_PIECE_PAWN; kind++) {
        yono_move mv = {YONO_MOVE_DROP, 0, 40, 0, kind};
        refused(pos, mv, YONO_STATUS_GAME_OVER, "game_over");
    }
    yono_move pass = {YONO_MOVE_PASS, 0, 0, 0, 0};
    refused(pos, pass, YONO_STATUS_GAME_OVER, "game_over");
    CHECK_STATUS(yono_game_undo(pos, NULL), YONO_STATUS_NOTHING_TO_UNDO, "nothing_to_undo");
    yono_game_free(pos);
}

/* xorshift64*: a fixed random source. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Dull;
}

/* Random games through the C API: after every move the seat to move threatens no
 * King, the text reads back to the same text, a clone is equal, and an arbitrary
 * move struct is either legal or refused without a trace. */
static void test_random_games(void) {
    static yono_move moves[YONO_MAX_MOVES];
    int finished = 0;
    for (int g = 0; g < 6; g++) {
        yono_game *pos = NULL;
        CHECK_OK(yono_game_new_ruleset(g % 3 == 2 ? YONO_RULESET_SHOGI : YONO_RULESET_YONO, &pos));
        for (int ply = 0; ply < 1500; ply++) {
            size_t n = 0;
            CHECK_OK(yono_game_legal_moves(pos, moves, YONO_MAX_MOVES, &n));
            if (n == 0) {
                yono_game_status gs = 0;
                CHECK_OK(yono_game_get_status(pos, &gs));
                CHECK(gs != YONO_GAME_ONGOING);
                finished++;
                break;
            }
            /* A random struct, legal or not. */
            yono_move probe = {(uint8_t)(rng() % 3), (uint8_t)(rng() % 81), (uint8_t)(rng() % 81),
                               (uint8_t)(rng() % 2), (uint8_t)(1 + rng() % 7)};
            /* Fields a move type ignores are 0 in the library's moves. */
            if (probe.type == YONO_MOVE_BOARD) {
                probe.drop_kind = 0;
            } else if (probe.type == YONO_MOVE_DROP) {
                probe.from = 0;
                probe.promote = 0;
            } else {
                memset(&probe, 0, sizeof probe);
                probe.type = YONO_MOVE_PASS;
            }
            int legal = 0;
            for (size_t i = 0; i < n; i++) {
                legal |= memcmp(&moves[i], &probe, sizeof probe) == 0;
            }
            yono_status st = yono_game_check_move(pos, probe);
            CHECK((st == YONO_STATUS_OK) == legal);
            if (!legal) {
                strcpy(hist_text, text_of(pos));
                size_t hist = history_len(pos);
                CHECK(yono_game_play(pos, probe) == st);
                CHECK(unchanged(pos, hist_text, hist));
            }
            CHECK_OK(yono_game_play(pos, moves[rng() % n]));
            yono_seat turn = 0;
            CHECK_OK(yono_game_turn(pos, &turn));
            for (yono_seat s = 0; s < 4; s++) {
                yono_seat_set by = 0;
                CHECK_OK(yono_game_threatened_by(pos, s, &by));
                CHECK(!YONO_SEAT_SET_HAS(by, turn));
            }
            yono_game *again = NULL;
            CHECK_OK(yono_game_from_text(text_of(pos), &again));
            char again_text[2048];
            CHECK_OK(yono_game_text(again, again_text, sizeof again_text, NULL));
            CHECK(strcmp(again_text, text_of(pos)) == 0);
            yono_game_free(again);
        }
        yono_game_free(pos);
    }
    printf("random games: %d of 6 finished within 1500 plies\n", finished);
}

int main(void) {
    test_big_and_invalid_strings();
    test_embedded_nul();
    test_fields_malformed();
    test_wrong_seat_and_drops();
    test_after_the_end();
    test_random_games();
    return check_summary("test_adversarial");
}
