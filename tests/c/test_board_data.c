/* The board data of a GUI that draws the board itself (issue 22): the board snapshot
 * (yono_game_board_snapshot), the move effect with the check flag and the pieces of
 * removed seats (yono_move_effect2: yono_game_preview_effect, yono_game_play_effect)
 * and a kind's promoted forms (yono_piece_kind_promoted, _unpromoted, _is_promoted).
 * The expected values are those of the rules library's own examples (yono-core's
 * doctests of Snapshot, PieceView and Removal), and the snapshot is compared square by
 * square with the one-question-per-call functions along a played game. Run, and run
 * under valgrind, by tests/c/run.sh. */
#include <stddef.h>

#include "check.h"

#define SQ(name) square_of(name)

static uint8_t square_of(const char *name) {
    uint8_t sq = YONO_SQUARE_NONE;
    CHECK_OK(yono_square_from_text(name, &sq));
    return sq;
}

static yono_game *game_from_text(const char *text) {
    yono_game *game = NULL;
    CHECK_OK(yono_game_from_text(text, &game));
    return game;
}

static yono_game *game_from_sfen(const char *sfen) {
    yono_game *game = NULL;
    CHECK_OK(yono_game_from_sfen(sfen, &game));
    return game;
}

static yono_move move_of(const char *text) {
    yono_move mv = {YONO_MOVE_PASS, 0, 0, 0, 0};
    CHECK_OK(yono_move_from_text(text, &mv));
    return mv;
}

static yono_board_snapshot snapshot_of(const yono_game *game) {
    yono_board_snapshot snap;
    memset(&snap, 0xAB, sizeof snap);
    snap.size = sizeof snap;
    CHECK_OK(yono_game_board_snapshot(game, &snap));
    return snap;
}

static int piece_count(const yono_board_snapshot *snap) {
    int n = 0;
    for (int sq = 0; sq < YONO_SQUARE_COUNT; sq++) n += snap->squares[sq].seat != YONO_SEAT_NONE;
    return n;
}

/* The Yo[n]o start: 48 pieces, South to move, every seat in, nothing decided. */
static void test_start_snapshot(void) {
    yono_game *game = yono_game_new();
    yono_board_snapshot snap = snapshot_of(game);
    CHECK(snap.size == sizeof snap);
    CHECK(snap.ruleset == YONO_RULESET_YONO);
    CHECK(snap.to_move == YONO_SEAT_SOUTH);
    CHECK(snap.status == YONO_GAME_ONGOING);
    CHECK(snap.winner == YONO_SEAT_NONE);
    CHECK(snap.end_reason == YONO_END_NONE);
    CHECK(snap.seats == 0xF && snap.in_game == 0xF);
    CHECK(snap.move_number == 1);
    CHECK(piece_count(&snap) == 48);
    for (int s = 0; s < 4; s++) {
        CHECK(snap.scores[s] == YONO_SCORE_NONE);
        CHECK(snap.checks[s] == 0);
        for (int k = 0; k < YONO_RESERVE_KINDS; k++) CHECK(snap.reserves[s][k] == 0);
    }
    /* South's King on 5i points at North's side; West's Lance on 9a at East's. */
    yono_piece_view king = snap.squares[SQ("5i")];
    CHECK(king.seat == YONO_SEAT_SOUTH && king.kind == YONO_PIECE_KING && king.promoted == 0);
    CHECK(king.facing == YONO_SEAT_NORTH);
    yono_piece_view lance = snap.squares[SQ("9a")];
    CHECK(lance.seat == YONO_SEAT_WEST && lance.kind == YONO_PIECE_LANCE && lance.facing == YONO_SEAT_EAST);
    CHECK(snap.squares[SQ("5a")].seat == YONO_SEAT_NORTH && snap.squares[SQ("5a")].facing == YONO_SEAT_SOUTH);
    yono_piece_view empty = snap.squares[SQ("5e")];
    CHECK(empty.seat == YONO_SEAT_NONE && empty.kind == YONO_PIECE_NONE && empty.promoted == 0 &&
          empty.facing == YONO_SEAT_NONE);
    /* After 5g5f (the core's Snapshot example): West to move, still 48 pieces. */
    CHECK_OK(yono_game_play_text(game, "5g5f"));
    snap = snapshot_of(game);
    CHECK(snap.to_move == YONO_SEAT_WEST && snap.move_number == 2 && piece_count(&snap) == 48);
    CHECK(snap.squares[SQ("5f")].kind == YONO_PIECE_PAWN && snap.squares[SQ("5g")].seat == YONO_SEAT_NONE);
    yono_game_free(game);
}

