// Browser tests of yono.web in a real headless Chromium (Debian's, driven by
// playwright-core; nothing is downloaded). A server is started with `python -m
// yono.web --port 0` on a fresh database; the tests click squares and reserve slots as a
// person would and wait for what the page shows (never for a length of time).
//
// Environment: YONO_WEB_PYTHON (the interpreter with yono[web]; default python3),
// CHROMIUM (default /usr/bin/chromium), YONO_WEB_SCREENSHOTS (folder for the
// screenshots; default a temporary folder).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const PYTHON = process.env.YONO_WEB_PYTHON || "python3";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const scratch = mkdtempSync(join(tmpdir(), "yono-web-tests-"));
const SHOTS = process.env.YONO_WEB_SCREENSHOTS || join(scratch, "screenshots");
mkdirSync(SHOTS, { recursive: true });
const POSITIONS = JSON.parse(readFileSync(new URL("./positions.json", import.meta.url)));
// An engine program for the server to offer (tests/fake_engine.py: the first legal move).
const FAKE_ENGINE = fileURLToPath(new URL("../tests/fake_engine.py", import.meta.url));
// Waits are for conditions on the page; the limit only turns a hang into a failure.
const WAIT = { timeout: 120_000 };
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let server;
let base;
let browser;

// Starts `python -m yono.web` on the test database; resolves with its address.
function startServer(port = 0) {
  const proc = spawn(
    PYTHON,
    [
      "-m", "yono.web", "--port", String(port), "--db", join(scratch, "games.sqlite3"), "--nodes", "300",
      "--engine-command", `fake='${PYTHON}' '${FAKE_ENGINE}' good`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const address = new Promise((resolve, reject) => {
    let seen = "";
    proc.stdout.on("data", (chunk) => {
      seen += chunk;
      const found = seen.match(/play at (http:\/\/\S+?)\/\s/);
      if (found) resolve(found[1]);
    });
    proc.on("exit", (code) => reject(new Error(`the server exited (${code}): ${seen}`)));
  });
  return { proc, address };
}

async function stopServer(proc) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.on("exit", resolve));
  proc.kill("SIGTERM");
  await exited;
}

before(async () => {
  const started = startServer();
  server = started.proc;
  base = await started.address;
  // headless: playwright adds --headless and a fresh --user-data-dir of its own.
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
});

after(async () => {
  if (browser) await browser.close();
  if (server) await stopServer(server);
  rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
});

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.errors = errors;
  return page;
}

const positionQuery = (name) => `position=${encodeURIComponent(POSITIONS[name].text)}`;

// The box of an element of the library's SVG (a square or a reserve slot). The page
// redraws the whole board at every message from the server (a reconnection brings
// more than one), so the element found may be replaced before it is measured:
// Playwright then gives no box, and the new board's element is measured instead.
async function boxOf(page, id) {
  const locator = page.locator(`#${id}`);
  const deadline = Date.now() + WAIT.timeout;
  let box = await locator.boundingBox(WAIT);
  while (!box && Date.now() < deadline) {
    await page.waitForTimeout(50);
    box = await locator.boundingBox(WAIT);
  }
  assert.ok(box, `#${id} is on the page`);
  return box;
}

