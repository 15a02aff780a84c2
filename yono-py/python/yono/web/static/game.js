// The game page. It shows what the server sends and asks the server for everything
// else: the destinations of a piece, whether a promotion is optional, and every move
// (the server checks each one with the library). The board is the library's SVG; its
// ids (sq-5e, piece-5e, slot-s-P, reserve-s-P) tell which square or reserve slot was
// clicked.

const $ = (id) => document.getElementById(id);
const SEAT_NAMES = { s: "South", w: "West", n: "North", e: "East" };
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
if (token) localStorage.setItem(`yono-web:${gameId}`, token);

let socket = null;
let retries = 0;
let state = null; // the last "state" message
let selection = null; // the last "selection" message, while a piece is chosen
let viewing = null; // the ply shown while replaying, null when live
let orientation = null; // the seat the page was turned to, null: the server's choice
let promotionChoice = null; // {from, to} while the promotion dialog is open
let cursor = null; // the square under the keyboard cursor (e.g. "5e"), once the board had focus
const PIECE_NAMES = { P: "Pawn", L: "Lance", N: "Knight", S: "Silver", G: "Gold", B: "Bishop", R: "Rook", K: "King" };

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else say("Not connected: reconnecting…");
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(gameId)}`);
  socket.addEventListener("open", () => {
    retries = 0;
    document.body.dataset.connected = "yes";
    send({ type: "hello", token });
    if (orientation) send({ type: "orient", seat: orientation });
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    document.body.dataset.connected = "no";
    $("status").textContent = "Connection lost: reconnecting…";
    const wait = Math.min(5000, 250 * 2 ** retries++);
    setTimeout(connect, wait);
  });
}

function receive(message) {
  if (message.type === "state") {
    const moved = state && message.ply !== state.ply;
    // A state at the same ply (someone joined or left, a reconnection) keeps the
    // player's selection: it is asked for again, to be drawn on the new board.
    const reselect = !moved && message.your_turn && selection && !promotionChoice ? selection.selected : null;
    state = message;
    selection = null;
    closePromotion();
    if (viewing !== null && viewing >= state.ply) viewing = null;
    render();
    if (moved) announceLastMove();
    if (reselect) {
      send(reselect.endsWith("*") ? { type: "select", reserve: reselect[0] } : { type: "select", square: reselect });
    }
  } else if (message.type === "selection") {
    if (!state || message.ply !== state.ply || viewing !== null) return; // stale
    selection = message.selected ? message : null;
    showBoard(message.svg);
    announceSelection(message);
  } else if (message.type === "view") {
    if (!state) return;
    viewing = message.ply >= message.of ? null : message.ply;
    selection = null;
    showBoard(message.svg);
    renderReplay();
    const shown = state.moves[message.ply - 1];
    announce(
      message.ply === 0 || !shown
        ? "Showing the start."
        : `Showing the board after move ${message.ply} of ${message.of}: ${SEAT_NAMES[shown.seat]} ${shown.usi}.`,
    );
  } else if (message.type === "error") {
    say(message.message);
    if (selection) clearSelection();
  }
}

function say(text) {
  const box = $("message");
  box.textContent = text;
  box.hidden = !text;
}

// On a narrow screen the side panels are left out of the picture (the seat list says
// what they hold), so that the squares stay large enough to tap: the picture keeps the
// columns of the board and its coordinates (the server reads them from the library's
// geometry), with the panels above and below it.
const narrow = window.matchMedia("(max-width: 600px)");

function fitBoard() {
  const svg = $("board").querySelector("svg");
  if (!svg || !state) return;
  if (!svg.dataset.viewBox) svg.dataset.viewBox = svg.getAttribute("viewBox");
  const [, top, , height] = svg.dataset.viewBox.split(/[\s,]+/).map(Number);
  const [left, width] = state.narrow_columns;
  svg.setAttribute("viewBox", narrow.matches ? `${left} ${top} ${width} ${height}` : svg.dataset.viewBox);
}
narrow.addEventListener("change", fitBoard);

function showBoard(svg) {
  const board = $("board");
  board.innerHTML = svg;
  fitBoard();
  board.dataset.selected = selection ? selection.selected : "";
  board.dataset.destinations = selection ? selection.destinations.map((d) => d.to).join(" ") : "";
  board.dataset.viewing = viewing === null ? "" : String(viewing);
  drawCursor();
}

function render() {
  const body = document.body.dataset;
  body.ruleset = state.ruleset;
  body.turn = state.turn;
  body.ply = String(state.ply);
  body.yourTurn = state.your_turn ? "yes" : "no";
  body.over = state.over ? "yes" : "no";
  body.thinking = state.thinking ? "yes" : "no";
  document.title = `${state.over ? "Game over" : SEAT_NAMES[state.turn] + " to move"} · Yo[n]o Shogi`;
  $("status").textContent = state.status;
  if (viewing === null) showBoard(state.svg);
  renderSeats();
  renderMoves();
  renderResult();
  renderInvites();
  $("pass").hidden = !state.pass_only;
  $("undo").hidden = !state.can_undo;
  const base = `/games/${encodeURIComponent(gameId)}`;
  $("record-txt").href = `${base}/record.txt`;
  $("record-json").href = `${base}/record.json`;
  const program = (s) => (s.program && !s.program_failed ? s.program : "");
  const letters = state.seats
    .map((s) => (s.kind === "engine" ? (program(s) ? "p" : "e") : s.yours ? "h" : "r"))
    .join("");
  const names = state.seats.map(program);
  const engine = names.some((n) => n) ? `&engine=${encodeURIComponent(names.join(","))}` : "";
  $("continue").href = `/new?from=${encodeURIComponent(gameId)}&seats=${letters}${engine}`;
  $("spectate").href = `/game/${encodeURIComponent(gameId)}`;
  $("spectate").textContent = `${location.origin}/game/${gameId}`;
  renderReplay();
}

function element(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function renderSeats() {
  const list = $("seats");
  list.replaceChildren();
  for (const seat of state.seats) {
    const li = element("li", `seat seat-${seat.seat}`);
    li.id = `seat-${seat.seat}`;
    li.append(element("span", "dot"), element("b", "", seat.name), " ");
    li.append(element("span", "player", seat.yours ? "you" : seat.player));
    const notes = [];
    if (seat.reserve) notes.push(`holds ${seat.reserve}`);
    if (seat.out) notes.push(`out, score ${seat.score}`);
    else if (state.over && seat.score !== null) notes.push(`score ${seat.score}`);
    if (!state.over && seat.seat === state.turn) notes.push(state.thinking ? "thinking…" : "to move");
    if (seat.in_check_by.length) notes.push(`in check by ${seat.in_check_by.map((s) => SEAT_NAMES[s]).join(" and ")}`);
    if (seat.kind === "human" && !seat.connected && !seat.out) notes.push("not connected");
    if (notes.length) li.append(" ", element("span", "note", notes.join(" · ")));
    li.classList.toggle("to-move", !state.over && seat.seat === state.turn);
    li.classList.toggle("out", seat.out);
    li.classList.toggle("in-check", seat.in_check_by.length > 0);
    list.append(li);
  }
}

// The move list is one Tab stop: the up and down arrows (Home, End) go from move to
// move, Enter or Space shows the board after the move with the focus.
function renderMoves() {
  const list = $("moves");
  const focused = list.contains(document.activeElement) ? document.activeElement.dataset.ply : null;
  list.replaceChildren();
  for (const move of state.moves) {
    const li = element("li", `move seat-${move.seat}`);
    li.dataset.ply = String(move.ply);
    li.tabIndex = -1;
    li.append(element("span", "seat", move.seat.toUpperCase()), " ", element("span", "usi", move.usi));
    if (move.note) li.append(" ", element("span", "note", move.note));
    li.title = "Show the board after this move";
    li.addEventListener("click", () => send({ type: "view", ply: move.ply }));
    list.append(li);
  }
  if (list.lastElementChild) {
    list.lastElementChild.classList.add("last");
    list.lastElementChild.tabIndex = 0;
  }
  list.scrollTop = list.scrollHeight;
  const again = focused && list.querySelector(`li[data-ply="${focused}"]`);
  if (again) focusMove(again);
}

function focusMove(li) {
  for (const other of $("moves").children) other.tabIndex = other === li ? 0 : -1;
  li.focus();
}

$("moves").addEventListener("keydown", (event) => {
  const li = event.target.closest("li");
  if (!li) return;
  const items = [...$("moves").children];
  const at = items.indexOf(li);
  const to = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: items.length - 1 }[event.key];
  if (to !== undefined) {
    event.preventDefault();
    if (items[to]) focusMove(items[to]);
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    send({ type: "view", ply: Number(li.dataset.ply) });
  }
});

function renderResult() {
  $("result").hidden = !state.over;
  const list = $("placing");
  list.replaceChildren();
  for (const p of state.placing) {
    const li = element("li", `seat-${p.seat}`, `${p.place}. ${SEAT_NAMES[p.seat]}: ${p.score}`);
    list.append(li);
  }
}

function renderInvites() {
  const invites = state.invites || [];
  $("invites").hidden = invites.length === 0;
  const list = $("invite-list");
  list.replaceChildren();
  for (const invite of invites) {
    const url = `${location.origin}/game/${encodeURIComponent(gameId)}#token=${invite.token}`;
    const li = element("li", `seat-${invite.seat}`);
    const link = element("a", "invite", url);
    link.id = `invite-${invite.seat}`;
    link.href = url;
    link.target = "_blank";
    li.append(element("b", "", `${invite.name}: `), link);
    list.append(li);
  }
}

