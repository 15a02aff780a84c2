/* Perft through the C API, with nodes per second: the figure to compare with the
 * Rust example (`cargo run --release -p yono-core --example perft -- start 6`).
 *
 *   perft [yono|shogi] [depth]     (defaults: yono 6)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "yono.h"

int main(int argc, char **argv) {
    const char *which = argc > 1 ? argv[1] : "yono";
    unsigned depth = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 6;
    yono_ruleset ruleset = strcmp(which, "shogi") == 0 ? YONO_RULESET_SHOGI : YONO_RULESET_YONO;
    yono_game *pos = NULL;
    if (yono_game_new_ruleset(ruleset, &pos) != YONO_STATUS_OK) {
        fprintf(stderr, "error: %s\n", yono_last_error_message());
        return 1;
    }
    struct timespec start, end;
    uint64_t nodes = 0;
    /* Warm-up, as the Rust example's smaller depths are: the first call pays the page
     * faults of the attack tables. */
    if (depth > 1 && yono_game_perft(pos, depth - 1, &nodes) != YONO_STATUS_OK) {
        fprintf(stderr, "error: %s\n", yono_last_error_message());
        yono_game_free(pos);
        return 1;
    }
    timespec_get(&start, TIME_UTC);
    enum yono_status status = yono_game_perft(pos, depth, &nodes);
    timespec_get(&end, TIME_UTC);
    yono_game_free(pos);
    if (status != YONO_STATUS_OK) {
        fprintf(stderr, "error: %s\n", yono_last_error_message());
        return 1;
    }
    double secs = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%s perft %u: %llu nodes, %.3f s, %.1f M nodes/s\n", which, depth,
           (unsigned long long)nodes, secs, (double)nodes / (secs > 0 ? secs : 1e-9) / 1e6);
    return 0;
}
