// Card faces and backs drawn as SVG by our own code (no images are fetched). Part of the page's
// shared module (see dom.js); uses `h`.
// cardSVG(id, pack) -> SVG markup for one card; backSVG() -> a card back. Card ids as in
// cardavia_nb/core/cards.py: Spanish "7O" "12C" "JO1"; French "10S" "QH" "BJ" "RJ";
// Tarot "NC" "T21" "EX". Every card is a 100 x 140 view box that scales to its container.

const W = 100;
const H = 140;

// Suit symbols in a 10 x 10 box (centre 5,5).
const PIPS = {
  // French suits
  S: '<path d="M5 .3C3.6 2.3 .4 4.2 .4 6.4c0 1.5 1.2 2.5 2.4 2.5 .8 0 1.4-.3 1.8-.9L4 10h2l-.6-2c.4.6 1 .9 1.8.9 1.2 0 2.4-1 2.4-2.5C9.6 4.2 6.4 2.3 5 .3z"/>',
  H: '<path d="M5 9.6C3.7 8.1.3 5.7.3 3.2.3 1.6 1.5.5 2.8.5c1 0 1.8.6 2.2 1.4C5.4 1.1 6.2.5 7.2.5c1.3 0 2.5 1.1 2.5 2.7 0 2.5-3.4 4.9-4.7 6.4z"/>',
  D: '<path d="M5 .2 9 5 5 9.8 1 5z"/>',
  C: '<circle cx="5" cy="2.7" r="2.2"/><circle cx="2.5" cy="5.9" r="2.2"/><circle cx="7.5" cy="5.9" r="2.2"/><path d="M4.5 5.5h1L6.3 10H3.7z"/>',
};

// Spanish suits (espadas, bastos, oros, copas).
const SPANISH = {
  E: '<path d="M5 0l1 1.6v6H4v-6z" fill="#dfe7ef" stroke="currentColor" stroke-width=".5"/><path d="M1.8 7.4h6.4v1H1.8z"/><path d="M4.4 8.4h1.2V10H4.4z"/>',
  B: '<path d="M3.3 10l.6-7.6C3.2 1.9 3.4.1 5 .1c1.7 0 1.9 1.6 1.1 2.3L6.7 10z"/><ellipse cx="4.2" cy="4.6" rx=".6" ry=".35" fill="#f3e2b8"/><ellipse cx="5.8" cy="6.8" rx=".6" ry=".35" fill="#f3e2b8"/>',
  O: '<circle cx="5" cy="5" r="4.6"/><circle cx="5" cy="5" r="3.2" fill="none" stroke="#fff3c4" stroke-width=".6"/><circle cx="5" cy="5" r="1.2" fill="#fff3c4"/>',
  C: '<path d="M1.4 .8h7.2C8.6 4.4 6.9 5.9 5.7 6.1v2c1.2.2 2 .6 2.2 1.5H2.1c.2-.9 1-1.3 2.2-1.5v-2C3.1 5.9 1.4 4.4 1.4.8z"/><path d="M2.2 1.6h5.6" stroke="#ffe7a3" stroke-width=".5"/>',
};

// Suit colours come from CSS variables (cardavia.css): the four-colour setting and the dark theme
// change them there; the fallback is the printed colour.
const suitColor = (pack, suit) => `var(--cv-suit-${pack}-${suit})`;

// Pip positions (in card units) for 1 to 10 pips.
const LAYOUT = {
  1: [[50, 70]],
  2: [[50, 35], [50, 105]],
  3: [[50, 32], [50, 70], [50, 108]],
  4: [[32, 35], [68, 35], [32, 105], [68, 105]],
  5: [[32, 35], [68, 35], [50, 70], [32, 105], [68, 105]],
  6: [[32, 35], [68, 35], [32, 70], [68, 70], [32, 105], [68, 105]],
  7: [[32, 35], [68, 35], [50, 52], [32, 70], [68, 70], [32, 105], [68, 105]],
  8: [[32, 32], [68, 32], [50, 50], [32, 70], [68, 70], [50, 90], [32, 108], [68, 108]],
  9: [[32, 30], [68, 30], [32, 56], [68, 56], [50, 70], [32, 84], [68, 84], [32, 110], [68, 110]],
  10: [[32, 30], [68, 30], [50, 44], [32, 58], [68, 58], [32, 82], [68, 82], [50, 96], [32, 110], [68, 110]],
};