/* Shogi: a Dragon, reserves, two seats, and the end of a game (the core's
 * Position::snapshot example: G*5b mates). */
static void test_shogi_snapshot(void) {
    yono_game *game = game_from_sfen("4k4/9/9/9/9/9/9/9/+R3K4 b 2Pg 1");
    yono_board_snapshot snap = snapshot_of(game);
    CHECK(snap.ruleset == YONO_RULESET_SHOGI);
    CHECK(snap.seats == 0x5 && snap.in_game == 0x5);
    yono_piece_view dragon = snap.squares[SQ("9i")];
    CHECK(dragon.seat == YONO_SEAT_SOUTH && dragon.kind == YONO_PIECE_DRAGON && dragon.promoted == 1);
    CHECK(snap.squares[SQ("5a")].kind == YONO_PIECE_KING && snap.squares[SQ("5a")].facing == YONO_SEAT_SOUTH);
    CHECK(snap.reserves[YONO_SEAT_SOUTH][YONO_PIECE_PAWN - YONO_PIECE_ROOK] == 2);
    CHECK(snap.reserves[YONO_SEAT_NORTH][YONO_PIECE_GOLD - YONO_PIECE_ROOK] == 1);
    CHECK(snap.reserves[YONO_SEAT_SOUTH][YONO_PIECE_GOLD - YONO_PIECE_ROOK] == 0);
    CHECK(piece_count(&snap) == 3);
    yono_game_free(game);

    game = game_from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    CHECK_OK(yono_game_play_text(game, "G*5b"));
    snap = snapshot_of(game);
    CHECK(snap.status == YONO_GAME_WON && snap.winner == YONO_SEAT_SOUTH);
    CHECK(snap.end_reason == YONO_END_NO_LEGAL_MOVE);
    CHECK(snap.to_move == YONO_SEAT_NONE);
    CHECK(snap.scores[YONO_SEAT_SOUTH] == 1 && snap.scores[YONO_SEAT_NORTH] == 0);
    CHECK(snap.scores[YONO_SEAT_WEST] == YONO_SCORE_NONE && snap.scores[YONO_SEAT_EAST] == YONO_SCORE_NONE);
    CHECK(snap.checks[YONO_SEAT_NORTH] == 1u << YONO_SEAT_SOUTH);
    yono_game_free(game);
}

/* Along a played Yo[n]o game, the snapshot says what the one-question functions say. */
static void test_snapshot_agrees_along_a_game(void) {
    yono_game *game = yono_game_new();
    yono_move moves[YONO_MAX_MOVES];
    int compared = 0;
    for (int ply = 0; ply < 160; ply++) {
        yono_board_snapshot snap = snapshot_of(game);
        int agree = 1;
        for (uint8_t sq = 0; sq < YONO_SQUARE_COUNT; sq++) {
            yono_piece p;
            CHECK_OK(yono_game_piece_at(game, sq, &p));
            bool promoted = false;
            if (p.kind != YONO_PIECE_NONE) CHECK_OK(yono_piece_kind_is_promoted(p.kind, &promoted));
            const yono_piece_view *v = &snap.squares[sq];
            agree &= v->seat == p.seat && v->kind == p.kind && v->promoted == (uint8_t)promoted;
            agree &= v->facing == (p.seat == YONO_SEAT_NONE ? YONO_SEAT_NONE : (uint8_t)((p.seat + 2) % 4));
        }
        yono_seat_set in_game = 0;
        CHECK_OK(yono_game_seats_in_game(game, &in_game));
        agree &= snap.in_game == in_game;
        for (yono_seat s = 0; s < 4; s++) {
            for (yono_piece_kind k = YONO_PIECE_ROOK; k <= YONO_PIECE_PAWN; k++) {
                uint8_t n = 0;
                CHECK_OK(yono_game_reserve_count(game, s, k, &n));
                agree &= snap.reserves[s][k - YONO_PIECE_ROOK] == n;
            }
            yono_seat_set by = 0;
            CHECK_OK(yono_game_threatened_by(game, s, &by));
            agree &= snap.checks[s] == by;
            int8_t score = 0;
            CHECK_OK(yono_game_score(game, s, &score));
            agree &= snap.scores[s] == (score < 0 ? YONO_SCORE_NONE : (uint8_t)score);
        }
        uint32_t number = 0;
        CHECK_OK(yono_game_move_number(game, &number));
        agree &= snap.move_number == number;
        CHECK(agree);
        compared++;
        yono_game_status status;
        CHECK_OK(yono_game_get_status(game, &status));
        if (status != YONO_GAME_ONGOING) {
            CHECK(snap.to_move == YONO_SEAT_NONE);
            break;
        }
        yono_seat turn;
        CHECK_OK(yono_game_turn(game, &turn));
        CHECK(snap.to_move == turn);
        size_t n = 0;
        CHECK_OK(yono_game_legal_moves(game, moves, YONO_MAX_MOVES, &n));
        /* Captures first, so that reserves fill and promoted pieces appear. */
        size_t pick = (size_t)(ply * 7) % n;
        for (size_t i = 0; i < n; i++) {
            if (moves[i].type == YONO_MOVE_BOARD) {
                yono_piece target;
                CHECK_OK(yono_game_piece_at(game, moves[i].to, &target));
                if (target.seat != YONO_SEAT_NONE) {
                    pick = i;
                    break;
                }
            }
        }
        CHECK_OK(yono_game_play(game, moves[pick]));
    }
    CHECK(compared > 40);
    yono_game_free(game);
}

