// A board GUI's controller in C++17, written the way a Qt or SDL front end would use
// libyono: RAII handles, a Controller class that turns clicks into squares and reserve
// slots with the SVG geometry, destinations, a promotion dialog asked only when the
// promotion is optional, drops, undo/redo, what each move did, rendering, save/load,
// and a computer player on a std::thread publishing snapshots that the GUI thread
// reads without a lock. Compiled with -Wold-style-cast (the header's macros are clean)
// and run under valgrind and ASan/UBSan by tests/c/run.sh.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "error.hpp"
#include "yono.h"

namespace {

int passed = 0, failed = 0;

void check(bool ok, const char *what, int line) {
    if (ok) {
        ++passed;
    } else {
        ++failed;
        std::fprintf(stderr, "test_gui.cpp:%d: CHECK failed: %s (last error: %s: %s)\n", line, what,
                     yono_last_error_code(), yono_last_error_message());
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

struct GameDeleter {
    void operator()(yono_game *g) const noexcept { yono_game_free(g); }
};
using Game = std::unique_ptr<yono_game, GameDeleter>;
struct RecordDeleter {
    void operator()(yono_record *r) const noexcept { yono_record_free(r); }
};
using Record = std::unique_ptr<yono_record, RecordDeleter>;

Game from_sfen(const char *sfen) {
    yono_game *g = nullptr;
    ok(yono_game_from_sfen(sfen, &g));
    return Game(g);
}

Game snapshot(const yono_game *g) {
    yono_game *s = nullptr;
    ok(yono_game_clone(g, &s));
    return Game(s);
}

template <typename F>
std::string read_text(F fn) {
    size_t need = 0;
    ok(fn(nullptr, 0, &need));
    std::string s(need, '\0');
    ok(fn(&s[0], s.size(), nullptr));
    s.resize(need - 1);
    return s;
}

std::vector<yono_move> move_list(const std::function<yono_status(yono_move *, size_t, size_t *)> &fn) {
    size_t n = 0;
    ok(fn(nullptr, 0, &n));
    std::vector<yono_move> v(n);
    ok(fn(v.data(), v.size(), &n));
    return v;
}

struct Click {
    float x, y;
};

class Controller {
  public:
    // The "promotion dialog": how the GUI asks the user. Called only when optional.
    std::function<bool(const yono_move &)> ask_promotion;
    int dialogs = 0;
    yono_move_effect last{};

    Controller(Game game, yono_seat bottom, int pixels) : game_(std::move(game)), bottom_(bottom), pixels_(pixels) {}

    const yono_game *game() const { return game_.get(); }

    Click center_of(uint8_t square) const {
        yono_rect r{};
        ok(yono_svg_square_rect(square, bottom_, &r));
        return to_pixels(r.x + r.width / 2, r.y + r.height / 2);
    }
    Click reserve_of(yono_seat seat, yono_piece_kind kind) const {
        yono_rect r{};
        ok(yono_svg_reserve_rect(seat, kind, bottom_, &r));
        return to_pixels(r.x + 10, r.y + r.height / 2);
    }

    // Returns true when the click played a move.
    bool click(Click c) {
        uint8_t sq = 0;
        yono_seat seat = 0;
        yono_piece_kind kind = 0;
        const float scale = 920.0f / static_cast<float>(pixels_);
        ok(yono_svg_hit_test(c.x * scale, c.y * scale, bottom_, &sq, &seat, &kind));
        if (sq != YONO_SQUARE_NONE && !targets_.empty()) {
            for (const yono_move &t : targets_)
                if (t.to == sq) return play_to(sq);
        }
        clear();
        yono_seat turn = 0;
        ok(yono_game_turn(game(), &turn));
        if (sq != YONO_SQUARE_NONE) {
            targets_ = move_list([&](yono_move *m, size_t cap, size_t *n) {
                return yono_game_moves_from(game(), sq, m, cap, n);
            });
            if (!targets_.empty()) selected_ = sq;
        } else if (kind != YONO_PIECE_NONE && seat == turn) {
            targets_ = move_list([&](yono_move *m, size_t cap, size_t *n) {
                return yono_game_drops_of(game(), kind, m, cap, n);
            });
            if (!targets_.empty()) drop_ = kind;
        }
        return false;
    }

    size_t destination_count() const { return targets_.size(); }
    std::optional<uint8_t> selected() const {
        return selected_ == YONO_SQUARE_NONE ? std::nullopt : std::optional<uint8_t>(selected_);
    }

    void undo() { ok(yono_game_undo(game_.get(), nullptr)); }
    void redo() { ok(yono_game_redo(game_.get(), nullptr)); }

    std::string render() const {
        std::vector<uint8_t> dest;
        for (const yono_move &t : targets_)
            if (std::find(dest.begin(), dest.end(), t.to) == dest.end()) dest.push_back(t.to);
        yono_svg_options o = YONO_SVG_OPTIONS_INIT;
        o.size = static_cast<uint32_t>(pixels_);
        o.orientation = bottom_;
        o.selected = selected_;
        o.destinations = dest.data();
        o.destinations_count = dest.size();
        o.text_as_paths = 1; // an SDL/nanosvg front end draws no text
        return read_text([&](char *b, size_t n, size_t *need) { return yono_game_svg(game(), &o, b, n, need); });
    }

    std::string save() const {
        yono_record *r = nullptr;
        ok(yono_record_from_game(game(), &r));
        Record rec(r);
        ok(yono_record_set_meta(rec.get(), "event", "C++ GUI test"));
        return read_text([&](char *b, size_t n, size_t *need) { return yono_record_save(rec.get(), b, n, need); });
    }

    void load(const std::string &text) {
        yono_record *r = nullptr;
        ok(yono_record_load(text.c_str(), &r, nullptr));
        Record rec(r);
        yono_game *g = nullptr;
        ok(yono_record_to_game(rec.get(), &g));
        game_.reset(g);
        clear();
    }

  private:
    Game game_;
    yono_seat bottom_;
    int pixels_;
    uint8_t selected_ = YONO_SQUARE_NONE;
    yono_piece_kind drop_ = YONO_PIECE_NONE;
    std::vector<yono_move> targets_;

    Click to_pixels(float x, float y) const {
        const float scale = static_cast<float>(pixels_) / 920.0f;
        return Click{x * scale, y * scale};
    }
    void clear() {
        selected_ = YONO_SQUARE_NONE;
        drop_ = YONO_PIECE_NONE;
        targets_.clear();
    }
    bool play_to(uint8_t to) {
        yono_move mv{};
        if (drop_ != YONO_PIECE_NONE) {
            mv = yono_move{YONO_MOVE_DROP, 0, to, 0, drop_};
        } else {
            mv = yono_move{YONO_MOVE_BOARD, selected_, to, 0, 0};
            yono_promotion p = YONO_PROMOTION_NO_MOVE;
            ok(yono_game_promotion_status(game(), selected_, to, &p));
            if (p == YONO_PROMOTION_OPTIONAL) {
                ++dialogs;
                mv.promote = ask_promotion && ask_promotion(mv) ? 1 : 0;
            } else {
                mv.promote = p == YONO_PROMOTION_COMPULSORY ? 1 : 0;
            }
        }
        yono_move_effect preview{};
        ok(yono_game_preview(game(), mv, &preview));
        ok(yono_game_play_described(game_.get(), mv, &last));
        CHECK(std::memcmp(&preview, &last, sizeof last) == 0);
        clear();
        return true;
    }
};

void test_clicks_undo_redo_render() {
    yono_game *start = yono_game_new();
    CHECK(start != nullptr);
    Controller c(Game(start), YONO_SEAT_WEST, 480); // West's view
    CHECK(!c.click(c.center_of(YONO_SQUARE(5, 7))));
    CHECK(c.selected() == YONO_SQUARE(5, 7) && c.destination_count() == 1);
    std::string svg = c.render();
    CHECK(svg.find("class=\"selected\"") != std::string::npos);
    CHECK(svg.find("<circle class=\"destination\"") != std::string::npos);
    CHECK(svg.find(">P</text>") == std::string::npos); // letters as paths
    CHECK(c.click(c.center_of(YONO_SQUARE(5, 6))));
    CHECK(c.last.mover == YONO_SEAT_SOUTH && c.last.next_turn == YONO_SEAT_WEST);
    c.undo();
    c.redo();
    size_t history = 0;
    ok(yono_game_history(c.game(), nullptr, 0, &history));
    CHECK(history == 1);
    try {
        c.redo();
        CHECK(false);
    } catch (const Error &e) {
        CHECK(e.status == YONO_STATUS_NOTHING_TO_UNDO && e.code == "nothing_to_redo");
    }
    // Save and load: the same game comes back.
    std::string text = c.save();
    CHECK(text.find("event: C++ GUI test") != std::string::npos);
    Controller d(Game(yono_game_new()), YONO_SEAT_SOUTH, 640);
    d.load(text);
    CHECK(read_text([&](char *b, size_t n, size_t *need) { return yono_game_text(d.game(), b, n, need); }) ==
          read_text([&](char *b, size_t n, size_t *need) { return yono_game_text(c.game(), b, n, need); }));
}

void test_promotion_dialog_and_drops() {
    for (bool answer : {false, true}) {
        Controller c(from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b - 1"), YONO_SEAT_SOUTH, 640);
        c.ask_promotion = [answer](const yono_move &) { return answer; };
        c.click(c.center_of(YONO_SQUARE(5, 3)));
        CHECK(c.click(c.center_of(YONO_SQUARE(5, 2))));
        CHECK(c.dialogs == 1 && c.last.promotes == (answer ? 1 : 0));
    }
    Controller c(from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), YONO_SEAT_EAST, 640);
    c.click(c.reserve_of(YONO_SEAT_SOUTH, YONO_PIECE_GOLD));
    CHECK(c.destination_count() == 78);
    CHECK(c.click(c.center_of(YONO_SQUARE(5, 2))));
    CHECK(c.last.status == YONO_GAME_WON && c.last.winner == YONO_SEAT_SOUTH && c.last.fallen_count == 1 &&
          c.last.fallen[0] == YONO_SEAT_NORTH && c.dialogs == 0);
    yono_seat_set lost = 0;
    ok(yono_game_lost_seats(c.game(), &lost));
    CHECK(YONO_SEAT_SET_HAS(lost, YONO_SEAT_NORTH) && !YONO_SEAT_SET_HAS(lost, YONO_SEAT_SOUTH));
}

// A GUI that draws the board itself, without the SVG: everything comes from one
// yono_board_snapshot (piece, promotion, facing per square; reserves; who is in), and a
// move's yono_move_effect2 says what to animate (the pieces of a removed seat fade).
struct DrawnPiece {
    std::string symbol; // "K", "+P": what the piece shows
    int angle;          // clockwise turn of an upright piece, with `bottom` at the bottom
};

yono_board_snapshot board_snapshot(const yono_game *g) {
    yono_board_snapshot snap{};
    snap.size = sizeof snap;
    ok(yono_game_board_snapshot(g, &snap));
    return snap;
}

std::vector<std::optional<DrawnPiece>> draw_board(const yono_board_snapshot &snap, yono_seat bottom) {
    std::vector<std::optional<DrawnPiece>> cells(YONO_SQUARE_COUNT);
    for (uint8_t sq = 0; sq < YONO_SQUARE_COUNT; ++sq) {
        const yono_piece_view &v = snap.squares[sq];
        if (v.seat == YONO_SEAT_NONE) continue;
        std::string symbol = read_text([&](char *b, size_t n, size_t *need) {
            return yono_piece_kind_to_text(v.kind, b, n, need);
        });
        cells[sq] = DrawnPiece{symbol, (v.seat + 4 - bottom) % 4 * 90};
    }
    return cells;
}

void test_draw_from_snapshot() {
    // South's Gold on 5a steps back and uncovers West's Rook on 9a, which checkmates
    // North (King 1a, Pawn 1c, a Pawn in reserve): North falls.
    yono_game *g = nullptr;
    ok(yono_game_from_text("wR3sG3nK/9/8nP/9/wK8/9/9/9/4sK3eK s -/-/P/- swne 1", &g));
    Game game(g);
    yono_board_snapshot snap = board_snapshot(game.get());
    auto cells = draw_board(snap, YONO_SEAT_WEST);
    CHECK(cells[YONO_SQUARE(9, 1)] && cells[YONO_SQUARE(9, 1)]->symbol == "R" && cells[YONO_SQUARE(9, 1)]->angle == 0);
    CHECK(cells[YONO_SQUARE(5, 1)]->angle == 270 && cells[YONO_SQUARE(1, 1)]->angle == 90);
    CHECK(snap.squares[YONO_SQUARE(1, 1)].facing == YONO_SEAT_SOUTH);
    CHECK(snap.reserves[YONO_SEAT_NORTH][YONO_PIECE_PAWN - YONO_PIECE_ROOK] == 1);
    CHECK(std::count_if(cells.begin(), cells.end(), [](const auto &c) { return c.has_value(); }) == 7);

    yono_move mv{YONO_MOVE_BOARD, YONO_SQUARE(5, 1), YONO_SQUARE(5, 2), 0, 0};
    yono_move_effect2 fx{};
    fx.size = sizeof fx;
    ok(yono_game_play_effect(game.get(), mv, &fx));
    std::vector<uint8_t> fading;
    for (int r = 0; r < fx.removed_count; ++r)
        for (int i = 0; i < fx.removed[r].piece_count; ++i)
            fading.push_back(fx.removed_pieces[fx.removed[r].first_piece + i].square);
    CHECK((fading == std::vector<uint8_t>{YONO_SQUARE(1, 1), YONO_SQUARE(1, 3)}));
    CHECK(fx.gives_check == 0 && fx.removed[0].seat == YONO_SEAT_NORTH);
    yono_board_snapshot after = board_snapshot(game.get());
    auto drawn = draw_board(after, YONO_SEAT_WEST);
    for (uint8_t sq : fading) CHECK(!drawn[sq]);
    CHECK(!YONO_SEAT_SET_HAS(after.in_game, YONO_SEAT_NORTH) && YONO_SEAT_SET_HAS(after.seats, YONO_SEAT_NORTH));
    CHECK(after.to_move == YONO_SEAT_WEST);

    // Promotion from the GUI's side: the piece a promoting Pawn becomes, and back.
    yono_piece_kind up = YONO_PIECE_NONE, down = YONO_PIECE_NONE;
    ok(yono_piece_kind_promoted(YONO_PIECE_PAWN, &up));
    ok(yono_piece_kind_unpromoted(up, &down));
    CHECK(up == YONO_PIECE_PROMOTED_PAWN && down == YONO_PIECE_PAWN);
}

// The computer player owns the game; the GUI thread only ever sees snapshots.
void test_computer_player_thread() {
    std::mutex lock;
    std::condition_variable changed;
    Game game(yono_game_new());
    Game published;
    bool done = false;
    int plies = 0;
    std::thread player([&] {
        uint64_t seed = 7;
        std::unique_lock<std::mutex> guard(lock);
        while (plies < 100) {
            auto moves = move_list([&](yono_move *m, size_t cap, size_t *n) {
                return yono_game_legal_moves(game.get(), m, cap, n);
            });
            if (moves.empty()) break;
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            ok(yono_game_play(game.get(), moves[(seed >> 33) % moves.size()]));
            ++plies;
            published = snapshot(game.get());
            changed.notify_all();
            changed.wait(guard, [&] { return !published; }); // the GUI took the frame
        }
        done = true;
        changed.notify_all();
    });
    int frames = 0;
    size_t last_history = 0;
    bool in_order = true;
    for (;;) {
        Game frame;
        {
            std::unique_lock<std::mutex> guard(lock);
            changed.wait(guard, [&] { return published || done; });
            frame = std::move(published);
            changed.notify_all();
            if (!frame && done) break;
        }
        // No lock from here: the snapshot is this thread's alone.
        size_t history = 0;
        ok(yono_game_history(frame.get(), nullptr, 0, &history));
        in_order = in_order && history == last_history + 1;
        last_history = history;
        size_t need = 0;
        ok(yono_game_svg(frame.get(), nullptr, nullptr, 0, &need));
        ++frames;
    }
    player.join();
    CHECK(frames == plies && plies > 0 && in_order);
    std::printf("computer player (C++): %d plies, %d frames\n", plies, frames);
}

} // namespace

int main() {
    try {
        test_clicks_undo_redo_render();
        test_promotion_dialog_and_drops();
        test_draw_from_snapshot();
        test_computer_player_thread();
    } catch (const Error &e) {
        std::fprintf(stderr, "unexpected error %s: %s\n", e.code.c_str(), e.what());
        ++failed;
    }
    std::printf("test_gui.cpp: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
