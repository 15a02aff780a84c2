/* A board GUI's flows in C11, the way a GUI drives libyono: a controller that turns
 * clicks (pixels) into squares and reserve slots with the SVG geometry, shows the
 * destinations of a selected piece or reserve kind, asks about promotion only when
 * it is optional, plays, shows what the move did (captures, fallen seats, scores),
 * undoes and redoes, renders, saves and loads a record and continues it, and runs a
 * computer player on a second thread with the snapshot pattern of yono.h (the GUI
 * thread reads snapshots without a lock; two readers share one snapshot). Run under
 * valgrind, ASan/UBSan and helgrind by tests/c/run.sh. */
#include <pthread.h>
#include <stdlib.h>

#include "check.h"

#define PIXELS 640

/* ---- the controller ------------------------------------------------------------ */

typedef struct {
    yono_game *game;
    yono_seat bottom;       /* the seat drawn at the bottom */
    uint8_t selected;       /* YONO_SQUARE_NONE if none */
    yono_piece_kind drop;   /* YONO_PIECE_NONE if no reserve piece is selected */
    yono_move targets[YONO_MAX_MOVES];
    size_t target_count;
    int promote_answer;     /* what the "promotion dialog" answers: 1 yes, 0 no */
    int dialogs_shown;
    yono_move_effect last;  /* what the last move did */
    int moves_played;
} controller;

static void controller_clear(controller *c) {
    c->selected = YONO_SQUARE_NONE;
    c->drop = YONO_PIECE_NONE;
    c->target_count = 0;
}

/* The pixel at the centre of a square, in a PIXELS-wide picture. */
static void square_pixel(const controller *c, uint8_t sq, float *x, float *y) {
    yono_rect r;
    CHECK_OK(yono_svg_square_rect(sq, c->bottom, &r));
    *x = (r.x + r.width / 2) * PIXELS / 920.0f;
    *y = (r.y + r.height / 2) * PIXELS / 920.0f;
}

static void reserve_pixel(const controller *c, yono_seat seat, yono_piece_kind kind, float *x,
                          float *y) {
    yono_rect r;
    CHECK_OK(yono_svg_reserve_rect(seat, kind, c->bottom, &r));
    *x = (r.x + 10) * PIXELS / 920.0f;
    *y = (r.y + r.height / 2) * PIXELS / 920.0f;
}

/* Plays the selected piece to `to`, asking the dialog only when promotion is optional. */
static int controller_move_to(controller *c, uint8_t to) {
    yono_promotion promo = YONO_PROMOTION_NO_MOVE;
    yono_move mv = {YONO_MOVE_BOARD, c->selected, to, 0, 0};
    if (c->drop != YONO_PIECE_NONE) {
        mv.type = YONO_MOVE_DROP;
        mv.from = 0;
        mv.drop_kind = c->drop;
    } else {
        CHECK_OK(yono_game_promotion_status(c->game, c->selected, to, &promo));
        if (promo == YONO_PROMOTION_NO_MOVE) return 0;
        if (promo == YONO_PROMOTION_OPTIONAL) {
            c->dialogs_shown++;
            mv.promote = (uint8_t)c->promote_answer;
        } else {
            mv.promote = promo == YONO_PROMOTION_COMPULSORY;
        }
    }
    /* What the move will do, for the status bar, then play it. */
    yono_move_effect preview;
    CHECK_OK(yono_game_preview(c->game, mv, &preview));
    CHECK_OK(yono_game_play_described(c->game, mv, &c->last));
    CHECK(memcmp(&preview, &c->last, sizeof preview) == 0);
    c->moves_played++;
    controller_clear(c);
    return 1;
}