// The centre of such an element.
async function centre(page, id) {
  const box = await boxOf(page, id);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

// Clicks where a person would: on the square (its piece may be on top of it).
async function click(page, id) {
  const { x, y } = await centre(page, id);
  await page.mouse.click(x, y);
}

async function waitSelected(page, selected) {
  await page.waitForFunction(
    (s) => document.getElementById("board").dataset.selected === s,
    selected,
    WAIT,
  );
}

async function waitPly(page, ply) {
  await page.waitForFunction((n) => Number(document.body.dataset.ply) >= n, ply, WAIT);
}

async function waitMyTurn(page) {
  await page.waitForSelector('body[data-your-turn="yes"]', WAIT);
}

// Selects a piece and clicks one of its destinations.
async function move(page, from, to) {
  await click(page, `sq-${from}`);
  await waitSelected(page, from);
  await click(page, `sq-${to}`);
}

async function moveTexts(page) {
  return page.locator("#moves li .usi").allTextContents();
}

test("play South against three engines by clicking squares; the engines answer; undo", async () => {
  const page = await newPage();
  await page.goto(`${base}/new?seats=heee`);
  await waitMyTurn(page);
  assert.match(await page.locator("#status").textContent(), /South to move: your move/);
  await page.locator("#help-text p").first().waitFor(WAIT); // the how-to-play panel
  await page.screenshot({ path: join(SHOTS, "start.png") });

  await click(page, "sq-7g");
  await waitSelected(page, "7g");
  assert.equal(await page.locator("#board").getAttribute("data-destinations"), "7f");
  await click(page, "sq-7f");
  await waitPly(page, 4); // West, North and East answered
  await waitMyTurn(page);
  const moves = await moveTexts(page);
  assert.equal(moves[0], "7g7f");
  assert.equal(moves.length, 4);
  assert.deepEqual(await page.locator("#moves li .seat").allTextContents(), ["S", "W", "N", "E"]);
  // The last move is marked on the board and in the list.
  assert.equal(await page.locator("#board svg .last-move").count(), 2);
  assert.equal(await page.locator("#moves li.last .usi").textContent(), moves[3]);

  await page.locator("#undo").click();
  await page.waitForFunction(() => document.body.dataset.ply === "0", null, WAIT);
  assert.equal(await page.locator("#moves li").count(), 0);
  assert.deepEqual(page.errors, []);
});

test("the start page's form: a friend by link for North, a strong engine for East", async () => {
  const page = await newPage();
  await page.goto(`${base}/`);
  await page.locator("#help-text p").first().waitFor(WAIT);
  const rows = page.locator(".seat-choice");
  await rows.nth(2).locator("select.who").selectOption("r");
  await rows.nth(3).locator("select.strength").selectOption("200000");
  await page.locator("#new-game button[type=submit]").click();
  await waitMyTurn(page);
  assert.match(new URL(page.url()).pathname, /^\/game\//);
  await page.locator("#invite-n").waitFor(WAIT);
  assert.match(await page.locator("#seat-e").textContent(), /engine \(200,000 nodes\)/);
  assert.match(await page.locator("#seat-w").textContent(), /engine \(20,000 nodes\)/);
  assert.match(await page.locator("#seat-n").textContent(), /human \(by link\)/);
});

test("the start page offers the server's engine programs: West played by one", async () => {
  const page = await newPage();
  await page.goto(`${base}/`);
  const west = page.locator(".seat-choice").nth(1).locator("select.who");
  await west.locator('option[value="p:fake"]').waitFor({ state: "attached", ...WAIT });
  await west.selectOption("p:fake");
  await page.locator("#new-game button[type=submit]").click();
  await waitMyTurn(page);
  assert.match(await page.locator("#seat-w").textContent(), /engine program fake \(20,000 nodes\)/);
  await move(page, "7g", "7f");
  await waitPly(page, 4);
  await waitMyTurn(page);
  assert.equal(await page.locator("#message").isHidden(), true); // no engine failed
  assert.match(await page.locator("#seat-w").textContent(), /engine program fake/);
  assert.deepEqual(page.errors, []);
});

// The other three seats are played by this page too, with moves that leave South a
// drop (an engine's reply may be a check that no drop answers: the engines' own test
// is the first one).
test("a promotion through the dialog, then a drop from the reserve", async () => {
  const page = await newPage();
  await page.goto(`${base}/new?seats=hhhh&${positionQuery("promotion_and_drop")}`);
  await waitMyTurn(page);

  await move(page, "5d", "5c");
  await page.locator("#promotion").waitFor({ state: "visible", ...WAIT });
  await page.screenshot({ path: join(SHOTS, "promotion.png") });
  await page.locator("#promote-yes").click();
  await waitPly(page, 1);
  assert.equal((await moveTexts(page))[0], "5d5c+");

  await move(page, "7a", "6a"); // West
  await waitPly(page, 2);
  await page.locator("#pass").waitFor({ state: "visible", ...WAIT }); // North's only move
  await page.locator("#pass").click();
  await waitPly(page, 3);
  await move(page, "3e", "4e"); // East
  await waitPly(page, 4);
  await waitMyTurn(page);
  await click(page, "slot-s-G");
  await waitSelected(page, "G*");
  // The drop zone is shaded and the legal squares marked.
  assert.ok((await page.locator("#board svg .drop-zone").count()) > 0);
  const targets = (await page.locator("#board").getAttribute("data-destinations")).split(" ");
  assert.ok(targets.length > 0);
  await page.screenshot({ path: join(SHOTS, "drop.png") });
  const to = targets.includes("6f") ? "6f" : targets[0];
  await click(page, `sq-${to}`);
  await waitPly(page, 5);
  assert.equal((await moveTexts(page))[4], `G*${to}`);
  assert.deepEqual(page.errors, []);
});

// Keyboard only: Tab to the board, then move its cursor as a sighted keyboard user
// would, pressing the arrow towards the square they look at.
async function tabToBoard(page) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.id === "board")) return;
  }
  assert.fail("Tab never reached the board");
}

async function cursorTo(page, square) {
  for (let i = 0; i < 40; i++) {
    const at = await page.locator("#board").getAttribute("data-cursor");
    if (at === square) return;
    const a = await centre(page, `sq-${at}`);
    const b = await centre(page, `sq-${square}`);
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const key = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "ArrowRight" : "ArrowLeft") : dy > 0 ? "ArrowDown" : "ArrowUp";
    await page.keyboard.press(key);
  }
  assert.fail(`the cursor never reached ${square}`);
}

