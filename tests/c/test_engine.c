/* The engine through the C API: legal moves, the forced eliminations of
 * tests/vectors/engine_cases.txt, determinism, errors, the asynchronous searches
 * (yono_engine_start: a stop is never lost, progress, poll, wait), and the GUI-thread
 * / search-thread patterns (run under helgrind by tests/c/run.sh).
 * Usage: test_engine [path/to/engine_cases.txt] */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

static void move_text(yono_move mv, char *buf, size_t len) {
    if (yono_move_to_text(mv, buf, len, NULL) != YONO_STATUS_OK) snprintf(buf, len, "?");
}

/* An engine with a 1 MiB table: the threading tests need a search, not its strength. */
static yono_engine *small_engine(void) {
    yono_engine_options opts;
    CHECK_OK(yono_engine_options_default(&opts));
    opts.hash_mb = 1;
    yono_engine *engine = NULL;
    CHECK_OK(yono_engine_new(&opts, &engine));
    return engine;
}

static void test_basics(void) {
    yono_engine_options opts;
    CHECK_OK(yono_engine_options_default(&opts));
    CHECK(opts.size == sizeof opts && opts.hash_mb == 16);
    opts.hash_mb = 2;
    yono_engine *engine = NULL;
    CHECK_OK(yono_engine_new(&opts, &engine));
    yono_game *pos = yono_game_new();
    yono_search_limits limits = {sizeof limits, 0, 2, 0.0};
    yono_search_result r;
    r.size = sizeof r;
    CHECK_OK(yono_engine_search(engine, pos, &limits, &r));
    CHECK_OK(yono_game_check_move(pos, r.best_move));
    CHECK(r.depth == 2 && r.pv_len >= 1 && r.nodes > 0 && !r.stopped);
    CHECK(memcmp(&r.pv[0], &r.best_move, sizeof r.best_move) == 0);
    double total = 0;
    for (int s = 0; s < 4; s++) total += r.eval[s];
    CHECK(fabs(total - 6.0) < 0.01); /* 0 + 1 + 2 + 3 are still to be shared */

    /* Deterministic for a node limit, for a new engine and a cleared one (the
     * engine keeps what its depth-2 search above learnt until cleared). */
    yono_search_limits nodes = {sizeof nodes, 3000, 0, 0.0};
    yono_search_result a, b;
    a.size = b.size = sizeof a;
    CHECK_OK(yono_engine_clear(engine));
    CHECK_STATUS(yono_engine_clear(NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_OK(yono_engine_search(engine, pos, &nodes, &a));
    yono_engine *other = NULL;
    CHECK_OK(yono_engine_new(NULL, &other));
    CHECK_OK(yono_engine_search(other, pos, &nodes, &b));
    CHECK(memcmp(&a.best_move, &b.best_move, sizeof a.best_move) == 0);
    CHECK(a.nodes == b.nodes && a.score == b.score && a.pv_len == b.pv_len);

    /* Standard Shogi through the same engine; NAN for the absent seats. */
    yono_game *shogi = NULL;
    CHECK_OK(yono_game_new_ruleset(YONO_RULESET_SHOGI, &shogi));
    CHECK_OK(yono_engine_search(engine, shogi, &limits, &r));
    CHECK_OK(yono_game_check_move(shogi, r.best_move));
    CHECK(isnan(r.eval[YONO_SEAT_WEST]) && isnan(r.eval[YONO_SEAT_EAST]));

    /* Errors. */
    CHECK_STATUS(yono_engine_search(NULL, pos, &limits, &r), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_engine_search(engine, NULL, &limits, &r), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_engine_search(engine, pos, &limits, NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    yono_search_limits bad = {sizeof bad, 0, 0, -1.0};
    CHECK_STATUS(yono_engine_search(engine, pos, &bad, &r), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    opts.hash_mb = 0;
    yono_engine *none = (yono_engine *)&opts;
    CHECK_STATUS(yono_engine_new(&opts, &none), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK(none == NULL);
    CHECK_STATUS(yono_engine_stop(NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    yono_game *over = NULL;
    CHECK_OK(yono_game_from_text("8eK/9/7sG1/9/9/9/9/9/sK6sR1 s -/-/-/- s01e 1", &over));
    CHECK_OK(yono_game_play_text(over, "2c2b"));
    CHECK_OK(yono_game_play_text(over, "pass"));
    CHECK_STATUS(yono_engine_search(engine, over, &limits, &r), YONO_STATUS_GAME_OVER, "game_over");

    yono_game_free(over);
    yono_game_free(shogi);
    yono_game_free(pos);
    yono_engine_free(other);
    yono_engine_free(engine);
    yono_engine_free(NULL);
}

static void test_cases(const char *path) {
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f) return;
    yono_engine *engine = NULL;
    CHECK_OK(yono_engine_new(NULL, &engine));
    char line[2048];
    int cases = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        line[strcspn(line, "\n")] = 0;
        char *save = NULL;
        char *name = strtok_r(line, "|", &save);
        char *text = strtok_r(NULL, "|", &save);
        strtok_r(NULL, "|", &save); /* target seat */
        char *moves = strtok_r(NULL, "|", &save);
        char *solutions = strtok_r(NULL, "|", &save);
        if (!name || !text || !moves || !solutions) {
            CHECK(!"malformed case line");
            continue;
        }
        yono_game *pos = NULL;
        CHECK_OK(yono_game_from_text(text, &pos));
        if (!pos) continue;
        yono_seat_set seats = 0;
        CHECK_OK(yono_game_seats_in_game(pos, &seats));
        unsigned n = 0;
        for (int s = 0; s < 4; s++) n += YONO_SEAT_SET_HAS(seats, s);
        yono_search_limits limits = {sizeof limits, 2000000, n * (unsigned)atoi(moves), 0.0};
        yono_search_result r;
        r.size = sizeof r;
        CHECK_OK(yono_engine_search(engine, pos, &limits, &r));
        char mv[16];
        move_text(r.best_move, mv, sizeof mv);
        /* The move must be one of the listed solutions (space-separated). */
        int found = 0;
        char *save2 = NULL;
        for (char *s = strtok_r(solutions, " ", &save2); s; s = strtok_r(NULL, " ", &save2))
            found |= strcmp(s, mv) == 0;
        if (!found) fprintf(stderr, "case %s: engine played %s\n", name, mv);
        CHECK(found);
        cases++;
        yono_game_free(pos);
    }
    fclose(f);
    CHECK(cases >= 10);
    yono_engine_free(engine);
}

/* The GUI pattern: a background thread searches without a limit; the "GUI" thread
 * stays free, then stops it. The done flag is guarded by a mutex. */
struct job {
    yono_engine *engine;
    yono_game *pos;
    yono_search_result result;
    yono_status status;
    pthread_mutex_t lock;
    int done;
};

static void *search_thread(void *arg) {
    struct job *job = arg;
    job->result.size = sizeof job->result;
    yono_status st = yono_engine_search(job->engine, job->pos, NULL, &job->result);
    pthread_mutex_lock(&job->lock);
    job->status = st;
    job->done = 1;
    pthread_mutex_unlock(&job->lock);
    return NULL;
}

static void test_threads(void) {
    struct job job;
    memset(&job, 0, sizeof job);
    pthread_mutex_init(&job.lock, NULL);
    job.engine = small_engine();
    job.pos = yono_game_new();
    pthread_t t;
    CHECK(pthread_create(&t, NULL, search_thread, &job) == 0);
    /* The GUI thread does its own work meanwhile (here: reads the position)... */
    yono_seat turn = 0;
    CHECK_OK(yono_game_turn(job.pos, &turn));
    struct timespec pause = {0, 50 * 1000 * 1000};
    nanosleep(&pause, NULL);
    /* ...then stops the search, repeating until it returns: yono_engine_stop() stops
     * the searches requested before it, and this thread cannot know whether the
     * other one has made its request yet (yono_engine_start avoids the loop). */
    for (;;) {
        CHECK_OK(yono_engine_stop(job.engine));
        pthread_mutex_lock(&job.lock);
        int done = job.done;
        pthread_mutex_unlock(&job.lock);
        if (done) break;
        nanosleep(&pause, NULL);
    }
    pthread_join(t, NULL);
    CHECK(job.status == YONO_STATUS_OK);
    CHECK(job.result.stopped);
    CHECK_OK(yono_game_check_move(job.pos, job.result.best_move));
    yono_game_free(job.pos);
    yono_engine_free(job.engine);
    pthread_mutex_destroy(&job.lock);
}

/* Waits for `search` (into `*r`), checks that it was stopped, and frees it. */
static void wait_stopped(yono_search *search, yono_search_result *r) {
    CHECK_OK(yono_search_wait(search, r));
    CHECK(r->stopped);
    yono_search_free(search);
}

/* yono_engine_start: the search runs on the engine's worker; the caller's thread
 * stops, polls and waits. A stop sent right after the start, before the worker can
 * have begun the search, is kept: every one of these searches has no limit, so a
 * lost stop would never end (alarm() turns that into a failure, not a hang). */
static void test_async(void) {
    yono_engine *engine = small_engine();
    yono_game *pos = yono_game_new();
    yono_search_result r;
    r.size = sizeof r;
    alarm(900);
    int kept = 0;
    for (int i = 0; i < 100; i++) {
        yono_search *search = NULL;
        CHECK_OK(yono_engine_start(engine, pos, NULL, &search));
        CHECK_OK(yono_search_stop(search));
        CHECK_OK(yono_search_wait(search, &r));
        kept += r.stopped && yono_game_check_move(pos, r.best_move) == YONO_STATUS_OK;
        yono_search_free(search);
    }
    CHECK(kept == 100);

    /* Two searches queued; the second is stopped while it waits, then the first. */
    yono_search *first = NULL, *second = NULL;
    CHECK_OK(yono_engine_start(engine, pos, NULL, &first));
    CHECK_OK(yono_engine_start(engine, pos, NULL, &second));
    CHECK_OK(yono_search_stop(second));
    CHECK_OK(yono_search_stop(first));
    wait_stopped(first, &r);
    wait_stopped(second, &r);

    /* yono_engine_stop() stops every search requested before it. */
    CHECK_OK(yono_engine_start(engine, pos, NULL, &first));
    CHECK_OK(yono_engine_start(engine, pos, NULL, &second));
    CHECK_OK(yono_engine_stop(engine));
    wait_stopped(first, &r);
    wait_stopped(second, &r);

    /* Poll until done, then read the progress: the last iteration is depth 3. */
    yono_search_limits depth3 = {sizeof depth3, 0, 3, 0.0};
    yono_search *search = NULL;
    CHECK_OK(yono_engine_start(engine, pos, &depth3, &search));
    bool done = false;
    struct timespec pause = {0, 2 * 1000 * 1000};
    for (;;) {
        CHECK_OK(yono_search_poll(search, &r, &done));
        if (done) break;
        nanosleep(&pause, NULL);
    }
    CHECK(r.depth == 3 && !r.stopped);
    yono_search_info info;
    info.size = sizeof info;
    bool has_info = false;
    CHECK_OK(yono_search_progress(search, &info, &has_info));
    CHECK(has_info && info.depth == 3 && info.pv_len >= 1 && info.nodes == r.nodes);
    CHECK(memcmp(&info.pv[0], &r.best_move, sizeof r.best_move) == 0);
    /* Polling a finished search again gives the same result. */
    yono_search_result again;
    again.size = sizeof again;
    CHECK_OK(yono_search_poll(search, &again, &done));
    CHECK(done && memcmp(&again.best_move, &r.best_move, sizeof r.best_move) == 0);
    yono_search_free(search);

    /* A struct size no published version has is refused, and nothing is written. */
    struct {
        size_t size;
        yono_move best_move;
    } small = {sizeof small, {0}};
    CHECK_OK(yono_engine_start(engine, pos, &depth3, &search));
    CHECK_STATUS(yono_search_wait(search, (yono_search_result *)&small), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK(small.best_move.type == 0);
    yono_search_free(search);

    /* Freeing a running search stops it; the engine goes on serving. */
    CHECK_OK(yono_engine_start(engine, pos, NULL, &search));
    yono_search_free(search);
    CHECK_OK(yono_engine_search(engine, pos, &depth3, &r));
    CHECK(r.depth == 3);

    /* Errors. */
    CHECK_STATUS(yono_engine_start(NULL, pos, NULL, &search), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK(search == NULL);
    CHECK_STATUS(yono_engine_start(engine, NULL, NULL, &search), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_engine_start(engine, pos, NULL, NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    yono_search_limits bad = {sizeof bad, 0, 0, NAN};
    CHECK_STATUS(yono_engine_start(engine, pos, &bad, &search), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK_STATUS(yono_search_stop(NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_search_wait(NULL, &r), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_search_poll(NULL, &r, &done), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_search_progress(NULL, &info, &has_info), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_OK(yono_engine_start(engine, pos, &depth3, &search));
    CHECK_STATUS(yono_search_poll(search, NULL, &done), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_search_poll(search, &r, NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_search_progress(search, &info, NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    yono_search_result tiny;
    tiny.size = 1;
    CHECK_STATUS(yono_search_wait(search, &tiny), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    yono_search_free(search);
    yono_search_free(NULL);
    yono_game *over = NULL;
    CHECK_OK(yono_game_from_text("9/9/9/9/9/9/9/9/4sK4 s -/-/-/- s012 1", &over));
    CHECK_STATUS(yono_engine_start(engine, over, NULL, &search), YONO_STATUS_GAME_OVER, "game_over");
    CHECK(search == NULL);
    yono_game_free(over);

    /* Freeing the engine ends its searches: the running one stopped, a waiting one
     * refused (or stopped, if the worker had begun it). Both handles stay valid. */
    CHECK_OK(yono_engine_start(engine, pos, NULL, &first));
    CHECK_OK(yono_engine_start(engine, pos, NULL, &second));
    yono_engine_free(engine);
    yono_search *both[2] = {first, second};
    for (int i = 0; i < 2; i++) {
        yono_status st = yono_search_wait(both[i], &r);
        CHECK((st == YONO_STATUS_OK && r.stopped) || st == YONO_STATUS_INVALID_ARGUMENT);
        yono_search_free(both[i]);
    }
    alarm(0);
    yono_game_free(pos);
}

/* The asynchronous GUI pattern: the GUI thread starts the search and goes on with
 * its own work; a second thread (say, the one reading the clock) stops it; the GUI
 * thread waits for the result. No loop on stop is needed. */
struct stopper {
    yono_search *search;
    yono_status status; /* read by the GUI thread after the join */
};

static void *stop_thread(void *arg) {
    struct stopper *s = arg;
    s->status = yono_search_stop(s->search);
    return NULL;
}

static void test_async_threads(void) {
    yono_engine *engine = small_engine();
    yono_game *pos = yono_game_new();
    struct stopper s = {NULL, YONO_STATUS_INTERNAL_ERROR};
    CHECK_OK(yono_engine_start(engine, pos, NULL, &s.search));
    pthread_t t;
    CHECK(pthread_create(&t, NULL, stop_thread, &s) == 0);
    yono_seat turn = 0;
    CHECK_OK(yono_game_turn(pos, &turn));
    yono_search_result r;
    r.size = sizeof r;
    yono_status waited = yono_search_wait(s.search, &r);
    pthread_join(t, NULL);
    CHECK(waited == YONO_STATUS_OK && s.status == YONO_STATUS_OK);
    CHECK(r.stopped);
    CHECK_OK(yono_game_check_move(pos, r.best_move));
    yono_search_free(s.search);
    yono_game_free(pos);
    yono_engine_free(engine);
}

int main(int argc, char **argv) {
    const char *cases = argc > 1 ? argv[1] : "tests/vectors/engine_cases.txt";
    int only_threads = argc > 2 && strcmp(argv[2], "threads") == 0;
    int only_async = argc > 2 && strcmp(argv[2], "async") == 0;
    if (only_async) {
        test_async();
        return check_summary("test_engine");
    }
    if (!only_threads) {
        test_basics();
        test_cases(cases);
        test_async();
    }
    test_threads();
    test_async_threads();
    return check_summary("test_engine");
}
