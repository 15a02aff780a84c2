// The new-game form: one choice per seat, turned into /new?seats=...&nodes=...
const SEATS = { yono: ["South", "West", "North", "East"], shogi: ["South", "North"] };
const PLAYERS = [["h", "You (this browser)"], ["r", "A friend, by link"], ["e", "Engine"]];
// The engine programs the server was started with (--engine-command), as "p:NAME".
let programs = [];
const STRENGTHS = [["1000", "easy"], ["20000", "medium"], ["200000", "strong"]];
const $ = (id) => document.getElementById(id);

function option(value, text, selected) {
  const el = document.createElement("option");
  el.value = value;
  el.textContent = text;
  el.selected = selected;
  return el;
}

function drawSeats() {
  const box = $("seat-choices");
  box.replaceChildren();
  SEATS[$("ruleset").value].forEach((name, i) => {
    const row = document.createElement("div");
    row.className = `seat-choice seat-${name[0].toLowerCase()}`;
    const who = document.createElement("select");
    who.className = "who";
    who.setAttribute("aria-label", `${name} is played by`);
    for (const [v, t] of PLAYERS) who.append(option(v, t, v === (i === 0 ? "h" : "e")));
    for (const name of programs) who.append(option(`p:${name}`, `Engine program ${name}`, false));
    const strength = document.createElement("select");
    strength.className = "strength";
    strength.setAttribute("aria-label", `${name} engine strength`);
    for (const [v, t] of STRENGTHS) strength.append(option(v, t, v === "20000"));
    who.addEventListener("change", update);
    strength.addEventListener("change", update);
    const label = document.createElement("span");
    label.textContent = name;
    row.append(label, who, strength);
    box.append(row);
  });
  update();
}

function update() {
  const rows = [...document.querySelectorAll(".seat-choice")];
  const who = rows.map((r) => r.querySelector(".who").value);
  $("seats").value = who.map((v) => v[0]).join("");
  $("nodes").value = rows.map((r) => r.querySelector(".strength").value).join(",");
  const names = who.map((v) => (v.startsWith("p:") ? v.slice(2) : ""));
  $("engine").value = names.some((n) => n) ? names.join(",") : "";
  $("engine").disabled = !$("engine").value;
  for (const [i, r] of rows.entries()) r.querySelector(".strength").hidden = !"ep".includes(who[i][0]);
}

async function loadHelp() {
  const response = await fetch("/static/help.html");
  if (response.ok) $("help-text").innerHTML = await response.text();
  document.body.dataset.ruleset = $("ruleset").value;
}

$("ruleset").addEventListener("change", () => {
  document.body.dataset.ruleset = $("ruleset").value;
  drawSeats();
});
async function loadPrograms() {
  const response = await fetch("/api/programs");
  if (response.ok) programs = (await response.json()).programs;
  if (programs.length) drawSeats();
}

drawSeats();
loadPrograms();
loadHelp();