const announced = (page) => page.locator("#announce").textContent();

test("keyboard only: a drop from the reserve and a move, each announced in words", async () => {
  const page = await newPage();
  await page.goto(`${base}/new?seats=hhhh&${positionQuery("promotion_and_drop")}`);
  await waitMyTurn(page);
  await tabToBoard(page);
  assert.equal(await page.locator("#announce").getAttribute("aria-live"), "polite");
  // The cursor starts on the King of the seat to move.
  assert.match(await announced(page), /^Board\. 5i: South King \(yours\)\. Arrow keys move/);

  await page.keyboard.press("g"); // the Gold from South's reserve
  await waitSelected(page, "G*");
  assert.match(await announced(page), /^Gold from your reserve selected: 21 squares to go to: 6a, /);
  await cursorTo(page, "6f");
  assert.equal(await announced(page), "6f: empty, you can drop here: Enter");
  await page.screenshot({ path: join(SHOTS, "keyboard.png") });
  await page.keyboard.press("Enter");
  await waitPly(page, 1);
  assert.equal((await moveTexts(page))[0], "G*6f");
  assert.match(await announced(page), /^South played G\*6f\. West to move: your move\./);

  // West to move: the board is drawn from West now; the arrows follow the picture.
  await cursorTo(page, "7e");
  assert.match(await announced(page), /^7e: West Pawn \(yours\)$/);
  await page.keyboard.press("Enter");
  await waitSelected(page, "7e");
  assert.equal(await page.locator("#board").getAttribute("data-destinations"), "6e");
  assert.match(await announced(page), /^West Pawn on 7e selected: 1 square to go to: 6e\./);
  await page.keyboard.press("Escape"); // cancels; Enter selects again
  await waitSelected(page, "");
  assert.equal(await announced(page), "Selection cancelled.");
  await page.keyboard.press("Enter");
  await waitSelected(page, "7e");
  await cursorTo(page, "6e");
  assert.equal(await announced(page), "6e: empty, you can move here: Enter");
  await page.keyboard.press("Enter");
  await waitPly(page, 2);
  assert.equal((await moveTexts(page))[1], "7e6e");

  await page.keyboard.press("r"); // North holds no Rook
  assert.equal(await announced(page), "You hold no Rook in your reserve.");
  assert.equal(await page.locator("#board").getAttribute("data-selected"), "");

  // Replay from the move list: one Tab stop (the last move), arrows, Enter.
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.closest("#moves") !== null)) break;
  }
  assert.equal(await page.evaluate(() => document.activeElement.dataset.ply), "2");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await page.waitForSelector('body[data-viewing="1"]', WAIT);
  assert.equal(await announced(page), "Showing the board after move 1 of 2: South G*6f.");
  assert.deepEqual(page.errors, []);
});

test("on a phone: a tap lets West attack North's King, and North falls", async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto(`${base}/new?seats=heee&${positionQuery("north_falls")}`);
  await waitMyTurn(page);
  // Nothing sticks out sideways at phone width, and the squares are large enough to tap
  // (the side panels are left out of the picture there).
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  for (const corner of ["9a", "1a", "9i", "1i"]) {
    const box = await boxOf(page, `sq-${corner}`);
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `${corner} is on the screen`);
    assert.ok(box.width >= 36, `${corner} is ${box.width} pixels wide`);
  }
  const tap = async (id) => {
    const { x, y } = await centre(page, id);
    await page.touchscreen.tap(x, y);
  };
  await tap("sq-7a");
  await waitSelected(page, "7a");
  await tap("sq-7b");
  await page.locator("#seat-n.out").waitFor(WAIT);
  assert.match(await page.locator("#seat-n").textContent(), /out, score 0/);
  assert.match(await page.locator("#moves li").first().textContent(), /North falls \(0\)/);
  await waitPly(page, 2); // and the engines play on
  assert.match(await page.locator("#status").textContent(), /Out: North \(0\)/);
  await page.screenshot({ path: join(SHOTS, "phone.png") });
  assert.deepEqual(page.errors, []);
});