const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
  "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"];

function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function symbol(shape, x, y, size, color, flip = false) {
  const s = size / 10;
  const rot = flip ? ` rotate(180 5 5)` : "";
  return `<g transform="translate(${x - size / 2} ${y - size / 2}) scale(${s})${rot}" style="fill:${color};color:${color}">${shape}</g>`;
}

function frame(inner, fill = "#fffdf6") {
  return `<svg class="cv-svg" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">`
    + `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="8" fill="${fill}" stroke="#6b6255" stroke-width="1.2"/>`
    + inner + `</svg>`;
}

let drawn = 0;  // ids for the parts a card repeats by reference

/** `markup` drawn, then drawn again turned half round (the bottom corner) by reference (<use>):
 * the card's text then holds each word once, so that what a checker or a speech tool reads as the
 * card's visible text is the corner, and the card's name starts with it (`cardLabel`). With `hidden`
 * both copies are references and the original stays in <defs> (words that only repeat the corner). */
function turned(markup, hidden = false) {
  const id = `cv-part-${++drawn}`;
  const part = `<g id="${id}">${markup}</g>`;
  const turn = `<use href="#${id}" transform="rotate(180 50 70)"/>`;
  return hidden ? `<defs>${part}</defs><use href="#${id}"/>${turn}` : part + turn;
}

// The shape cue of the four-colour suits: behind each corner index a tab whose texture tells the suit
// without its colour (spades shaded, hearts dotted, diamonds striped, clubs checked). Shown only when
// the root says data-suits="four" (cardavia.css); drawn in the suit's colour.
const CUES = {
  S: () => '<rect x="2.5" y="4.5" width="15" height="29" rx="3" fill="currentColor" opacity=".16"/>',
  H: () => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((row) => [0, 1, 2, 3].map((col) =>
    `<circle cx="${4.6 + col * 3.6 + (row % 2) * 1.8}" cy="${6.3 + row * 2.9}" r=".75" fill="currentColor" opacity=".55"/>`)).join(""),
  D: () => `<path d="${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map((i) => {
    const c = 7 + i * 2.8;  // the stripe x + y = c, cut to the tab
    const x0 = Math.max(2.5, c - 33.5), x1 = Math.min(17.5, c - 4.5);
    return `M${x0} ${c - x0}L${x1} ${c - x1}`;
  }).join("")}" stroke="currentColor" stroke-width=".7" opacity=".5"/>`,
  C: () => `<path d="${[1, 2, 3, 4].map((i) => `M${2.5 + i * 3} 4.5v29`).join("")}${[1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `M2.5 ${4.5 + i * 2.9}h15`).join("")}" stroke="currentColor" stroke-width=".5" opacity=".5"/>`,
};

function cue(suit) {
  return CUES[suit] ? `<g class="cv-suit-cue"><rect x="2.5" y="4.5" width="15" height="29" rx="3" fill="none" stroke="currentColor" stroke-width=".8"/>${CUES[suit]()}</g>` : "";
}

function corners(text, shape, color, suit = "") {
  const font = `font-family="Georgia, 'Times New Roman', serif" font-weight="700" style="fill:${color}"`;
  const size = text.length > 2 ? 12 : 15;
  return turned(`<g style="color:${color}">${cue(suit)}</g>`
    + `<text x="10" y="19" font-size="${size}" text-anchor="middle" ${font}>${esc(text)}</text>`
    + (shape ? symbol(shape, 10, 28, 9, color) : ""));
}

// Court figures, each its own person in a framed panel (22..78 x 30..110): the king crowned and
// bearded in an ermine-trimmed robe with a sceptre, the queen in a tiara and gown with a flower, the
// jack (sota, valet) young in a feathered cap, the knight (caballo, cavalier) a rider on a horse's
// head and mane. The suit colour dresses them; their suit symbol marks the corner of the panel.
const GOLD = "#d9a520";
const SKIN = '<circle cx="50" cy="52" r="7.5" fill="#f4d3ab" stroke="#6b4f33" stroke-width=".7"/>'
  + '<circle cx="47.4" cy="51.5" r=".8" fill="#2d2a26"/><circle cx="52.6" cy="51.5" r=".8" fill="#2d2a26"/>'
  + '<path d="M47.5 55.4q2.5 1.6 5 0" fill="none" stroke="#8a3b2b" stroke-width=".7"/>';

