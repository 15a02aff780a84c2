/* The cost of the C boundary, in instructions per call, for callgrind:
 *
 *   cc -O2 -Iinclude yono-ffi/examples/call_cost.c -Ltarget/release -lyono -o call_cost
 *   for n in 1000 2000; do valgrind --tool=callgrind --callgrind-out-file=/dev/null ./call_cost $n 1; done
 *
 * The difference of the two totals divided by 1000 is the cost of one iteration: mode 0
 * a query (yono_game_turn), mode 1 a move played and taken back (yono_game_play +
 * yono_game_undo). -DOLD_NAMES builds it with the 0.1.0 names, for a library of 0.1.0. */
#include <stdio.h>
#include <stdlib.h>

#include "yono.h"

#ifdef OLD_NAMES
#define NEW yono_position_new
#define TURN yono_position_turn
#define PLAY yono_position_play
#define UNDO yono_position_undo
#define FREE yono_position_free
#else
#define NEW yono_game_new
#define TURN yono_game_turn
#define PLAY yono_game_play
#define UNDO yono_game_undo
#define FREE yono_game_free
#endif

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int mode = argc > 2 ? atoi(argv[2]) : 0;
    yono_game *game = NEW();
    yono_seat seat = 0;
    yono_move mv = {YONO_MOVE_BOARD, YONO_SQUARE(5, 7), YONO_SQUARE(5, 6), 0, 0};
    long failed = 0;
    for (long i = 0; i < n; i++) {
        if (mode == 0) {
            failed += TURN(game, &seat) != YONO_STATUS_OK;
        } else {
            failed += PLAY(game, mv) != YONO_STATUS_OK;
            failed += UNDO(game, NULL) != YONO_STATUS_OK;
        }
    }
    FREE(game);
    printf("%ld iterations, %ld failed calls\n", n, failed);
    return failed != 0;
}