/* A fall that removes pieces (the core's Removal example): South's Gold on 5a steps
 * back and uncovers West's Rook on 9a, next to move, which threatens North's King on
 * 1a: North falls with its King, its Pawn on 1c and the Pawn in its reserve. */
static void test_fall_removes_pieces(void) {
    yono_game *game = game_from_text("wR3sG3nK/9/8nP/9/wK8/9/9/9/4sK3eK s -/-/P/- swne 1");
    yono_move mv = move_of("5a5b");
    yono_move_effect2 fx;
    memset(&fx, 0xCD, sizeof fx);
    fx.size = sizeof fx;
    CHECK_OK(yono_game_preview_effect(game, mv, &fx));
    CHECK(fx.size == sizeof fx);
    CHECK(fx.mv.type == YONO_MOVE_BOARD && fx.mv.from == SQ("5a") && fx.mv.to == SQ("5b") && fx.mv.promote == 0);
    CHECK(fx.mover == YONO_SEAT_SOUTH);
    CHECK(fx.piece.seat == YONO_SEAT_SOUTH && fx.piece.kind == YONO_PIECE_GOLD);
    CHECK(fx.captured.seat == YONO_SEAT_NONE);
    CHECK(fx.gives_check == 0 && fx.checked == 0);
    CHECK(fx.fallen_count == 1 && fx.fallen[0] == YONO_SEAT_NORTH && fx.fallen_scores[0] == 0);
    CHECK(fx.removed_count == 1);
    CHECK(fx.removed[0].seat == YONO_SEAT_NORTH && fx.removed[0].score == 0);
    CHECK(fx.removed[0].first_piece == 0 && fx.removed[0].piece_count == 2);
    for (int k = 0; k < YONO_RESERVE_KINDS; k++)
        CHECK(fx.removed[0].reserve[k] == (k == YONO_PIECE_PAWN - YONO_PIECE_ROOK ? 1 : 0));
    CHECK(fx.removed_piece_count == 2);
    CHECK(fx.removed_pieces[0].square == SQ("1a"));
    CHECK(fx.removed_pieces[0].piece.seat == YONO_SEAT_NORTH && fx.removed_pieces[0].piece.kind == YONO_PIECE_KING);
    CHECK(fx.removed_pieces[1].square == SQ("1c"));
    CHECK(fx.removed_pieces[1].piece.seat == YONO_SEAT_NORTH && fx.removed_pieces[1].piece.kind == YONO_PIECE_PAWN);
    /* The unused entries are NONE. */
    CHECK(fx.removed[1].seat == YONO_SEAT_NONE && fx.removed_pieces[2].square == YONO_SQUARE_NONE);
    CHECK(fx.status == YONO_GAME_ONGOING && fx.winner == YONO_SEAT_NONE && fx.next_turn == YONO_SEAT_WEST);

    /* A preview plays nothing; playing it says the same and the board loses them. */
    uint32_t number = 0;
    CHECK_OK(yono_game_move_number(game, &number));
    CHECK(number == 1);
    yono_move_effect2 played;
    memset(&played, 0, sizeof played);
    played.size = sizeof played;
    CHECK_OK(yono_game_play_effect(game, mv, &played));
    /* (Every field but the trailing padding.) */
    CHECK(memcmp(&played, &fx, offsetof(yono_move_effect2, removed_pieces) + sizeof fx.removed_pieces) == 0);
    yono_board_snapshot snap = snapshot_of(game);
    CHECK(snap.in_game == 0xF - (1u << YONO_SEAT_NORTH) && snap.seats == 0xF);
    CHECK(snap.squares[SQ("1a")].seat == YONO_SEAT_NONE && snap.squares[SQ("1c")].seat == YONO_SEAT_NONE);
    CHECK(snap.scores[YONO_SEAT_NORTH] == 0);
    CHECK(snap.reserves[YONO_SEAT_NORTH][YONO_PIECE_PAWN - YONO_PIECE_ROOK] == 0);
    CHECK(snap.to_move == YONO_SEAT_WEST);
    /* The old effect agrees on what both have. */
    CHECK_OK(yono_game_undo(game, NULL));
    yono_move_effect old;
    CHECK_OK(yono_game_play_described(game, mv, &old));
    CHECK(old.mover == played.mover && old.fallen_count == played.fallen_count &&
          old.fallen[0] == played.fallen[0] && old.next_turn == played.next_turn);
    yono_game_free(game);
}