const FIGURES = {
  K: (c) => `<path d="M30 104q2-30 20-40q18 10 20 40z" style="fill:${c}" stroke="#2d2a26" stroke-width=".7"/>`
    + '<path d="M33 104q1-20 17-36q16 16 17 36" fill="none" stroke="#fffdf6" stroke-width="3"/>'
    + [38, 44, 56, 62].map((x, i) => `<circle cx="${x}" cy="${96 - (i % 2) * 10}" r=".9" fill="#2d2a26"/>`).join("")
    + SKIN + '<path d="M43 55q7 12 14 0q-2 7-7 8q-5-1-7-8z" fill="#8a6d4b"/>'
    + `<path d="M41.5 46l2-9 3.5 5 3-7 3 7 3.5-5 2 9z" fill="${GOLD}" stroke="#7a5a00" stroke-width=".7"/>`
    + `<path d="M66 100V60" stroke="#7a5a00" stroke-width="1.6"/><circle cx="66" cy="58" r="2.6" fill="${GOLD}" stroke="#7a5a00" stroke-width=".6"/>`,
  Q: (c) => `<path d="M28 106q6-34 22-42q16 8 22 42z" style="fill:${c}" stroke="#2d2a26" stroke-width=".7"/>`
    + '<path d="M43 66q7 6 14 0" fill="none" stroke="#fffdf6" stroke-width="1.6"/>'
    + '<path d="M41 50q-2 14 3 18h12q5-4 3-18q-3-9-9-9t-9 9z" fill="#6b3f1f"/>' + SKIN
    + `<path d="M42.5 45q7.5-7 15 0l-1.5-5-3 2.5-3-4-3 4-3-2.5z" fill="${GOLD}" stroke="#7a5a00" stroke-width=".6"/>`
    + '<path d="M36 84q-4-10 2-16" stroke="#2f6b3a" stroke-width="1.2" fill="none"/>'
    + '<circle cx="38" cy="67" r="3" fill="#d9485f"/><circle cx="38" cy="67" r="1.1" fill="#f6d36b"/>',
  J: (c) => `<path d="M34 104l3-30q13-8 26 0l3 30z" style="fill:${c}" stroke="#2d2a26" stroke-width=".7"/>`
    + '<path d="M37 84h26" stroke="#fffdf6" stroke-width="2"/><path d="M50 66v38" stroke="#2d2a26" stroke-width=".5" stroke-dasharray="1.5 2"/>'
    + '<path d="M43 50q-1 8 2 10M57 50q1 8-2 10" stroke="#b5813c" stroke-width="2.4" fill="none"/>' + SKIN
    + `<path d="M41 47q9-11 18 0q-9-3-18 0z" style="fill:${c}" stroke="#2d2a26" stroke-width=".6"/>`
    + `<path d="M56 42q9-8 10-16q-6 6-12 13" fill="${GOLD}" stroke="#7a5a00" stroke-width=".5"/>`,
  N: (c) => '<path d="M30 106q0-26 8-38q-6-4-6-11q6 1 10 4q6-10 18-10q10 2 12 14l-6 2q-3-3-6-2q3 14-2 41z" fill="#8d6e63" stroke="#3e2a22" stroke-width=".8"/>'
    + '<path d="M46 51q-10 10-12 36q-2-26 8-38z" fill="#3e2a22"/><circle cx="60" cy="55" r="1.3" fill="#fffdf6"/>'
    + '<path d="M66 63q3 1 5-1" stroke="#3e2a22" stroke-width=".8" fill="none"/>'
    + `<path d="M42 104q-2-18 8-24q12 3 14 24z" style="fill:${c}" stroke="#2d2a26" stroke-width=".7"/>`
    + '<circle cx="53" cy="74" r="5" fill="#f4d3ab" stroke="#6b4f33" stroke-width=".6"/>'
    + `<path d="M47.5 73q5.5-9 11 0z" fill="#9aa3ab" stroke="#2d2a26" stroke-width=".6"/><path d="M58 70q6-5 4-11" stroke="${GOLD}" stroke-width="1.6" fill="none"/>`,
};