function renderReplay() {
  const total = state ? state.ply : 0;
  const shown = viewing === null ? total : viewing;
  $("replay-label").textContent = viewing === null ? `move ${total} (live)` : `replaying: after move ${shown} of ${total}`;
  $("replay-first").disabled = shown === 0;
  $("replay-back").disabled = shown === 0;
  $("replay-forward").disabled = viewing === null;
  $("replay-live").disabled = viewing === null;
  document.body.dataset.viewing = viewing === null ? "" : String(viewing);
  for (const li of $("moves").children) li.classList.toggle("shown", Number(li.dataset.ply) === shown);
}

// Which square or reserve slot is under a point: the topmost element with one of the
// library's ids (highlight shapes drawn above the squares have none and are skipped).
function hitAt(x, y) {
  for (let el of document.elementsFromPoint(x, y)) {
    for (; el && el !== document.body; el = el.parentElement) {
      const id = el.id || "";
      let m = id.match(/^(?:sq|piece)-([1-9][a-i])$/);
      if (m) return { square: m[1] };
      m = id.match(/^(?:slot|reserve)-([swne])-([RBGSNLP])$/);
      if (m) return { reserve: { seat: m[1], kind: m[2] } };
    }
  }
  return null;
}

function clearSelection() {
  selection = null;
  if (state && viewing === null) showBoard(state.svg);
}

