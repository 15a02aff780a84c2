/*
 * play_game: plays a complete four-player Yo[n]o Shogi game through the C API and
 * prints the final board diagram and the scores. Each seat plays a random legal
 * move, except that it takes a move that checkmates somebody when it has one.
 *
 *   play_game [seed] [perft-depth]
 *
 * With a perft depth it also times yono_game_perft from the start position.
 * Build (see yono-ffi/README.md):
 *   cc -std=c11 play_game.c $(pkg-config --cflags --libs yono) -o play_game
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "yono.h"

static const char SEAT_NAMES[4][6] = {"South", "West", "North", "East"};

static uint64_t rng;
static uint32_t next_random(void) {
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33);
}

static int fail(const char *what, yono_status st) {
    /* The error first: every other call (yono_status_name() too) clears it. */
    fprintf(stderr, "%s failed: %s: %s", what, yono_last_error_code(), yono_last_error_message());
    fprintf(stderr, " (%s)\n", yono_status_name((int32_t)st));
    return 1;
}

int main(int argc, char **argv) {
    rng = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    unsigned perft_depth = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 0;
    printf("yono %s, seed %llu\n", yono_version(), (unsigned long long)rng);

    yono_game *pos = yono_game_new(); /* ours: freed below */
    if (pos == NULL) return fail("yono_game_new", YONO_STATUS_INTERNAL_ERROR);
    yono_move moves[YONO_MAX_MOVES];
    yono_status st;
    yono_game_status status = YONO_GAME_ONGOING;
    int plies = 0;

    while ((st = yono_game_get_status(pos, &status)) == YONO_STATUS_OK && status == YONO_GAME_ONGOING) {
        size_t n = 0;
        if ((st = yono_game_legal_moves(pos, moves, YONO_MAX_MOVES, &n)) != YONO_STATUS_OK)
            return fail("yono_game_legal_moves", st);
        yono_seat_set before = 0, after = 0;
        if ((st = yono_game_seats_in_game(pos, &before)) != YONO_STATUS_OK) return fail("yono_game_seats_in_game", st);
        size_t pick = next_random() % n;
        for (size_t i = 0; i < n; i++) { /* try each move, keep one that checkmates */
            if ((st = yono_game_play(pos, moves[i])) != YONO_STATUS_OK) return fail("yono_game_play", st);
            if ((st = yono_game_seats_in_game(pos, &after)) != YONO_STATUS_OK) return fail("yono_game_seats_in_game", st);
            if ((st = yono_game_undo(pos, NULL)) != YONO_STATUS_OK) return fail("yono_game_undo", st);
            if (after != before) {
                pick = i;
                break;
            }
        }
        yono_seat mover = 0;
        if ((st = yono_game_turn(pos, &mover)) != YONO_STATUS_OK) return fail("yono_game_turn", st);
        if ((st = yono_game_play(pos, moves[pick])) != YONO_STATUS_OK) return fail("yono_game_play", st);
        plies++;
        if ((st = yono_game_seats_in_game(pos, &after)) != YONO_STATUS_OK) return fail("yono_game_seats_in_game", st);
        for (yono_seat s = 0; s < 4; s++) {
            if (YONO_SEAT_SET_HAS(before, s) && !YONO_SEAT_SET_HAS(after, s)) {
                char text[YONO_MOVE_TEXT_MAX];
                int8_t score = -1;
                if ((st = yono_move_to_text(moves[pick], text, sizeof text, NULL)) != YONO_STATUS_OK ||
                    (st = yono_game_score(pos, s, &score)) != YONO_STATUS_OK)
                    return fail("yono_move_to_text/yono_game_score", st);
                printf("ply %d: %s plays %s; %s is checkmated and scores %d\n", plies, SEAT_NAMES[mover], text,
                       SEAT_NAMES[s], score);
            }
        }
    }
    if (st != YONO_STATUS_OK) return fail("yono_game_get_status", st);

    /* The diagram, into a buffer sized by a first call. */
    size_t need = 0;
    if ((st = yono_game_diagram(pos, NULL, 0, &need)) != YONO_STATUS_OK) return fail("yono_game_diagram", st);
    char *diagram = (char *)malloc(need);
    if (diagram == NULL) return 1;
    if ((st = yono_game_diagram(pos, diagram, need, NULL)) != YONO_STATUS_OK) return fail("yono_game_diagram", st);
    printf("\n%s\n\n", diagram);
    free(diagram);

    if (status == YONO_GAME_WON) {
        yono_seat winner = YONO_SEAT_NONE;
        if ((st = yono_game_winner(pos, &winner)) != YONO_STATUS_OK) return fail("yono_game_winner", st);
        printf("%s wins after %d plies.\n", SEAT_NAMES[winner], plies);
    } else {
        printf("Drawn by repetition after %d plies.\n", plies);
    }
    printf("scores:");
    for (yono_seat s = 0; s < 4; s++) {
        int8_t score = -1;
        if ((st = yono_game_score(pos, s, &score)) != YONO_STATUS_OK) return fail("yono_game_score", st);
        printf(" %s %d", SEAT_NAMES[s], score);
    }
    printf("\n");
    yono_game_free(pos);

    if (perft_depth > 0) {
        yono_game *start = yono_game_new();
        uint64_t nodes = 0;
        clock_t t0 = clock();
        st = yono_game_perft(start, perft_depth, &nodes);
        double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
        yono_game_free(start);
        if (st != YONO_STATUS_OK) return fail("yono_game_perft", st);
        printf("perft(%u) = %llu in %.3f s (%.0f nodes/s)\n", perft_depth, (unsigned long long)nodes, secs,
               secs > 0 ? (double)nodes / secs : 0.0);
    }
    return 0;
}