/* The check flag: a Gold dropped next to the King checks (and is taken back by it);
 * dropped far away it does not; G*5b in front of a Pawn mates (Shogi keeps the mated
 * side on the board: nothing removed). */
static void test_check_flag(void) {
    yono_game *game = game_from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    yono_move_effect2 fx;
    fx.size = sizeof fx;
    CHECK_OK(yono_game_preview_effect(game, move_of("G*5b"), &fx));
    CHECK(fx.gives_check == 1 && fx.checked == 1u << YONO_SEAT_NORTH);
    CHECK(fx.status == YONO_GAME_ONGOING && fx.next_turn == YONO_SEAT_NORTH);
    CHECK(fx.piece.kind == YONO_PIECE_GOLD && fx.mv.type == YONO_MOVE_DROP);
    CHECK_OK(yono_game_preview_effect(game, move_of("G*9i"), &fx));
    CHECK(fx.gives_check == 0 && fx.checked == 0);
    yono_game_free(game);

    game = game_from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    CHECK_OK(yono_game_play_effect(game, move_of("G*5b"), &fx));
    CHECK(fx.gives_check == 1 && fx.checked == 1u << YONO_SEAT_NORTH);
    CHECK(fx.status == YONO_GAME_WON && fx.winner == YONO_SEAT_SOUTH);
    CHECK(fx.fallen_count == 1 && fx.fallen[0] == YONO_SEAT_NORTH);
    CHECK(fx.removed_count == 0 && fx.removed_piece_count == 0);
    yono_game_free(game);
}