function play(usi) {
  send({ type: "move", move: usi, ply: state.ply });
}

function choose(dest) {
  const from = selection.selected;
  if (from.endsWith("*")) return play(`${from}${dest.to}`); // a drop: "G*" + "5e"
  if (dest.promotion === "optional") return openPromotion(from, dest.to);
  play(`${from}${dest.to}${dest.promotion === "compulsory" ? "+" : ""}`);
}

function openPromotion(from, to) {
  promotionChoice = { from, to };
  $("promotion").hidden = false;
  $("promote-yes").focus();
}

function closePromotion() {
  promotionChoice = null;
  $("promotion").hidden = true;
}

function onBoardClick(event) {
  if (!state || viewing !== null || promotionChoice) return;
  act(hitAt(event.clientX, event.clientY));
}

// What a click (or Enter on the keyboard cursor) on a square or reserve slot does.
function act(hit) {
  if (!state.your_turn) {
    if (hit && !state.over && state.your_seats.length) say(`It is ${SEAT_NAMES[state.turn]}'s move.`);
    return;
  }
  say("");
  if (!hit) return clearSelection();
  if (selection && hit.square) {
    const dest = selection.destinations.find((d) => d.to === hit.square);
    if (dest) return choose(dest);
    if (hit.square === selection.selected) {
      announce("Selection cancelled.");
      return clearSelection();
    }
  }
  if (hit.square) send({ type: "select", square: hit.square });
  else if (hit.reserve.seat === state.turn) send({ type: "select", reserve: hit.reserve.kind });
  else clearSelection();
}

