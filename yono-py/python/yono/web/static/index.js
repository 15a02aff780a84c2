// The new-game form: one choice per seat, turned into /new?seats=...&nodes=...
const SEATS = { yono: ["South", "West", "North", "East"], shogi: ["South", "North"] };
const PLAYERS = [["h", "You (this browser)"], ["r", "A friend, by link"], ["e", "Engine"]];
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
  $("seats").value = rows.map((r) => r.querySelector(".who").value).join("");
  $("nodes").value = rows.map((r) => r.querySelector(".strength").value).join(",");
  for (const r of rows) r.querySelector(".strength").hidden = r.querySelector(".who").value !== "e";
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
drawSeats();
loadHelp();
