// The yono C API from C++17: the header compiles as C++ (extern "C"), and a small
// RAII wrapper of the kind a C++ GUI would write works with it.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "check.h"
#include "error.hpp"

namespace {

struct PositionDeleter {
    void operator()(yono_game *p) const noexcept { yono_game_free(p); }
};
using Position = std::unique_ptr<yono_game, PositionDeleter>;

Position from_text(const std::string &text) {
    yono_game *p = nullptr;
    ok(yono_game_from_text(text.c_str(), &p));
    return Position(p);
}

template <typename F>
std::string text(F fn, const yono_game *pos) {
    size_t need = 0;
    ok(fn(pos, nullptr, 0, &need));
    std::string s(need, '\0');
    ok(fn(pos, &s[0], s.size(), nullptr));
    s.resize(need - 1);
    return s;
}

std::vector<yono_move> legal_moves(const yono_game *pos) {
    size_t n = 0;
    ok(yono_game_legal_moves(pos, nullptr, 0, &n));
    std::vector<yono_move> v(n);
    ok(yono_game_legal_moves(pos, v.data(), v.size(), &n));
    return v;
}

std::string move_text(yono_move mv) {
    char buf[YONO_MOVE_TEXT_MAX];
    ok(yono_move_to_text(mv, buf, sizeof buf, nullptr));
    return buf;
}

}  // namespace

int main() {
    Position pos(yono_game_new());
    CHECK(pos != nullptr);
    CHECK(legal_moves(pos.get()).size() == 12);
    const std::string start = text(yono_game_text, pos.get());
    CHECK(start.size() > 100 && start.substr(start.size() - 14) == "-/-/-/- swne 1");

    // Errors become exceptions carrying status and code.
    try {
        from_text("9/9/9 s -/-/-/- swne 1");
        CHECK(false);
    } catch (const Error &e) {
        CHECK(e.status == YONO_STATUS_PARSE_ERROR && e.code == "rank_count");
        CHECK(std::string(e.what()).find("ranks") != std::string::npos);
    }
    try {
        ok(yono_game_play_text(pos.get(), "pass"));
        CHECK(false);
    } catch (const Error &e) {
        CHECK(e.status == YONO_STATUS_ILLEGAL_MOVE && e.code == "pass_not_allowed");
    }

    // Play every first move on a copy and take it back.
    for (const yono_move &mv : legal_moves(pos.get())) {
        yono_game *raw = nullptr;
        ok(yono_game_clone(pos.get(), &raw));
        Position copy(raw);
        ok(yono_game_play(copy.get(), mv));
        yono_seat turn = YONO_SEAT_NONE;
        ok(yono_game_turn(copy.get(), &turn));
        CHECK(turn == YONO_SEAT_WEST);
        yono_move undone{};
        ok(yono_game_undo(copy.get(), &undone));
        CHECK(move_text(undone) == move_text(mv));
        CHECK(text(yono_game_text, copy.get()) == start);
    }

    // Standard Shogi through SFEN, perft 1-3.
    yono_game *raw = nullptr;
    ok(yono_game_from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", &raw));
    Position shogi(raw);
    const std::uint64_t expected[] = {30, 900, 25470};
    for (std::uint32_t d = 1; d <= 3; d++) {
        std::uint64_t nodes = 0;
        ok(yono_game_perft(shogi.get(), d, &nodes));
        CHECK(nodes == expected[d - 1]);
    }
    ok(yono_game_play_text(shogi.get(), "7g7f"));
    CHECK(text(yono_game_sfen, shogi.get()) ==
          "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    const std::string diagram = text(yono_game_diagram, shogi.get());
    CHECK(diagram.find("sP") != std::string::npos && diagram.find("North") != std::string::npos);

    // Plain data: a move is a struct.
    yono_move drop{YONO_MOVE_DROP, 0, YONO_SQUARE(5, 5), 0, YONO_PIECE_PAWN};
    CHECK(move_text(drop) == "P*5e");

    return check_summary("test_cpp");
}
