/* The old names (0.1.0) still compile, link and do what their new names do: every
 * deprecated function is called here and compared with the new one. (That using one
 * warns is checked by tests/c/run.sh; the old declarations' types by
 * yono-ffi/tests/abi.rs.) */
#include <stdint.h>
#include <string.h>

#include "check.h"

#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

#define SHOGI_SFEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

static void test_making_and_reading(void) {
    struct yono_position *pos = yono_position_new();
    CHECK(pos != NULL);
    yono_game *shogi = NULL, *from_text = NULL, *from_sfen = NULL, *clone = NULL, *snap = NULL;
    CHECK_OK(yono_position_new_ruleset(YONO_RULESET_SHOGI, &shogi));
    CHECK_OK(yono_position_from_text(text_of(pos), &from_text));
    CHECK_OK(yono_position_from_sfen(SHOGI_SFEN, &from_sfen));
    CHECK_OK(yono_position_clone(pos, &clone));
    CHECK_OK(yono_game_snapshot(pos, &snap));
    CHECK(strcmp(text_of(from_text), text_of(pos)) == 0);
    CHECK(strcmp(text_of(clone), text_of(pos)) == 0 && strcmp(text_of(snap), text_of(pos)) == 0);
    CHECK(strcmp(text_of(from_sfen), text_of(shogi)) == 0);

    {
        yono_ruleset a = 9, b = 8;
        CHECK_OK(yono_position_ruleset(shogi, &a));
        CHECK_OK(yono_game_ruleset(shogi, &b));
        CHECK(a == b && a == YONO_RULESET_SHOGI);
    }
    {
        yono_seat t1 = 9, t2 = 8, w1 = 9, w2 = 8;
        yono_seat_set s1 = 0, s2 = 1, th1 = 7, th2 = 8;
        uint32_t n1 = 0, n2 = 1;
        yono_game_status g1 = 9, g2 = 8;
        CHECK_OK(yono_position_turn(pos, &t1));
        CHECK_OK(yono_game_turn(pos, &t2));
        CHECK_OK(yono_position_winner(pos, &w1));
        CHECK_OK(yono_game_winner(pos, &w2));
        CHECK_OK(yono_position_seats_in_game(pos, &s1));
        CHECK_OK(yono_game_seats_in_game(pos, &s2));
        CHECK_OK(yono_position_threatened_by(pos, YONO_SEAT_SOUTH, &th1));
        CHECK_OK(yono_game_threatened_by(pos, YONO_SEAT_SOUTH, &th2));
        CHECK_OK(yono_position_move_number(pos, &n1));
        CHECK_OK(yono_game_move_number(pos, &n2));
        CHECK_OK(yono_position_status(pos, &g1));
        CHECK_OK(yono_game_get_status(pos, &g2));
        CHECK(t1 == t2 && w1 == w2 && s1 == s2 && th1 == th2 && n1 == n2 && g1 == g2);
    }
    {
        yono_piece p1 = {9, 9}, p2 = {8, 8};
        uint8_t r1 = 9, r2 = 8, o1 = 9, o2 = 8;
        int8_t sc1 = 9, sc2 = 8;
        CHECK_OK(yono_position_piece_at(pos, YONO_SQUARE(5, 9), &p1));
        CHECK_OK(yono_game_piece_at(pos, YONO_SQUARE(5, 9), &p2));
        CHECK(p1.seat == p2.seat && p1.kind == p2.kind);
        CHECK_OK(yono_position_reserve_count(pos, YONO_SEAT_WEST, YONO_PIECE_PAWN, &r1));
        CHECK_OK(yono_game_reserve_count(pos, YONO_SEAT_WEST, YONO_PIECE_PAWN, &r2));
        CHECK_OK(yono_position_score(pos, YONO_SEAT_EAST, &sc1));
        CHECK_OK(yono_game_score(pos, YONO_SEAT_EAST, &sc2));
        CHECK_OK(yono_position_is_out(pos, YONO_SEAT_NORTH, &o1));
        CHECK_OK(yono_game_is_out(pos, YONO_SEAT_NORTH, &o2));
        CHECK(r1 == r2 && sc1 == sc2 && o1 == o2);
    }
    {
        uint64_t a = 0, b = 1;
        CHECK_OK(yono_position_perft(pos, 2, &a));
        CHECK_OK(yono_game_perft(pos, 2, &b));
        CHECK(a == b && a > 0);
    }
    {
        char a[2048], b[2048];
        CHECK_OK(yono_position_text(pos, a, sizeof a, NULL));
        CHECK_OK(yono_game_text(pos, b, sizeof b, NULL));
        CHECK(strcmp(a, b) == 0);
        CHECK_OK(yono_position_diagram(pos, a, sizeof a, NULL));
        CHECK_OK(yono_game_diagram(pos, b, sizeof b, NULL));
        CHECK(strcmp(a, b) == 0);
        CHECK_OK(yono_position_sfen(shogi, a, sizeof a, NULL));
        CHECK_OK(yono_game_sfen(shogi, b, sizeof b, NULL));
        CHECK(strcmp(a, b) == 0 && strcmp(a, SHOGI_SFEN) == 0);
    }
    yono_position_free(pos);
    yono_position_free(shogi);
    yono_position_free(from_text);
    yono_position_free(from_sfen);
    yono_position_free(clone);
    yono_position_free(snap);
}

static void test_playing(void) {
    yono_game *pos = yono_game_new();
    yono_move legal_old[YONO_MAX_MOVES], legal_new[YONO_MAX_MOVES];
    size_t n_old = 0, n_new = 1;
    CHECK_OK(yono_position_legal_moves(pos, legal_old, YONO_MAX_MOVES, &n_old));
    CHECK_OK(yono_game_legal_moves(pos, legal_new, YONO_MAX_MOVES, &n_new));
    CHECK(n_old == n_new && n_old == 12 && memcmp(legal_old, legal_new, n_old * sizeof *legal_old) == 0);
    CHECK_OK(yono_position_check_move(pos, legal_old[0]));
    CHECK_OK(yono_position_play(pos, legal_old[0]));
    CHECK_STATUS(yono_position_play_text(pos, "pass"), YONO_STATUS_ILLEGAL_MOVE, "pass_not_allowed");
    size_t played = 0;
    CHECK_OK(yono_position_history(pos, NULL, 0, &played));
    CHECK(played == 1);
    yono_move undone = {9, 9, 9, 9, 9};
    CHECK_OK(yono_position_undo(pos, &undone));
    CHECK(memcmp(&undone, &legal_old[0], sizeof undone) == 0);
    CHECK_STATUS(yono_position_undo(pos, NULL), YONO_STATUS_NOTHING_TO_UNDO, "nothing_to_undo");
    CHECK_OK(yono_position_play_text(pos, "5g5f"));

    yono_record *rec = NULL;
    CHECK_OK(yono_record_from_position(pos, &rec));
    size_t plies = 0;
    CHECK_OK(yono_record_ply_count(rec, &plies));
    CHECK(plies == 1);
    yono_game *back = NULL;
    CHECK_OK(yono_record_position(rec, &back));
    CHECK(strcmp(text_of(back), text_of(pos)) == 0);
    yono_record_free(rec);
    yono_game_free(back);
    yono_game_free(pos);
}

int main(void) {
    test_making_and_reading();
    test_playing();
    return check_summary("test_deprecated");
}