function court(kind, shape, color) {
  return `<rect x="22" y="30" width="56" height="80" rx="4" fill="#f7efdc" style="stroke:${color}" stroke-width="1.4"/>`
    + `<rect x="24.5" y="32.5" width="51" height="75" rx="3" fill="none" stroke="${GOLD}" stroke-width=".6"/>`
    + FIGURES[kind](color) + symbol(shape, 31, 40, 11, color);
}

function spanishFace(rank, suit) {
  const color = suitColor("es", suit);
  const shape = SPANISH[suit];
  let body;
  if (rank <= 9) {
    body = LAYOUT[rank].map(([x, y]) => symbol(shape, x, y, rank === 1 ? 52 : 22, color)).join("");
  } else {
    body = court({ 10: "J", 11: "N", 12: "K" }[rank], shape, color);
  }
  const border = `<rect x="5" y="5" width="90" height="130" rx="6" fill="none" style="stroke:${color}" stroke-width=".8" stroke-dasharray="3 2" opacity=".6"/>`;
  return frame(border + corners(String(rank), shape, color) + body);
}

function frenchFace(rank, suit) {
  const color = suitColor("fr", suit);
  const shape = PIPS[suit];
  const n = { A: 1, J: 11, N: 12, Q: 13, K: 14 }[rank] ?? Number(rank);
  let body;
  if (n <= 10) {
    body = LAYOUT[n].map(([x, y], i) => symbol(shape, x, y, n === 1 ? 36 : 15, color, y > 72 && n > 1)).join("");
  } else {
    body = court(rank, shape, color);
  }
  return frame(corners(rank, shape, color, suit) + body);
}

function trumpFace(n) {
  const hue = (n * 17) % 360;
  const band = `<rect x="8" y="8" width="84" height="124" rx="5" fill="hsl(${hue} 45% 92%)" stroke="hsl(${hue} 40% 45%)" stroke-width="1"/>`;
  const stars = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => {
    const a = (i / 8) * Math.PI * 2;
    return `<circle cx="${50 + Math.cos(a) * 24}" cy="${72 + Math.sin(a) * 24}" r="2.2" fill="hsl(${hue} 50% 50%)"/>`;
  }).join("");
  const num = `<text x="50" y="82" font-size="30" text-anchor="middle" font-family="Georgia, serif" font-weight="700" fill="#2d2a26">${n}</text>`;
  const roman = turned(`<text x="50" y="24" font-size="11" text-anchor="middle" font-family="Georgia, serif" fill="#4a4036">${ROMAN[n]}</text>`, true);
  const oudler = n === 1 || n === 21 ? `<circle cx="50" cy="72" r="32" fill="none" stroke="#c08a00" stroke-width="1.6"/>` : "";
  return frame(band + stars + oudler + num + roman);
}

function starFace(label, color, sub) {
  const star = `<path d="M50 40l7 20h21l-17 12 6 21-17-13-17 13 6-21-17-12h21z" fill="${color}" stroke="#2d2a26" stroke-width=".8"/>`;
  const text = `<text x="50" y="118" font-size="12" text-anchor="middle" font-family="Georgia, serif" font-weight="700" fill="${color}" letter-spacing="2">${esc(label)}</text>`;
  const top = `<text x="50" y="26" font-size="10" text-anchor="middle" font-family="Georgia, serif" fill="#4a4036">${esc(sub)}</text>`;
  return frame(star + text + top);
}

/** The SVG markup of a face-up card of `pack` ("spanish", "french" or "tarot"). */
export function cardSVG(id, pack) {
  if (id === "EX") return starFace("EXCUSE", "#6a1b9a", "★");
  if (id === "JO1" || id === "JO2" || id === "BJ") return starFace("JOKER", "#1f1f24", "");
  if (id === "RJ") return starFace("JOKER", "#c62828", "");
  if (pack === "tarot" && /^T\d+$/.test(id)) return trumpFace(Number(id.slice(1)));
  const rank = id.slice(0, -1);
  const suit = id.slice(-1);
  if (pack === "spanish") return spanishFace(Number(rank), suit);
  return frenchFace(rank, suit);
}