function nextOrientation() {
  const seats = state.seats.map((s) => s.seat);
  const now = orientation || state.orientation;
  orientation = seats[(seats.indexOf(now) + 1) % seats.length];
  send({ type: "orient", seat: orientation });
}

function step(delta) {
  const shown = viewing === null ? state.ply : viewing;
  const ply = Math.max(0, Math.min(state.ply, shown + delta));
  send({ type: "view", ply });
}

async function loadHelp() {
  const response = await fetch("/static/help.html");
  if (response.ok) $("help-text").innerHTML = await response.text();
}

// ----- Keyboard play: the arrow keys move a cursor over the squares as they are drawn
// (whatever the board's orientation), Enter or Space acts on the square under it as a
// click would, a piece letter (P L N S G B R) takes that piece from your reserve, Escape
// cancels. #announce (aria-live) says in words what the cursor is on and what happened.

function announce(text) {
  $("announce").textContent = text;
}

function squareName(square) {
  return `${square[0]}${square[1]}`;
}

// "South Pawn (yours)", "West promoted Silver", or "empty": from the piece's <title>
// in the library's picture ("sP 5e", "s+S 5e").
function pieceAt(square) {
  const title = $("board").querySelector(`#piece-${square} title`);
  const m = title && title.textContent.match(/^([swne])(\+?)([A-Z])/);
  if (!m) return "empty";
  const name = `${SEAT_NAMES[m[1]]} ${m[2] ? "promoted " : ""}${PIECE_NAMES[m[3]] || m[3]}`;
  return state && state.your_seats.includes(m[1]) ? `${name} (yours)` : name;
}

function describeSquare(square) {
  let text = `${squareName(square)}: ${pieceAt(square)}`;
  if (selection) {
    const dest = selection.destinations.find((d) => d.to === square);
    if (selection.selected === square) text += ", selected (Enter again or Escape to cancel)";
    else if (dest) {
      const drop = selection.selected.endsWith("*");
      text += drop ? ", you can drop here: Enter" : ", you can move here: Enter";
      if (dest.promotion === "optional") text += " (you may promote)";
      if (dest.promotion === "compulsory") text += " (it promotes)";
    }
  }
  return text;
}

function selectionName(selected) {
  if (selected.endsWith("*")) return `${PIECE_NAMES[selected[0]]} from your reserve`;
  return `${pieceAt(selected).replace(/ \(yours\)$/, "")} on ${selected}`;
}

function announceSelection(message) {
  if (!message.selected) return announce("That piece has no move.");
  const targets = message.destinations.map((d) => d.to);
  const where = targets.length > 12 ? `${targets.slice(0, 12).join(", ")} and ${targets.length - 12} more` : targets.join(", ");
  announce(
    `${selectionName(message.selected)} selected: ${targets.length} square${targets.length === 1 ? "" : "s"}` +
      ` to go to: ${where}. Move the cursor there and press Enter; Escape cancels.`,
  );
}

function announceLastMove() {
  const last = state.moves[state.moves.length - 1];
  if (!last) return announce("Back to the start.");
  const note = last.note ? ` (${last.note})` : "";
  announce(`${SEAT_NAMES[last.seat]} played ${last.usi}${note}. ${state.status}`);
}

function drawCursor() {
  const board = $("board");
  board.dataset.cursor = cursor || "";
  for (const el of board.querySelectorAll(".cursor")) el.classList.remove("cursor");
  if (cursor) {
    const el = board.querySelector(`#sq-${cursor}`);
    if (el) el.classList.add("cursor");
  }
}