/* A click at pixel (x, y). Returns 1 if it played a move. */
static int controller_click(controller *c, float x, float y) {
    uint8_t sq = 0;
    yono_seat seat = 0;
    yono_piece_kind kind = 0;
    CHECK_OK(yono_svg_hit_test(x * 920.0f / PIXELS, y * 920.0f / PIXELS, c->bottom, &sq, &seat,
                               &kind));
    if (sq != YONO_SQUARE_NONE && (c->selected != YONO_SQUARE_NONE || c->drop != YONO_PIECE_NONE)) {
        for (size_t i = 0; i < c->target_count; i++)
            if (c->targets[i].to == sq) return controller_move_to(c, sq);
    }
    controller_clear(c);
    yono_seat turn = 0;
    CHECK_OK(yono_game_turn(c->game, &turn));
    if (sq != YONO_SQUARE_NONE) {
        CHECK_OK(yono_game_moves_from(c->game, sq, c->targets, YONO_MAX_MOVES, &c->target_count));
        if (c->target_count > 0) c->selected = sq;
    } else if (seat == turn && kind != YONO_PIECE_NONE) {
        CHECK_OK(yono_game_drops_of(c->game, kind, c->targets, YONO_MAX_MOVES, &c->target_count));
        if (c->target_count > 0) c->drop = kind;
    }
    return 0;
}

/* The picture the GUI would show: the position with the selection and destinations. */
static char *controller_render(const controller *c, const yono_game *g) {
    uint8_t dest[YONO_MAX_MOVES];
    size_t n = 0;
    for (size_t i = 0; i < c->target_count; i++) {
        int seen = 0;
        for (size_t j = 0; j < n; j++) seen |= dest[j] == c->targets[i].to;
        if (!seen) dest[n++] = c->targets[i].to;
    }
    yono_svg_options o = YONO_SVG_OPTIONS_INIT;
    o.size = PIXELS;
    o.orientation = c->bottom;
    o.selected = c->selected;
    o.destinations = dest;
    o.destinations_count = n;
    if (c->drop != YONO_PIECE_NONE) {
        CHECK_OK(yono_game_turn(g, &o.selected_reserve_seat));
        o.selected_reserve_kind = c->drop;
    }
    return svg_of(g, &o);
}

/* Checks the picture the GUI would show now: one selection, and `n` times `mark`. */
static void check_render(const controller *c, const char *mark, int n) {
    char *svg = controller_render(c, c->game);
    CHECK(svg != NULL && count(svg, "class=\"selected\"") == 1 && count(svg, mark) == n);
    free(svg);
}

/* ---- the flows ----------------------------------------------------------------- */

static void test_click_select_play_undo_redo(void) {
    controller c = {0};
    controller_clear(&c);
    c.game = yono_game_new();
    CHECK(c.game != NULL);
    if (c.game == NULL) return;
    c.bottom = YONO_SEAT_SOUTH;
    float x, y;
    /* Click South's 5g Pawn: one destination, 5f, drawn as a dot. */
    square_pixel(&c, YONO_SQUARE(5, 7), &x, &y);
    CHECK(controller_click(&c, x, y) == 0);
    CHECK(c.selected == YONO_SQUARE(5, 7) && c.target_count == 1);
    check_render(&c, "<circle class=\"destination\"", 1);
    /* Click 5f: played, no capture, nobody falls, West to move. */
    square_pixel(&c, YONO_SQUARE(5, 6), &x, &y);
    CHECK(controller_click(&c, x, y) == 1);
    CHECK(c.last.mover == YONO_SEAT_SOUTH && c.last.captured.kind == YONO_PIECE_NONE &&
          c.last.fallen_count == 0 && c.last.next_turn == YONO_SEAT_WEST);
    /* Clicking another seat's piece or an empty square selects nothing. */
    square_pixel(&c, YONO_SQUARE(5, 9), &x, &y);
    CHECK(controller_click(&c, x, y) == 0 && c.selected == YONO_SQUARE_NONE);
    CHECK(controller_click(&c, 1.0f, 1.0f) == 0 && c.selected == YONO_SQUARE_NONE);
    /* Undo, redo, and a new move forgets the redo line. */
    yono_move undone, redone;
    size_t redo_count = 9;
    CHECK_OK(yono_game_undo(c.game, &undone));
    CHECK_OK(yono_game_redo_count(c.game, &redo_count));
    CHECK(redo_count == 1);
    CHECK_OK(yono_game_redo(c.game, &redone));
    CHECK(memcmp(&undone, &redone, sizeof undone) == 0);
    CHECK_STATUS(yono_game_redo(c.game, NULL), YONO_STATUS_NOTHING_TO_UNDO, "nothing_to_redo");
    CHECK_OK(yono_game_undo(c.game, NULL));
    CHECK_OK(yono_game_play_text(c.game, "7g7f"));
    CHECK_OK(yono_game_redo_count(c.game, &redo_count));
    CHECK(redo_count == 0);
    yono_game_free(c.game);
}