/** The SVG markup of a card back: a deep blue field with a fine gold lattice, a double gold
 * frame with corner fleurons, and a medallion with an eight-pointed compass rose and a "C". */
export function backSVG() {
  const lattice = [];
  for (let d = -130; d < 100; d += 7) {
    lattice.push(`M${10 + d} 10l120 120`, `M${90 - d} 10l-120 120`);
  }
  const rose = [0, 45, 90, 135, 180, 225, 270, 315].map((a) =>
    `<path d="M50 70l-3.2-7 3.2-13 3.2 13z" transform="rotate(${a} 50 70)" fill="${a % 90 ? "#b8892a" : "#e9c75a"}"/>`).join("");
  const fleuron = (x, y, r) => `<g transform="translate(${x} ${y}) rotate(${r})"><path d="M0 0q8 1 9 9q-5-2-9-1q1-4 0-8z" fill="#e0b84a"/><circle cx="3" cy="3" r="1.2" fill="#1d3557"/></g>`;
  return frame(`<defs><clipPath id="cv-back-clip"><rect x="9" y="9" width="82" height="122" rx="4"/></clipPath>`
    + `<radialGradient id="cv-back-glow"><stop offset="0" stop-color="#2b4f80"/><stop offset="1" stop-color="#142641"/></radialGradient></defs>`
    + `<rect x="6" y="6" width="88" height="128" rx="5" fill="url(#cv-back-glow)"/>`
    + `<path d="${lattice.join("")}" stroke="#d4a72c" stroke-width=".45" opacity=".55" clip-path="url(#cv-back-clip)"/>`
    + `<rect x="6" y="6" width="88" height="128" rx="5" fill="none" stroke="#d4a72c" stroke-width="1.6"/>`
    + `<rect x="10" y="10" width="80" height="120" rx="3.5" fill="none" stroke="#e9c75a" stroke-width=".6"/>`
    + fleuron(11, 11, 0) + fleuron(89, 11, 90) + fleuron(89, 129, 180) + fleuron(11, 129, 270)
    + `<ellipse cx="50" cy="70" rx="22" ry="26" fill="#142641" stroke="#d4a72c" stroke-width="1.4"/>`
    + `<ellipse cx="50" cy="70" rx="18.5" ry="22.5" fill="none" stroke="#e9c75a" stroke-width=".5"/>`
    + rose + `<circle cx="50" cy="70" r="6.5" fill="#142641" stroke="#e9c75a" stroke-width=".8"/>`
    + `<text x="50" y="73.6" font-size="9.5" text-anchor="middle" font-family="Georgia, serif" font-weight="700" fill="#e9c75a">C</text>`, "#f4efe3");
}

const SIGNS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

/** What a face-up card shows first, as text: its corner index ("7" on a Spanish card, "7♠", "K♥";
 * a Tarot trump's number "12"), or the word on a card without one ("EXCUSE", "JOKER"). */
export function cornerText(id, pack) {
  if (id === "EX") return "EXCUSE";
  if (/^(JO\d|BJ|RJ)$/.test(id)) return "JOKER";
  if (pack === "tarot" && /^T\d+$/.test(id)) return id.slice(1);
  const rank = id.slice(0, -1);
  return pack === "spanish" ? rank : rank + (SIGNS[id.slice(-1)] ?? "");
}

/** A card's accessible name: what its corner shows, then its name in words ("7♠, Seven of spades"),
 * so that the name starts with the card's visible text (WCAG 2.5.3, label in name). */
export function cardLabel(card, pack) {
  return `${cornerText(card.id, pack)}, ${card.name}`;
}

/** An element holding one card: a face-up card when `card` is {id, name}, else a back. */
export function cardElement(card, pack, tag = "div") {
  const el = h(tag, { class: "cv-card" });
  if (card) {
    el.innerHTML = cardSVG(card.id, pack);
    el.dataset.card = card.id;
    const label = cardLabel(card, pack);
    el.setAttribute(tag === "button" ? "aria-label" : "title", label);
    if (tag !== "button") {
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", label);
    }
  } else {
    el.innerHTML = backSVG();
    el.classList.add("cv-back");
  }
  return el;
}