function centreOf(el) {
  const box = el.getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, size: Math.max(box.width, box.height) };
}

// The nearest square on screen from the cursor in a direction (dx, dy), if any.
function neighbour(square, dx, dy) {
  const board = $("board");
  const here = board.querySelector(`#sq-${square}`);
  if (!here) return square;
  const from = centreOf(here);
  let best = square;
  let bestDistance = Infinity;
  for (const el of board.querySelectorAll('[id^="sq-"]')) {
    const to = centreOf(el);
    const along = (to.x - from.x) * dx + (to.y - from.y) * dy;
    const across = Math.abs((to.x - from.x) * dy - (to.y - from.y) * dx);
    if (along > from.size / 2 && across < from.size / 2 && along < bestDistance) {
      best = el.id.slice(3);
      bestDistance = along;
    }
  }
  return best;
}

// Where the cursor starts: the selected piece, else the King of the seat to move, else 5e.
function startingSquare() {
  if (selection && !selection.selected.endsWith("*")) return selection.selected;
  for (const title of $("board").querySelectorAll('[id^="piece-"] title')) {
    if (state && title.textContent.startsWith(`${state.turn}K `)) return title.parentElement.id.slice(6);
  }
  return "5e";
}

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function onBoardKey(event) {
  if (!state || event.ctrlKey || event.altKey || event.metaKey) return;
  if (event.key in ARROWS) {
    event.preventDefault();
    const [dx, dy] = ARROWS[event.key];
    cursor = cursor ? neighbour(cursor, dx, dy) : startingSquare();
    drawCursor();
    announce(describeSquare(cursor));
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    if (!cursor) {
      cursor = startingSquare();
      drawCursor();
      return announce(describeSquare(cursor));
    }
    if (viewing !== null || promotionChoice) return;
    act({ square: cursor });
  } else if (/^[plnsgbr]$/i.test(event.key)) {
    if (viewing !== null || promotionChoice) return;
    const kind = event.key.toUpperCase();
    if (!state.your_turn) return act({ reserve: { seat: state.turn, kind } }); // says whose move it is
    if (!$("board").querySelector(`#reserve-${state.turn}-${kind}`)) {
      return announce(`You hold no ${PIECE_NAMES[kind]} in your reserve.`);
    }
    event.preventDefault();
    act({ reserve: { seat: state.turn, kind } });
  }
}

$("board").addEventListener("focus", () => {
  if (!state) return;
  if (!cursor) cursor = startingSquare();
  drawCursor();
  announce(`Board. ${describeSquare(cursor)}. Arrow keys move, Enter selects and moves, a piece letter takes it from your reserve, Escape cancels.`);
});
$("board").addEventListener("keydown", onBoardKey);
$("board").addEventListener("click", onBoardClick);
$("pass").addEventListener("click", () => play("pass"));
$("undo").addEventListener("click", () => send({ type: "undo" }));
$("flip").addEventListener("click", nextOrientation);
$("promote-yes").addEventListener("click", () => {
  const { from, to } = promotionChoice;
  closePromotion();
  $("board").focus();
  play(`${from}${to}+`);
});
$("promote-no").addEventListener("click", () => {
  const { from, to } = promotionChoice;
  closePromotion();
  $("board").focus();
  play(`${from}${to}`);
});
$("promote-cancel").addEventListener("click", () => {
  closePromotion();
  clearSelection();
  $("board").focus();
  announce("Move cancelled.");
});
$("replay-first").addEventListener("click", () => send({ type: "view", ply: 0 }));
$("replay-back").addEventListener("click", () => step(-1));
$("replay-forward").addEventListener("click", () => step(1));
$("replay-live").addEventListener("click", () => {
  viewing = null;
  if (state) render();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") {
    const had = selection || promotionChoice;
    if (promotionChoice) {
      closePromotion();
      $("board").focus();
    }
    clearSelection();
    if (had) announce("Selection cancelled.");
  }
});
loadHelp();
connect();