static void test_promotion_dialog_and_drop_mate(void) {
    controller c = {0};
    controller_clear(&c);
    /* Shogi: South's Pawn on 5c may promote on 5b; South holds a Gold. */
    CHECK_OK(yono_game_from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", &c.game));
    if (c.game == NULL) return;
    c.bottom = YONO_SEAT_NORTH; /* the board turned: North at the bottom */
    yono_promotion p = 0;
    CHECK_OK(yono_game_promotion_status(c.game, YONO_SQUARE(5, 3), YONO_SQUARE(5, 2), &p));
    CHECK(p == YONO_PROMOTION_OPTIONAL);
    CHECK_OK(yono_game_promotion_status(c.game, YONO_SQUARE(5, 3), YONO_SQUARE(5, 4), &p));
    CHECK(p == YONO_PROMOTION_NO_MOVE);
    /* Select the Gold in South's reserve: 78 drop targets. */
    float x, y;
    reserve_pixel(&c, YONO_SEAT_SOUTH, YONO_PIECE_GOLD, &x, &y);
    CHECK(controller_click(&c, x, y) == 0);
    CHECK(c.drop == YONO_PIECE_GOLD && c.target_count == 78);
    check_render(&c, "class=\"destination\"", 78);
    /* Drop it on 5b: mate. North falls with 0; South wins; North is to move (and has
     * no move); North is not "out" (a Shogi King stays) but has lost. */
    square_pixel(&c, YONO_SQUARE(5, 2), &x, &y);
    CHECK(controller_click(&c, x, y) == 1);
    CHECK(c.last.status == YONO_GAME_WON && c.last.winner == YONO_SEAT_SOUTH);
    CHECK(c.last.fallen_count == 1 && c.last.fallen[0] == YONO_SEAT_NORTH &&
          c.last.fallen_scores[0] == 0);
    yono_seat turn = 0;
    uint8_t out = 9;
    yono_seat_set lost = 0, in_game = 0;
    CHECK_OK(yono_game_turn(c.game, &turn));
    CHECK_OK(yono_game_is_out(c.game, YONO_SEAT_NORTH, &out));
    CHECK_OK(yono_game_lost_seats(c.game, &lost));
    CHECK_OK(yono_game_seats_in_game(c.game, &in_game));
    CHECK(turn == YONO_SEAT_NORTH && out == 0 && in_game == 0x5);
    CHECK(YONO_SEAT_SET_HAS(lost, YONO_SEAT_NORTH) && !YONO_SEAT_SET_HAS(lost, YONO_SEAT_SOUTH));
    yono_game_free(c.game);

    /* The dialog: answered "no", then "yes". */
    for (int answer = 0; answer < 2; answer++) {
        controller d = {0};
        controller_clear(&d);
        d.promote_answer = answer;
        CHECK_OK(yono_game_from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b - 1", &d.game));
        if (d.game == NULL) return;
        square_pixel(&d, YONO_SQUARE(5, 3), &x, &y);
        controller_click(&d, x, y);
        square_pixel(&d, YONO_SQUARE(5, 2), &x, &y);
        CHECK(controller_click(&d, x, y) == 1);
        CHECK(d.dialogs_shown == 1 && d.last.promotes == answer);
        yono_game_free(d.game);
    }
    /* A Pawn reaching the last rank must promote: no dialog. */
    controller e = {0};
    controller_clear(&e);
    CHECK_OK(yono_game_from_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1", &e.game));
    if (e.game == NULL) return;
    square_pixel(&e, YONO_SQUARE(9, 2), &x, &y);
    controller_click(&e, x, y);
    square_pixel(&e, YONO_SQUARE(9, 1), &x, &y);
    CHECK(controller_click(&e, x, y) == 1 && e.dialogs_shown == 0 && e.last.promotes == 1);
    yono_game_free(e.game);
}

/* The whole of a small file (at most 4 KiB), NUL-terminated, into `buf`; 1 on success. */
static int read_file(const char *path, char *buf, size_t size) {
    FILE *f = fopen(path, "r");
    if (f == NULL) return 0;
    size_t n = fread(buf, 1, size - 1, f);
    int whole = feof(f) != 0;
    fclose(f);
    buf[n] = 0;
    return whole;
}

/* The record of tests/vectors/club_night.yrec (shared with yono-py's test_gui.py). */
static void test_save_load_continue(void) {
    char saved[4096];
    int read = read_file("tests/vectors/club_night.yrec", saved, sizeof saved);
    CHECK(read); /* run from the repository's root, as tests/c/run.sh does */
    if (!read) return;
    yono_record *rec = NULL;
    CHECK_OK(yono_record_load(saved, &rec, NULL));
    if (rec == NULL) return;
    size_t keys = 0;
    CHECK_OK(yono_record_meta_count(rec, &keys));
    char key[64], comment[128];
    int found_clock = 0;
    for (size_t i = 0; i < keys; i++) {
        CHECK_OK(yono_record_meta_key(rec, i, key, sizeof key, NULL));
        found_clock |= strcmp(key, "x-clock") == 0;
    }
    CHECK(found_clock);
    CHECK_OK(yono_record_comment(rec, 1, comment, sizeof comment, NULL));
    CHECK(strcmp(comment, "the centre Pawn") == 0);
    /* Continue: the GUI plays North's move from the record's game and appends it. */
    yono_game *g = NULL;
    CHECK_OK(yono_record_to_game(rec, &g));
    yono_move moves[YONO_MAX_MOVES];
    size_t n = 0;
    CHECK_OK(yono_game_legal_moves(g, moves, YONO_MAX_MOVES, &n));
    CHECK(n > 0);
    CHECK_OK(yono_record_play(rec, moves[0], "North plays on"));
    yono_move bad = {YONO_MOVE_PASS, 0, 0, 0, 0};
    CHECK_STATUS(yono_record_play(rec, bad, NULL), YONO_STATUS_PARSE_ERROR, "record_bad_move");
    char *text = save(rec);
    CHECK(text != NULL);
    yono_record *back = NULL;
    if (text != NULL) CHECK_OK(yono_record_load(text, &back, NULL));
    if (back != NULL) {
        size_t plies = 0;
        CHECK_OK(yono_record_ply_count(back, &plies));
        CHECK(plies == 3);
        const char *want[3] = {"the centre Pawn", "West answers", "North plays on"};
        for (size_t ply = 1; ply <= 3; ply++) {
            CHECK_OK(yono_record_comment(back, ply, comment, sizeof comment, NULL));
            CHECK(strcmp(comment, want[ply - 1]) == 0);
        }
        char value[64];
        CHECK_OK(yono_record_meta(back, "x-clock", value, sizeof value, NULL));
        CHECK(strcmp(value, "10+5") == 0);
        CHECK_OK(yono_record_meta(back, "event", value, sizeof value, NULL));
        CHECK(strcmp(value, "Club night") == 0);
        CHECK_STATUS(yono_record_comment(back, 4, comment, sizeof comment, NULL),
                     YONO_STATUS_INVALID_ARGUMENT, "record_no_such_move");
        CHECK_STATUS(yono_record_meta_key(back, 99, key, sizeof key, NULL),
                     YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    }
    free(text);
    yono_record_free(back);
    yono_game_free(g);
    yono_record_free(rec);
}

/* ---- the computer player and the snapshot pattern -------------------------------- */

typedef struct {
    pthread_mutex_t lock;    /* guards `game` and `published` */
    pthread_cond_t changed;
    yono_game *game;         /* owned by the player thread while it plays */
    yono_game *published;    /* the latest snapshot, for the GUI thread to take */
    int done;
    int plies;
} shared_state;

static void *computer_player(void *arg) {
    shared_state *s = (shared_state *)arg;
    uint64_t seed = 12345;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        yono_move moves[YONO_MAX_MOVES];
        size_t n = 0;
        if (yono_game_legal_moves(s->game, moves, YONO_MAX_MOVES, &n) != YONO_STATUS_OK ||
            n == 0 || s->plies >= 120) {
            s->done = 1;
            pthread_cond_broadcast(&s->changed);
            pthread_mutex_unlock(&s->lock);
            return NULL;
        }
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        if (yono_game_play(s->game, moves[(seed >> 33) % n]) != YONO_STATUS_OK) s->done = 2;
        s->plies++;
        /* Publish a snapshot: taken under the lock, handed over with it. */
        yono_game *snap = NULL;
        if (yono_game_clone(s->game, &snap) == YONO_STATUS_OK) {
            yono_game_free(s->published);
            s->published = snap;
        }
        pthread_cond_broadcast(&s->changed);
        /* A real engine thinks here; this one waits for the GUI to take the frame. */
        while (s->published != NULL) pthread_cond_wait(&s->changed, &s->lock);
        pthread_mutex_unlock(&s->lock);
    }
}

typedef struct {
    const yono_game *snap;
    size_t moves;
    size_t history;
    int ok;
} reader_job;

/* What a GUI thread reads from a snapshot: lists, history, diagram, SVG. */
static void *read_snapshot(void *arg) {
    reader_job *j = (reader_job *)arg;
    yono_move moves[YONO_MAX_MOVES];
    size_t need = 0;
    j->ok = yono_game_legal_moves(j->snap, moves, YONO_MAX_MOVES, &j->moves) == YONO_STATUS_OK &&
            yono_game_history(j->snap, NULL, 0, &j->history) == YONO_STATUS_OK &&
            yono_game_svg(j->snap, NULL, NULL, 0, &need) == YONO_STATUS_OK && need > 1000;
    char text[1100];
    j->ok = j->ok && yono_game_text(j->snap, text, sizeof text, NULL) == YONO_STATUS_OK;
    return NULL;
}

static void test_computer_player_thread(void) {
    shared_state s;
    memset(&s, 0, sizeof s);
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.changed, NULL);
    s.game = yono_game_new();
    CHECK(s.game != NULL);
    if (s.game == NULL) return;
    pthread_t player;
    CHECK(pthread_create(&player, NULL, computer_player, &s) == 0);
    size_t last_history = 0;
    int frames = 0, monotonic = 1, readers_ok = 1;
    for (;;) {
        pthread_mutex_lock(&s.lock);
        while (s.published == NULL && !s.done) pthread_cond_wait(&s.changed, &s.lock);
        yono_game *snap = s.published; /* take ownership */
        s.published = NULL;
        int done = s.done;
        pthread_cond_broadcast(&s.changed);
        pthread_mutex_unlock(&s.lock);
        if (snap != NULL) {
            /* Two readers on one snapshot at once (const calls may overlap), no lock. */
            reader_job a = {snap, 0, 0, 0}, b = {snap, 0, 0, 0};
            pthread_t second;
            int started = pthread_create(&second, NULL, read_snapshot, &b) == 0;
            read_snapshot(&a);
            if (started) pthread_join(second, NULL);
            readers_ok &= a.ok && (!started || (b.ok && b.moves == a.moves && b.history == a.history));
            monotonic &= a.history > last_history;
            last_history = a.history;
            frames++;
            yono_game_free(snap);
        }
        if (done && snap == NULL) break;
    }
    pthread_join(player, NULL);
    CHECK(s.done == 1 && frames == s.plies && monotonic && readers_ok);
    size_t final_history = 0;
    CHECK_OK(yono_game_history(s.game, NULL, 0, &final_history));
    CHECK(final_history == (size_t)s.plies && last_history == final_history);
    yono_game_free(s.published);
    yono_game_free(s.game);
    pthread_cond_destroy(&s.changed);
    pthread_mutex_destroy(&s.lock);
    printf("computer player: %d plies, %d frames drawn from snapshots\n", s.plies, frames);
}

int main(void) {
    test_click_select_play_undo_redo();
    test_promotion_dialog_and_drop_mate();
    test_save_load_continue();
    test_computer_player_thread();
    return check_summary("test_gui");
}
