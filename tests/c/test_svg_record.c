/* SVG diagrams and game records through the C API: sizes, options, buffer rules,
 * record round trip, a corrupted record rejected with the bad move's number. */
#include <stdlib.h>

#include "check.h"

/* East checkmated (score 0), South's King threatened by West; West just played 6e5f. */
static const char *MIDGAME =
    "wL1wN1wPnG2nL/2nK3nSs+BnR/2wB2nP1nP1/wG1wBwPnP1nP2/wK4sK1w+P1/1wR2wSsG2n+N/"
    "sP1sNsPsP4/sR7n+P/sL1sS1s+B4 n G4P/P/P/- swn0 74";

/* The SVG of pos with opts, malloc'ed (NULL on error). */
static char *svg_of(const yono_position *pos, const yono_svg_options *opts) {
    size_t need = 0;
    if (yono_position_svg(pos, opts, NULL, 0, &need) != YONO_STATUS_OK) return NULL;
    char *buf = (char *)malloc(need);
    if (buf == NULL) return NULL;
    size_t again = 0;
    if (yono_position_svg(pos, opts, buf, need, &again) != YONO_STATUS_OK || again != need ||
        strlen(buf) + 1 != need) {
        free(buf);
        return NULL;
    }
    return buf;
}

static int count(const char *hay, const char *needle) {
    int n = 0;
    for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + 1, needle)) n++;
    return n;
}

static void test_svg(void) {
    yono_position *pos = NULL;
    CHECK_OK(yono_position_from_text(MIDGAME, &pos));
    yono_svg_options opts;
    CHECK_OK(yono_svg_options_default(&opts));
    CHECK(opts.size == 640 && opts.show_threats == 1 && opts.zones_for == YONO_SEAT_NONE);

    char *plain = svg_of(pos, NULL);
    char *dflt = svg_of(pos, &opts);
    CHECK(plain != NULL && dflt != NULL);
    if (plain == NULL || dflt == NULL) {
        free(plain);
        free(dflt);
        yono_position_free(pos);
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
    free(sized);
    free(calm);
    free(zones);
    free(last);
    free(high);

    /* Bad options and buffers. */
    char small[16] = "junk";
    size_t need = 0;
    CHECK_STATUS(yono_position_svg(pos, NULL, small, sizeof small, &need),
                 YONO_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    CHECK(small[0] == '\0' && need == strlen(plain) + 1);
    o = opts;
    o.zones_for = 7;
    CHECK_STATUS(yono_position_svg(pos, &o, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    o = opts;
    o.highlight_count = 3;
    CHECK_STATUS(yono_position_svg(pos, &o, NULL, 0, &need), YONO_STATUS_NULL_ARGUMENT,
                 "null_argument");
    uint8_t bad_square = 81;
    o.highlight = &bad_square;
    o.highlight_count = 1;
    CHECK_STATUS(yono_position_svg(pos, &o, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    o = opts;
    o.has_last_move = 1;
    o.last_move.type = 9;
    CHECK_STATUS(yono_position_svg(pos, &o, NULL, 0, &need), YONO_STATUS_INVALID_ARGUMENT,
                 "invalid_argument");
    CHECK_STATUS(yono_position_svg(NULL, NULL, NULL, 0, &need), YONO_STATUS_NULL_ARGUMENT,
                 "null_argument");
    CHECK_STATUS(yono_svg_options_default(NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    free(plain);
    free(dflt);
    yono_position_free(pos);
}

static char *save(const yono_record *rec) {
    size_t need = 0;
    if (yono_record_save(rec, NULL, 0, &need) != YONO_STATUS_OK) return NULL;
    char *buf = (char *)malloc(need);
    if (buf != NULL && yono_record_save(rec, buf, need, NULL) != YONO_STATUS_OK) {
        free(buf);
        return NULL;
    }
    return buf;
}

static void test_record(void) {
    /* A complete random game. */
    yono_position *pos = yono_position_new();
    yono_move moves[YONO_MAX_MOVES];
    unsigned long long s = 12345;
    for (;;) {
        size_t n = 0;
        CHECK_OK(yono_position_legal_moves(pos, moves, YONO_MAX_MOVES, &n));
        if (n == 0) break;
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        CHECK_OK(yono_position_play(pos, moves[(s >> 33) % n]));
    }
    yono_record *rec = NULL;
    CHECK_OK(yono_record_from_position(pos, &rec));
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
    CHECK_STATUS(yono_record_meta(rec, "west", value, sizeof value, NULL),
                 YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");

    char *text = save(rec);
    CHECK(text != NULL);
    if (text == NULL) {
        yono_record_free(rec);
        yono_position_free(pos);
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
    yono_position *replayed = NULL;
    CHECK_OK(yono_record_position(back, &replayed));
    char a[1100], b[1100];
    CHECK_OK(yono_position_text(pos, a, sizeof a, NULL));
    CHECK_OK(yono_position_text(replayed, b, sizeof b, NULL));
    CHECK(strcmp(a, b) == 0);
    int8_t s1 = -1, s2 = -2;
    for (yono_seat seat = 0; seat < 4; seat++) {
        CHECK_OK(yono_position_score(pos, seat, &s1));
        CHECK_OK(yono_position_score(replayed, seat, &s2));
        CHECK(s1 == s2 && s1 >= 0);
    }
    free(again);
    yono_position_free(replayed);
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
        yono_record *from_json = NULL;
        CHECK_OK(yono_record_load(json, &from_json, NULL));
        char *via_json = from_json != NULL ? save(from_json) : NULL;
        CHECK(via_json != NULL && strcmp(via_json, text) == 0);
        free(via_json);
        yono_record_free(from_json);
        CHECK_STATUS(yono_record_load("{\"not\": \"a record\"}", &from_json, NULL),
                     YONO_STATUS_PARSE_ERROR, "record_json");
        CHECK(from_json == NULL);
        free(json);
    }
    CHECK_STATUS(yono_record_save_json(NULL, NULL, 0, &json_len), YONO_STATUS_NULL_ARGUMENT,
                 "null_argument");

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
    CHECK_STATUS(yono_record_from_position(NULL, &back), YONO_STATUS_NULL_ARGUMENT,
                 "null_argument");
    yono_record_free(NULL);
    free(text);
    yono_record_free(rec);
    yono_position_free(pos);
}

int main(void) {
    test_svg();
    test_record();
    return check_summary("test_svg_record");
}
