// The games list: offers "resume your seat" for the games this browser holds a seat
// link for (the links' tokens stay in this browser's storage, never in the list).
for (const row of document.querySelectorAll("tr[data-game]")) {
  const id = row.dataset.game;
  const token = localStorage.getItem(`yono-web:${id}`);
  if (!token) continue;
  const link = document.createElement("a");
  link.href = `/game/${encodeURIComponent(id)}#token=${encodeURIComponent(token)}`;
  link.textContent = "resume your seat";
  link.className = "resume-link";
  row.querySelector(".resume").append(link);
}