/* Every bad input: a status, a message, and nothing changed. */
static void test_bad_inputs(void) {
    yono_game *game = yono_game_new();
    yono_board_snapshot snap, before;
    memset(&snap, 0x5A, sizeof snap);
    snap.size = sizeof(void *); /* the slip `s->size = sizeof s` */
    memcpy(&before, &snap, sizeof snap);
    CHECK_STATUS(yono_game_board_snapshot(game, &snap), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK(strstr(yono_last_error_message(), "yono_board_snapshot") != NULL);
    CHECK(memcmp(&snap, &before, sizeof snap) == 0);
    snap.size = sizeof snap + 8;
    CHECK_STATUS(yono_game_board_snapshot(game, &snap), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK_STATUS(yono_game_board_snapshot(game, NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    snap.size = sizeof snap;
    CHECK_STATUS(yono_game_board_snapshot(NULL, &snap), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    yono_record *rec = NULL;
    CHECK_OK(yono_record_from_game(game, &rec));
    memcpy(&before, &snap, sizeof snap);
    CHECK_STATUS(yono_game_board_snapshot((const yono_game *)(const void *)rec, &snap),
                 YONO_STATUS_INVALID_ARGUMENT, "wrong_handle_type");
    CHECK(memcmp(&snap, &before, sizeof snap) == 0);

    yono_move_effect2 fx, fx_before;
    memset(&fx, 0x77, sizeof fx);
    fx.size = 8;
    memcpy(&fx_before, &fx, sizeof fx);
    yono_move mv = move_of("5g5f");
    CHECK_STATUS(yono_game_play_effect(game, mv, &fx), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK_STATUS(yono_game_preview_effect(game, mv, &fx), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK(memcmp(&fx, &fx_before, sizeof fx) == 0);
    uint32_t number = 0;
    CHECK_OK(yono_game_move_number(game, &number));
    CHECK(number == 1); /* a rejected size played nothing */
    fx.size = sizeof fx;
    memcpy(&fx_before, &fx, sizeof fx);
    CHECK_STATUS(yono_game_play_effect(game, move_of("5g5e"), &fx), YONO_STATUS_ILLEGAL_MOVE, "unreachable_square");
    CHECK_STATUS(yono_game_preview_effect(game, move_of("5g5e"), &fx), YONO_STATUS_ILLEGAL_MOVE, "unreachable_square");
    yono_move bad = {YONO_MOVE_BOARD, 200, 3, 0, 0};
    CHECK_STATUS(yono_game_play_effect(game, bad, &fx), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK(memcmp(&fx, &fx_before, sizeof fx) == 0);
    CHECK_STATUS(yono_game_preview_effect(game, mv, NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_game_preview_effect(NULL, mv, &fx), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_game_play_effect(NULL, mv, &fx), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_game_play_effect((yono_game *)(void *)rec, mv, &fx), YONO_STATUS_INVALID_ARGUMENT,
                 "wrong_handle_type");
    CHECK_OK(yono_game_move_number(game, &number));
    CHECK(number == 1);
    /* NULL out: played, nothing described. */
    CHECK_OK(yono_game_play_effect(game, mv, NULL));
    CHECK_OK(yono_game_move_number(game, &number));
    CHECK(number == 2);
    yono_record_free(rec);
    yono_game_free(game);
}

static void test_promoted_forms(void) {
    static const yono_piece_kind base[6] = {YONO_PIECE_ROOK, YONO_PIECE_BISHOP, YONO_PIECE_SILVER,
                                            YONO_PIECE_KNIGHT, YONO_PIECE_LANCE, YONO_PIECE_PAWN};
    static const yono_piece_kind up[6] = {YONO_PIECE_DRAGON, YONO_PIECE_HORSE, YONO_PIECE_PROMOTED_SILVER,
                                          YONO_PIECE_PROMOTED_KNIGHT, YONO_PIECE_PROMOTED_LANCE,
                                          YONO_PIECE_PROMOTED_PAWN};
    for (int i = 0; i < 6; i++) {
        yono_piece_kind k = 99;
        bool promoted = true;
        CHECK_OK(yono_piece_kind_promoted(base[i], &k));
        CHECK(k == up[i]);
        CHECK_OK(yono_piece_kind_unpromoted(up[i], &k));
        CHECK(k == base[i]);
        CHECK_OK(yono_piece_kind_unpromoted(base[i], &k));
        CHECK(k == base[i]);
        CHECK_OK(yono_piece_kind_promoted(up[i], &k));
        CHECK(k == YONO_PIECE_NONE);
        CHECK_OK(yono_piece_kind_is_promoted(base[i], &promoted));
        CHECK(!promoted);
        CHECK_OK(yono_piece_kind_is_promoted(up[i], &promoted));
        CHECK(promoted);
    }
    yono_piece_kind k = 99;
    CHECK_OK(yono_piece_kind_promoted(YONO_PIECE_KING, &k));
    CHECK(k == YONO_PIECE_NONE);
    CHECK_OK(yono_piece_kind_promoted(YONO_PIECE_GOLD, &k));
    CHECK(k == YONO_PIECE_NONE);
    CHECK_OK(yono_piece_kind_unpromoted(YONO_PIECE_GOLD, &k));
    CHECK(k == YONO_PIECE_GOLD);
    k = 99;
    bool flag = true;
    CHECK_STATUS(yono_piece_kind_promoted(14, &k), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK_STATUS(yono_piece_kind_unpromoted(YONO_PIECE_NONE, &k), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK_STATUS(yono_piece_kind_is_promoted(14, &flag), YONO_STATUS_INVALID_ARGUMENT, "invalid_argument");
    CHECK(k == 99 && flag);
    CHECK_STATUS(yono_piece_kind_promoted(YONO_PIECE_PAWN, NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_piece_kind_unpromoted(YONO_PIECE_PAWN, NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
    CHECK_STATUS(yono_piece_kind_is_promoted(YONO_PIECE_PAWN, NULL), YONO_STATUS_NULL_ARGUMENT, "null_argument");
}

int main(void) {
    test_start_snapshot();
    test_shogi_snapshot();
    test_snapshot_agrees_along_a_game();
    test_fall_removes_pieces();
    test_check_flag();
    test_bad_inputs();
    test_promoted_forms();
    return check_summary("test_board_data");
}