test("the last two seats: South checks, West may only pass, and the game ends", async () => {
  const page = await newPage();
  await page.goto(`${base}/new?seats=hhee&${positionQuery("last_two")}`);
  await waitMyTurn(page);
  assert.ok(await page.locator("#pass").isHidden()); // South has moves: no pass offered
  await move(page, "7c", "8b");
  await waitPly(page, 1);
  await page.locator("#pass").waitFor({ state: "visible", ...WAIT }); // West's only move
  assert.match(await page.locator("#status").textContent(), /West is in check by South/);
  assert.match(await page.locator("#seat-w").textContent(), /in check by South/);
  await page.locator("#pass").click();
  await page.waitForSelector('body[data-over="yes"]', WAIT);
  assert.match(await page.locator("#status").textContent(), /Game over: South wins/);
  assert.deepEqual(await page.locator("#placing li").allTextContents(), [
    "1. South: 3",
    "2. West: 2",
    "3. East: 1",
    "4. North: 0",
  ]);
  assert.deepEqual(await moveTexts(page), ["7c8b", "pass"]);
  await page.screenshot({ path: join(SHOTS, "finished.png") });

  // Replay: back to the start, then forward again.
  await page.locator("#replay-first").click();
  await page.waitForSelector('#board[data-viewing="0"]', WAIT);
  await page.locator("#replay-forward").click();
  await page.waitForSelector('#board[data-viewing="1"]', WAIT);
  await page.locator("#replay-live").click();
  await page.waitForSelector('#board[data-viewing=""]', WAIT);
  assert.deepEqual(page.errors, []);
});

test("two browsers, two humans, a spectator; one page reloads mid-game and plays on", async () => {
  const south = await newPage();
  await south.goto(`${base}/new?ruleset=shogi&seats=hr`);
  await waitMyTurn(south);
  const invite = await south.locator("#invite-n").getAttribute("href");
  const watchLink = await south.locator("#spectate").getAttribute("href");
  const north = await newPage(); // a context of its own: another browser
  await north.goto(invite);
  await north.waitForSelector('body[data-your-turn="no"]', WAIT);
  const watcher = await newPage();
  await watcher.goto(`${base}${watchLink}`);
  await watcher.waitForSelector("#board svg", WAIT);

  // North sees the board from its own side: rank i at the top.
  const top = (await centre(north, "sq-5i")).y;
  const bottom = (await centre(north, "sq-5a")).y;
  assert.ok(top < bottom, "North's board is turned");

  await move(south, "7g", "7f");
  await waitPly(north, 1);
  await waitMyTurn(north);
  await waitPly(watcher, 1);
  assert.deepEqual(await moveTexts(watcher), ["7g7f"]);

  // Clicking out of turn moves nothing and says why.
  await click(south, "sq-2g");
  await south.locator("#message").waitFor({ state: "visible", ...WAIT });
  assert.match(await south.locator("#message").textContent(), /North's move/);

  await move(north, "3c", "3d");
  await waitPly(south, 2);
  await move(south, "2g", "2f");
  await waitPly(north, 3);

  await north.reload();
  await waitMyTurn(north);
  assert.equal(await north.locator("#moves li").count(), 3);
  await move(north, "8c", "8d");
  await waitPly(south, 4);
  await waitPly(watcher, 4);
  assert.deepEqual(await moveTexts(south), ["7g7f", "3c3d", "2g2f", "8c8d"]);
  assert.deepEqual(await moveTexts(watcher), ["7g7f", "3c3d", "2g2f", "8c8d"]);
  assert.equal(await watcher.locator("body").getAttribute("data-your-turn"), "no");
  for (const page of [south, north, watcher]) assert.deepEqual(page.errors, []);
});

test("the games list links each game's records and resumes this browser's seats", async () => {
  const page = await newPage();
  await page.goto(`${base}/new?seats=heee`);
  await waitMyTurn(page);
  const id = new URL(page.url()).pathname.split("/").pop();
  await page.goto(`${base}/games`);
  const row = page.locator(`#games tr[data-game="${id}"]`);
  const record = await row.locator("a", { hasText: "record" }).getAttribute("href");
  const response = await page.request.get(`${base}${record}`);
  assert.equal(response.status(), 200);
  assert.match(await response.text(), /^format: yono-record 1/);
  // The seat link's token stayed in this browser, which can resume the seat.
  await row.locator(".resume-link").click();
  await waitMyTurn(page);
  assert.equal(new URL(page.url()).pathname, `/game/${id}`);
});

test("the server restarts mid-game: the page reconnects by itself to its seat", async () => {
  const page = await newPage();
  await page.goto(`${base}/new?seats=heee`);
  await waitMyTurn(page);
  await move(page, "5g", "5f");
  await waitPly(page, 4);
  await waitMyTurn(page);

  const port = new URL(base).port;
  await stopServer(server);
  await page.waitForSelector('body[data-connected="no"]', WAIT);
  assert.match(await page.locator("#status").textContent(), /Connection lost/);
  const restarted = startServer(port); // the same address and database
  server = restarted.proc;
  assert.equal(await restarted.address, base);

  await page.waitForSelector('body[data-connected="yes"]', WAIT);
  await waitMyTurn(page);
  assert.equal((await moveTexts(page)).length, 4);
  await move(page, "5f", "5e");
  await waitPly(page, 8);
  assert.equal((await moveTexts(page))[4], "5f5e");
  assert.deepEqual(page.errors, []);
});
