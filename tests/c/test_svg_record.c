/* SVG diagrams and game records through the C API: sizes, options (the growable
 * yono_svg_options and the old yono_svg_options_v0), geometry and hit-testing, buffer
 * rules, record round trip, a corrupted record rejected with the bad move's number. */
#include <stddef.h>
#include <stdlib.h>

#include "check.h"

/* East checkmated (score 0), South's King threatened by West; West just played 6e5f. */
static const char *MIDGAME =
    "wL1wN1wPnG2nL/2nK3nSs+BnR/2wB2nP1nP1/wG1wBwPnP1nP2/wK4sK1w+P1/1wR2wSsG2n+N/"
    "sP1sNsPsP4/sR7n+P/sL1sS1s+B4 n G4P/P/P/- swn0 74";

static void test_svg(void) {
    yono_game *pos = NULL;
    CHECK_OK(yono_game_from_text(MIDGAME, &pos));
    yono_svg_options opts = YONO_SVG_OPTIONS_INIT;
    CHECK(opts.size == 640 && opts.show_threats == 1 && opts.zones_for == YONO_SEAT_NONE);
    CHECK(opts.struct_size == sizeof opts && opts.orientation == YONO_SEAT_SOUTH);
    yono_svg_options by_init;
    memset(&by_init, 0xAB, sizeof by_init);
    CHECK_OK(yono_svg_options_init(&by_init, sizeof by_init));
    CHECK(memcmp(&by_init, &opts, offsetof(yono_svg_options, last_move)) == 0);
    CHECK(by_init.selected == YONO_SQUARE_NONE && by_init.destinations == NULL &&
          by_init.selected_reserve_kind == YONO_PIECE_NONE);
    CHECK_STATUS(yono_svg_options_init(&by_init, sizeof by_init + 8), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");

    char *plain = svg_of(pos, NULL);
    char *dflt = svg_of(pos, &opts);
    CHECK(plain != NULL && dflt != NULL);
    if (plain == NULL || dflt == NULL) {
        free(plain);
        free(dflt);
        yono_game_free(pos);
        return;
    }
    CHECK(strcmp(plain, dflt) == 0);
    CHECK(strncmp(plain, "<?xml", 5) == 0);
    CHECK(strstr(plain, "version=\"1.1\"") != NULL);
    CHECK(strstr(plain, "<title>sK 4e</title>") != NULL);
    CHECK(strstr(plain, "<title>South reserve: 4 Pawn</title>") != NULL);
    CHECK(strstr(plain, "<title>West reserve: 1 Pawn</title>") != NULL);
    CHECK(strstr(plain, "checkmated") != NULL);
    CHECK(strstr(plain, "King threatened by West") != NULL);
    CHECK(strstr(plain, "</svg>") != NULL);

    /* Each option changes the output. */
    yono_svg_options o = opts;
    o.size = 320;
    char *sized = svg_of(pos, &o);
    CHECK(sized != NULL && strstr(sized, "width=\"320\"") != NULL);
    o = opts;
    o.show_threats = 0;
    char *calm = svg_of(pos, &o);
    CHECK(calm != NULL && strstr(calm, "class=\"threat\"") == NULL && strcmp(calm, plain) != 0);
    o = opts;
    o.zones_for = YONO_SEAT_SOUTH;
    char *zones = svg_of(pos, &o);
    CHECK(zones != NULL && count(zones, "class=\"drop-zone\"") == 45);
    o = opts;
    CHECK_OK(yono_move_from_text("6e5f", &o.last_move));
    o.has_last_move = 1;
    char *last = svg_of(pos, &o);
    CHECK(last != NULL && count(last, "class=\"last-move\"") == 2);
    uint8_t squares[2] = {YONO_SQUARE(5, 5), YONO_SQUARE(1, 1)};
    o = opts;
    o.highlight = squares;
    o.highlight_count = 2;
    char *high = svg_of(pos, &o);
    CHECK(high != NULL && count(high, "class=\"highlight\"") == 2);
    /* The newer options: orientation, text as paths, selection, destinations, check. */
    o = opts;
    o.orientation = YONO_SEAT_WEST;
    o.text_as_paths = 1;
    o.selected = YONO_SQUARE(4, 5);
    o.destinations = squares;
    o.destinations_count = 2;
    o.check = squares;
    o.check_count = 1;
    o.selected_reserve_seat = YONO_SEAT_SOUTH;
    o.selected_reserve_kind = YONO_PIECE_PAWN;
    char *gui = svg_of(pos, &o);
    CHECK(gui != NULL && count(gui, "class=\"selected\"") == 2 &&
          count(gui, "class=\"destination\"") == 2 && strstr(gui, ">+B</text>") == NULL &&
          count(gui, "<path class=\"coord\"") == 36);
    /* With West at the bottom, West's panel is the bottom one. */
    CHECK(gui != NULL && strstr(gui, "<g class=\"panel w\"><rect x=\"188\" y=\"752\"") != NULL);
    free(gui);
    free(sized);
    free(calm);
    free(last);
    free(high);

    /* Bad options and buffers. */
    char small[16] = "junk";
    size_t need = 0;
    CHECK_STATUS(yono_game_svg(pos, NULL, small, sizeof small, &need),
                 YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    CHECK(small[0] == '\0' && need == strlen(plain) + 1);
    o = opts;
    o.zones_for = 7;
    CHECK_STATUS(yono_game_svg(pos, &o, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    o = opts;
    o.highlight_count = 3;
    CHECK_STATUS(yono_game_svg(pos, &o, NULL, 0, &need), YONO_STATUS_NULL_ARGUMENT,
                 "null_argument");
    uint8_t bad_square = 81;
    o.highlight = &bad_square;
    o.highlight_count = 1;
    CHECK_STATUS(yono_game_svg(pos, &o, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    o = opts;
    o.has_last_move = 1;
    o.last_move.type = 9;
    CHECK_STATUS(yono_game_svg(pos, &o, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    o = opts;
    o.struct_size = sizeof o + 16; /* a newer header than this library */
    CHECK_STATUS(yono_game_svg(pos, &o, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    o = opts;
    o.selected_reserve_seat = YONO_SEAT_SOUTH; /* a seat without a kind */
    CHECK_STATUS(yono_game_svg(pos, &o, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    CHECK_STATUS(yono_game_svg(NULL, NULL, NULL, 0, &need), YONO_STATUS_NULL_ARGUMENT,
                 "null_argument");
    CHECK_STATUS(yono_svg_options_init(NULL, sizeof o), YONO_STATUS_NULL_ARGUMENT, "null_argument");

    /* The old layout, as programs built against the first header pass it, draws the
     * same as the new one. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
    yono_svg_options_v0 v0;
    CHECK_OK(yono_svg_options_default(&v0));
    CHECK(v0.size == 640 && v0.show_threats == 1 && v0.zones_for == YONO_SEAT_NONE);
    v0.zones_for = YONO_SEAT_SOUTH;
    size_t old_need = 0;
    CHECK_OK(yono_position_svg(pos, &v0, NULL, 0, &old_need));
    char *old_svg = (char *)malloc(old_need);
    CHECK(old_svg != NULL);
    if (old_svg != NULL) {
        CHECK_OK(yono_position_svg(pos, &v0, old_svg, old_need, NULL));
        CHECK(zones != NULL && strcmp(old_svg, zones) == 0);
    }
    free(old_svg);
    v0.zones_for = 7;
    CHECK_STATUS(yono_position_svg(pos, &v0, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    CHECK_STATUS(yono_svg_options_default(NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
    free(zones);
    free(plain);
    free(dflt);
    yono_game_free(pos);
}

/* Geometry: every square's rectangle maps back to it in every orientation, reserve
 * slots too, and the margins are nothing. */
static void test_svg_geometry(void) {
    for (yono_seat bottom = 0; bottom < 4; bottom++) {
        for (uint8_t sq = 0; sq < YONO_SQUARE_COUNT; sq++) {
            yono_rect r;
            CHECK_OK(yono_svg_square_rect(sq, bottom, &r));
            CHECK(r.width == 60.0f && r.height == 60.0f && r.x >= 188.0f && r.x < 728.0f);
            uint8_t hit = 0;
            yono_seat seat = 0;
            yono_piece_kind kind = 0;
            CHECK_OK(yono_svg_hit_test(r.x + 30.0f, r.y + 30.0f, bottom, &hit, &seat, &kind));
            CHECK(hit == sq && seat == YONO_SEAT_NONE && kind == YONO_PIECE_NONE);
        }
        for (yono_seat seat = 0; seat < 4; seat++) {
            for (yono_piece_kind kind = YONO_PIECE_ROOK; kind <= YONO_PIECE_PAWN; kind++) {
                yono_rect r;
                CHECK_OK(yono_svg_reserve_rect(seat, kind, bottom, &r));
                uint8_t hit = 0;
                yono_seat s = 9;
                yono_piece_kind k = 99;
                CHECK_OK(yono_svg_hit_test(r.x + 1.0f, r.y + 1.0f, bottom, &hit, &s, &k));
                CHECK(hit == YONO_SQUARE_NONE && s == seat && k == kind);
            }
        }
    }
    /* South's King (5i) is bottom centre from South, left centre from East... */
    yono_rect r;
    CHECK_OK(yono_svg_square_rect(YONO_SQUARE(5, 9), YONO_SEAT_SOUTH, &r));
    CHECK(r.x == 428.0f && r.y == 668.0f);
    CHECK_OK(yono_svg_square_rect(YONO_SQUARE(5, 9), YONO_SEAT_NORTH, &r));
    CHECK(r.x == 428.0f && r.y == 188.0f);
    uint8_t hit = 0;
    yono_seat seat = 0;
    yono_piece_kind kind = 0;
    CHECK_OK(yono_svg_hit_test(2.0f, 2.0f, YONO_SEAT_SOUTH, &hit, &seat, &kind));
    CHECK(hit == YONO_SQUARE_NONE && seat == YONO_SEAT_NONE && kind == YONO_PIECE_NONE);
    CHECK_STATUS(yono_svg_square_rect(81, YONO_SEAT_SOUTH, &r), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    CHECK_STATUS(yono_svg_reserve_rect(YONO_SEAT_SOUTH, YONO_PIECE_KING, YONO_SEAT_SOUTH, &r),
                 YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK_STATUS(yono_svg_hit_test(0.0f, 0.0f, 4, &hit, &seat, &kind),
                 YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK_STATUS(yono_svg_hit_test(0.0f, 0.0f, 0, NULL, &seat, &kind), YONO_STATUS_NULL_ARGUMENT,
                 "null_argument");
}

/* `prefix` then `record` loads, and saves as `expected` (the text form). */
static void check_loads_as(const char *prefix, const char *record, const char *expected) {
    size_t n = strlen(prefix), m = strlen(record);
    char *joined = (char *)malloc(n + m + 1);
    CHECK(joined != NULL);
    if (joined == NULL) return;
    memcpy(joined, prefix, n);
    memcpy(joined + n, record, m + 1);
    yono_record *rec = NULL;
    CHECK_OK(yono_record_load(joined, &rec, NULL));
    char *saved = rec != NULL ? save(rec) : NULL;
    CHECK(saved != NULL && strcmp(saved, expected) == 0);
    free(saved);
    yono_record_free(rec);
    free(joined);
}

static void test_record(void) {
    /* A complete random game. */
    yono_game *pos = yono_game_new();
    yono_move moves[YONO_MAX_MOVES];
    unsigned long long s = 12345;
    for (;;) {
        size_t n = 0;
        CHECK_OK(yono_game_legal_moves(pos, moves, YONO_MAX_MOVES, &n));
        if (n == 0) break;
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        CHECK_OK(yono_game_play(pos, moves[(s >> 33) % n]));
    }
    yono_record *rec = NULL;
    CHECK_OK(yono_record_from_game(pos, &rec));
    size_t plies = 0;
    CHECK_OK(yono_record_ply_count(rec, &plies));
    CHECK(plies > 4);
    CHECK_OK(yono_record_set_meta(rec, "event", "C test"));
    CHECK_OK(yono_record_set_meta(rec, "south", "Alice"));
    CHECK_OK(yono_record_set_meta(rec, "west", "Bob"));
    CHECK_OK(yono_record_set_meta(rec, "west", NULL));
    CHECK_OK(yono_record_set_comment(rec, 1, "opening"));
    CHECK_STATUS(yono_record_set_meta(rec, "Bad Key", "x"), YONO_STATUS_INVALID_ARGUMENT,
                 "record_bad_key");
    CHECK_STATUS(yono_record_set_comment(rec, plies + 1, "x"), YONO_STATUS_INVALID_ARGUMENT,
                 "record_no_such_move");
    char value[32];
    CHECK_OK(yono_record_meta(rec, "south", value, sizeof value, NULL));
    CHECK(strcmp(value, "Alice") == 0);
    /* An absent key and one no record can hold are told apart (by code; the status is
     * INVALID_ARGUMENT for both, as before), and neither writes the buffer. */
    strcpy(value, "kept");
    CHECK_STATUS(yono_record_meta(rec, "west", value, sizeof value, NULL),
                 YONO_STATUS_INVALID_ARGUMENT, "record_no_such_key");
    CHECK(strcmp(value, "kept") == 0);
    CHECK_STATUS(yono_record_meta(rec, "Bad Key", value, sizeof value, NULL),
                 YONO_STATUS_INVALID_ARGUMENT, "record_bad_key");
    CHECK_STATUS(yono_record_meta(rec, "status", value, sizeof value, NULL),
                 YONO_STATUS_INVALID_ARGUMENT, "record_bad_key");
    CHECK(strcmp(value, "kept") == 0);

    char *text = save(rec);
    CHECK(text != NULL);
    if (text == NULL) {
        yono_record_free(rec);
        yono_game_free(pos);
        return;
    }
    CHECK(strstr(text, "event: C test\n") != NULL);
    CHECK(strstr(text, "status: won by ") != NULL);

    /* Round trip: load(save(rec)) saves the same text and replays to the same game. */
    yono_record *back = NULL;
    size_t bad_ply = 99;
    CHECK_OK(yono_record_load(text, &back, &bad_ply));
    CHECK(bad_ply == 0);
    char *again = save(back);
    CHECK(again != NULL && strcmp(again, text) == 0);
    yono_game *replayed = NULL;
    CHECK_OK(yono_record_to_game(back, &replayed));
    char a[1100], b[1100];
    CHECK_OK(yono_game_text(pos, a, sizeof a, NULL));
    CHECK_OK(yono_game_text(replayed, b, sizeof b, NULL));
    CHECK(strcmp(a, b) == 0);
    int8_t s1 = -1, s2 = -2;
    for (yono_seat seat = 0; seat < 4; seat++) {
        CHECK_OK(yono_game_score(pos, seat, &s1));
        CHECK_OK(yono_game_score(replayed, seat, &s2));
        CHECK(s1 == s2 && s1 >= 0);
    }
    free(again);
    yono_game_free(replayed);
    yono_record_free(back);

    /* The JSON form loads back to a record that saves the same text. */
    size_t json_len = 0;
    CHECK_OK(yono_record_save_json(rec, NULL, 0, &json_len));
    char *json = (char *)malloc(json_len);
    CHECK(json != NULL);
    if (json != NULL) {
        char tiny[4];
        CHECK_STATUS(yono_record_save_json(rec, tiny, sizeof tiny, NULL),
                     YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
        CHECK_OK(yono_record_save_json(rec, json, json_len, NULL));
        CHECK(json[0] == '{' && strstr(json, "\"C test\"") != NULL);
        check_loads_as("", json, text);
        /* After a UTF-8 byte-order mark (as Windows editors save files) and white space. */
        check_loads_as("\xEF\xBB\xBF\n", json, text);
        yono_record *from_json = NULL;
        CHECK_STATUS(yono_record_load("{\"not\": \"a record\"}", &from_json, NULL),
                     YONO_STATUS_PARSE_ERROR, "record_json");
        CHECK(from_json == NULL);
        free(json);
    }
    CHECK_STATUS(yono_record_save_json(NULL, NULL, 0, &json_len), YONO_STATUS_NULL_ARGUMENT,
                 "null_argument");

    /* The text form after a UTF-8 byte-order mark. */
    check_loads_as("\xEF\xBB\xBF", text, text);

    /* Corrupt move 3: the error names it. */
    char *line = strstr(text, "\n3 n ");
    CHECK(line != NULL);
    if (line != NULL) {
        memcpy(line + 5, "9a1i", 4);
        back = (yono_record *)1;
        CHECK_STATUS(yono_record_load(text, &back, &bad_ply), YONO_STATUS_PARSE_ERROR,
                     "record_bad_move");
        CHECK(back == NULL && bad_ply == 3);
        CHECK(strncmp(yono_last_error_message(), "move 3 (line ", 13) == 0);
    }
    CHECK_STATUS(yono_record_load("status: won by South\n", &back, NULL),
                 YONO_STATUS_PARSE_ERROR, "record_result");
    CHECK_STATUS(yono_record_load("1 s 5g5f\n1 w 7e6e\n", &back, &bad_ply),
                 YONO_STATUS_PARSE_ERROR, "record_bad_move");
    CHECK(bad_ply == 2);
    CHECK_STATUS(yono_record_load(NULL, &back, NULL), YONO_STATUS_NULL_ARGUMENT,
                 "null_argument");
    CHECK_STATUS(yono_record_load("", NULL, NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_record_save(NULL, NULL, 0, &plies), YONO_STATUS_NULL_ARGUMENT,
                 "null_argument");
    CHECK_STATUS(yono_record_from_game(NULL, &back), YONO_STATUS_NULL_ARGUMENT,
                 "null_argument");
    yono_record_free(NULL);
    free(text);
    yono_record_free(rec);
    yono_game_free(pos);
}

int main(void) {
    test_svg();
    test_svg_geometry();
    test_record();
    return check_summary("test_svg_record");
}
